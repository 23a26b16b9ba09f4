import Foundation

/// JSON written straight to bytes, exactly as Foundation's `JSONEncoder` with sorted keys writes
/// it (the same escapes, no spaces), for the hottest paths: the search API's pages and the
/// catalog's stored books, which its boxing of every value made the largest cost of a search.
/// The writer of each type puts its keys in sorted order itself.
public struct JSONText {
  /// The text written so far, UTF-8.
  private(set) var bytes: [UInt8] = []
  /// `true` to write `/` as `\/`, as `JSONEncoder` does unless told `.withoutEscapingSlashes`.
  let escapesSlashes: Bool

  /// An empty text; `escapingSlashes` as `JSONEncoder`'s default.
  init(escapingSlashes: Bool) {
    escapesSlashes = escapingSlashes
    bytes.reserveCapacity(1_024)
  }

  /// Writes an object: `body` writes its members with ``member(_:_:)``.
  mutating func object(_ body: (inout JSONText) -> Void) {
    bytes.append(UInt8(ascii: "{"))
    body(&self)
    bytes.append(UInt8(ascii: "}"))
  }

  /// Writes a member of the object being written, its value written by `body`.
  mutating func member(_ key: String, _ body: (inout JSONText) -> Void) {
    separate()
    string(key)
    bytes.append(UInt8(ascii: ":"))
    body(&self)
  }

  /// Writes an array of `elements`, each by `body`.
  mutating func array<S: Sequence>(_ elements: S, _ body: (inout JSONText, S.Element) -> Void) {
    bytes.append(UInt8(ascii: "["))
    for element in elements {
      separate()
      body(&self, element)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// A comma, unless what comes is the first member or element.
  private mutating func separate() {
    if let last = bytes.last, last != UInt8(ascii: "{"), last != UInt8(ascii: "[") {
      bytes.append(UInt8(ascii: ","))
    }
  }

  /// Writes a string, escaped as `JSONEncoder` escapes it: runs of bytes that need no escape
  /// are copied whole.
  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var run = 0
      for (index, byte) in utf8.enumerated() where needsEscape(byte) {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
        run = index + 1
        escape(byte)
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// `true` for a byte written as an escape.
  private func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
      || (byte == UInt8(ascii: "/") && escapesSlashes)
  }

  /// Writes the escape of a byte for which ``needsEscape(_:)`` is `true`.
  private mutating func escape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): append("\\\"")
    case UInt8(ascii: "\\"): append("\\\\")
    case UInt8(ascii: "/"): append("\\/")
    case 0x08: append("\\b")
    case 0x0C: append("\\f")
    case UInt8(ascii: "\n"): append("\\n")
    case UInt8(ascii: "\r"): append("\\r")
    case UInt8(ascii: "\t"): append("\\t")
    default:
      append("\\u00")
      bytes.append(Self.hexDigits[Int(byte >> 4)])
      bytes.append(Self.hexDigits[Int(byte & 0xF)])
    }
  }

  /// Writes an integer.
  mutating func int(_ value: Int) {
    append(String(value))
  }

  /// Writes `true` or `false`.
  mutating func bool(_ value: Bool) {
    append(value ? "true" : "false")
  }

  /// Writes an array of strings.
  mutating func strings(_ texts: [String]) {
    array(texts) { $0.string($1) }
  }

  private mutating func append(_ ascii: String) {
    bytes.append(contentsOf: ascii.utf8)
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}

/// A value that writes itself as ``JSONText``, as its `Encodable` conformance would encode it.
public protocol JSONWritable {
  /// Writes the value.
  func write(to text: inout JSONText)
}

extension JSONWritable {
  /// The value's JSON, as `JSONEncoder` with sorted keys writes it.
  public func json(escapingSlashes: Bool) -> Data {
    Data(text(escapingSlashes: escapingSlashes).bytes)
  }

  /// The value's JSON as a string.
  public func jsonString(escapingSlashes: Bool) -> String {
    String(decoding: text(escapingSlashes: escapingSlashes).bytes, as: UTF8.self)
  }

  private func text(escapingSlashes: Bool) -> JSONText {
    var text = JSONText(escapingSlashes: escapingSlashes)
    write(to: &text)
    return text
  }
}

extension Book: JSONWritable {
  public func write(to text: inout JSONText) {
    text.object { members in
      members.member("authors") { $0.strings(authors) }
      members.member("contents") { $0.string(contents) }
      members.member("datetime") { $0.string(datetime.map(KakaoDate.format) ?? "") }
      members.member("isbn") { $0.string(isbn) }
      if let pages { members.member("pages") { $0.int(pages) } }
      members.member("price") { $0.int(price) }
      members.member("publisher") { $0.string(publisher) }
      members.member("sale_price") { $0.int(salePrice) }
      if let series {
        members.member("series") { $0.string(series.series) }
        members.member("series_volume") { $0.string(series.volume) }
      }
      members.member("status") { $0.string(status) }
      members.member("thumbnail") { $0.string(thumbnail) }
      members.member("title") { $0.string(title) }
      members.member("translators") { $0.strings(translators) }
      members.member("url") { $0.string(url) }
      if let work { members.member("work") { $0.string(work) } }
    }
  }
}

extension SearchPage: JSONWritable {
  public func write(to text: inout JSONText) {
    text.object { members in
      members.member("documents") { $0.array(documents) { $1.write(to: &$0) } }
      members.member("meta") { meta in
        meta.object { members in
          members.member("is_end") { $0.bool(self.meta.isEnd) }
          members.member("pageable_count") { $0.int(self.meta.pageableCount) }
          members.member("total_count") { $0.int(self.meta.totalCount) }
        }
      }
    }
  }
}
