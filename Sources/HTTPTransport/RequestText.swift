/// Strict text out of a request's bytes: the path and the query arguments must be UTF-8 without a
/// NUL once percent-decoded, or the request is refused before any handler sees it.
///
/// Decoding leniently (`String(decoding:as:)`) would turn `%FF` into `�` and a NUL would cut a C
/// string short, so `/api/library/9780439554930%00junk` would reach the handler as
/// `/api/library/9780439554930`.
enum RequestText {
  /// The percent-decoded path of a raw request target (`/books/%EC%B1%85?x=1` → `/books/책`), or
  /// `nil` when it decodes to a NUL or to bytes that are not UTF-8.
  ///
  /// Decodes as libmicrohttpd does: `%` and two hex digits is a byte, anything else is kept as it is
  /// (`100%` stays `100%`), and `+` is not a space in a path.
  static func path(ofTarget target: [UInt8]) -> String? {
    let end = target.firstIndex(of: UInt8(ascii: "?")) ?? target.endIndex
    var bytes: [UInt8] = []
    bytes.reserveCapacity(end)
    var index = 0
    while index < end {
      let byte = target[index]
      if byte == UInt8(ascii: "%"), index + 2 < end,
        let high = hexValue(target[index + 1]), let low = hexValue(target[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 3
      } else {
        bytes.append(byte)
        index += 1
      }
    }
    return text(bytes[...])
  }

  /// The bytes as a string when they are UTF-8 (shortest forms only, no surrogates) without a NUL.
  static func text(_ bytes: some Collection<UInt8>) -> String? {
    guard !bytes.contains(0) else { return nil }
    // Swift's UTF-8 decoder refuses overlong forms (`C0 AF`), surrogates and truncated sequences.
    let invalid = transcode(
      bytes.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true, into: { _ in })
    return invalid ? nil : String(decoding: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
