import Foundation

/// A strict check of JSON text (RFC 8259) before it is decoded: Foundation's decoder accepts
/// trailing commas (`{"a":1,}`) and takes the first of two equal keys, where other parsers take the
/// last, so a body could mean different things to different readers.
///
/// Refused: anything but one value with whitespace around it, trailing commas, repeated keys in an
/// object, bytes that are not UTF-8, control characters, bad escapes and lone surrogates (`"\ud800"`, which no Unicode text
/// holds) in strings, numbers outside JSON's grammar or too large for a `Double` (`1e400`), and
/// nesting deeper than ``maximumDepth``. The refusal names where it went wrong: the byte, and the
/// field (`tags[1]`) when it is inside an object or array.
struct JSONSyntax {
  /// How deep arrays and objects may nest.
  static let maximumDepth = 64

  private let bytes: [UInt8]
  private var index = 0
  /// Where the parser is: the keys and array positions from the top (`["tags", "[1]"]`).
  private var path: [String] = []

  /// Throws what is wrong with `data` as JSON, with the byte offset where it goes wrong.
  static func check(_ data: Data) throws(HTTPRequestError) {
    var parser = JSONSyntax(bytes: Array(data))
    parser.skipWhitespace()
    try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.index == parser.bytes.count else { throw parser.failure("text after the JSON value") }
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  // MARK: - Grammar

  private mutating func value(depth: Int) throws(HTTPRequestError) {
    guard depth < Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth)") }
    guard let byte = peek() else { throw failure("the text ends where a value should be") }
    switch byte {
    case UInt8(ascii: "{"): try object(depth: depth + 1)
    case UInt8(ascii: "["): try array(depth: depth + 1)
    case UInt8(ascii: "\""): _ = try string()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    default: try number()
    }
  }

  private mutating func object(depth: Int) throws(HTTPRequestError) {
    index += 1
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      index += 1
      return
    }
    var keys = Set<String>()
    while true {
      guard peek() == UInt8(ascii: "\"") else {
        throw failure(peek() == UInt8(ascii: "}") ? "a trailing comma in an object" : "expected a key")
      }
      let key = Self.unescaped(try string())
      guard keys.insert(key).inserted else { throw failure("the key \"\(key)\" is repeated") }
      skipWhitespace()
      guard take(UInt8(ascii: ":")) else { throw failure("expected \":\"") }
      skipWhitespace()
      path.append(key)
      try value(depth: depth)
      path.removeLast()
      skipWhitespace()
      if take(UInt8(ascii: "}")) { return }
      guard take(UInt8(ascii: ",")) else { throw failure("expected \",\" or \"}\"") }
      skipWhitespace()
    }
  }

  private mutating func array(depth: Int) throws(HTTPRequestError) {
    index += 1
    skipWhitespace()
    if take(UInt8(ascii: "]")) { return }
    var position = 0
    while true {
      if peek() == UInt8(ascii: "]") { throw failure("a trailing comma in an array") }
      path.append("[\(position)]")
      try value(depth: depth)
      path.removeLast()
      position += 1
      skipWhitespace()
      if take(UInt8(ascii: "]")) { return }
      guard take(UInt8(ascii: ",")) else { throw failure("expected \",\" or \"]\"") }
      skipWhitespace()
    }
  }

  /// A string; returns its raw bytes between the quotes (escapes as written).
  /// A string's text with its escapes undone, so that `"price"` and `"pric\u0065"` are one key.
  private static func unescaped(_ content: [UInt8]) -> String {
    let quoted = Data([UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")])
    return (try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed)) as? String
      ?? String(decoding: content, as: UTF8.self)
  }

  private mutating func string() throws(HTTPRequestError) -> [UInt8] {
    index += 1
    let start = index
    while let byte = peek() {
      switch byte {
      case UInt8(ascii: "\""):
        let content = Array(bytes[start..<index])
        guard String(validating: content, as: UTF8.self) != nil else {
          throw failure("a string that is not UTF-8")
        }
        index += 1
        return content
      case UInt8(ascii: "\\"):
        index += 1
        guard let escaped = peek() else { break }
        if escaped == UInt8(ascii: "u") {
          try unicodeEscape()
        } else {
          guard Array("\"\\/bfnrt".utf8).contains(escaped) else { throw failure("a bad escape") }
          index += 1
        }
      case 0..<0x20:
        throw failure("a control character in a string")
      default:
        index += 1
      }
    }
    throw failure("a string that does not end")
  }

  /// A `\u` escape, at its `u`: four hex digits, and a surrogate only as the first of a pair
  /// (`\ud83d\ude00`).
  private mutating func unicodeEscape() throws(HTTPRequestError) {
    let first = try hexUnit()
    switch first {
    case 0xD800...0xDBFF:
      guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "u")
      else { throw failure("a lone surrogate \\u\(String(first, radix: 16))") }
      index += 1
      let second = try hexUnit()
      guard (0xDC00...0xDFFF).contains(second) else {
        throw failure("a lone surrogate \\u\(String(first, radix: 16))")
      }
    case 0xDC00...0xDFFF:
      throw failure("a lone surrogate \\u\(String(first, radix: 16))")
    default:
      break
    }
  }

  /// The four hex digits after a `u`, read past.
  private mutating func hexUnit() throws(HTTPRequestError) -> Int {
    guard index + 4 < bytes.count, bytes[(index + 1)...(index + 4)].allSatisfy(\.isHexDigit),
      let unit = Int(String(decoding: bytes[(index + 1)...(index + 4)], as: UTF8.self), radix: 16)
    else {
      throw failure("a bad \\u escape")
    }
    index += 5
    return unit
  }

  private mutating func number() throws(HTTPRequestError) {
    let start = index
    _ = take(UInt8(ascii: "-"))
    if take(UInt8(ascii: "0")) {
      if let next = peek(), next.isDigit { throw failure("a number with a leading zero") }
    } else {
      guard digits() > 0 else { throw failure("an unexpected character") }
    }
    if take(UInt8(ascii: ".")) {
      guard digits() > 0 else { throw failure("a number without digits after \".\"") }
    }
    if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
      if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
      guard digits() > 0 else { throw failure("a number without digits in its exponent") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw failure("the number \(text) is out of range")
    }
  }

  private mutating func literal(_ word: String) throws(HTTPRequestError) {
    let expected = Array(word.utf8)
    guard bytes.count - index >= expected.count, Array(bytes[index..<(index + expected.count)]) == expected
    else {
      throw failure("an unexpected word")
    }
    index += expected.count
  }

  // MARK: - Bytes

  private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard peek() == byte else { return false }
    index += 1
    return true
  }

  private mutating func digits() -> Int {
    let start = index
    while let byte = peek(), byte.isDigit { index += 1 }
    return index - start
  }

  private mutating func skipWhitespace() {
    while let byte = peek(), [0x20, 0x09, 0x0A, 0x0D].contains(byte) { index += 1 }
  }

  private func failure(_ reason: String) -> HTTPRequestError {
    let field = path.reduce("") { name, step in
      name.isEmpty || step.hasPrefix("[") ? name + step : name + "." + step
    }
    let place = field.isEmpty ? "" : " in \"\(field)\""
    return HTTPRequestError(message: "invalid JSON body: \(reason)\(place) at byte \(index)")
  }
}

extension UInt8 {
  fileprivate var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }

  fileprivate var isHexDigit: Bool {
    isDigit || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
  }
}
