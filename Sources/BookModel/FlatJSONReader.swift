import Foundation
import KoreanText

/// A reader of flat JSON objects, such as ``JSONText`` writes for a ``Book``: members whose values
/// are strings, integers, `null`s or arrays of strings, read in one pass over the bytes.
///
/// It stands in for `JSONDecoder` where books are read most (the catalog's stored books: every
/// book of a search page, every book an index rebuild analyzes), and gives up (`nil`) on any other
/// text, valid or not, which the caller then decodes with `JSONDecoder`: `Book.init(from:)` keeps
/// defining what a book is, and its errors.
struct FlatJSONReader {
  /// A member's value.
  enum Value: Equatable {
    case string(String)
    case integer(Int)
    case strings([String])
    case null
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0

  private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// The members of the one object `text` holds, in order; `nil` for anything else.
  static func members(of text: String) -> [(key: String, value: Value)]? {
    var text = text
    return text.withUTF8 { bytes in
      var reader = FlatJSONReader(bytes)
      return reader.object()
    }
  }

  private mutating func object() -> [(key: String, value: Value)]? {
    var members: [(key: String, value: Value)] = []
    guard take(UInt8(ascii: "{")) else { return nil }
    if !take(UInt8(ascii: "}")) {
      repeat {
        guard let key = string(), take(UInt8(ascii: ":")), let value = value() else { return nil }
        members.append((key, value))
      } while take(UInt8(ascii: ","))
      guard take(UInt8(ascii: "}")) else { return nil }
    }
    skipWhitespace()
    return position == bytes.count ? members : nil
  }

  private mutating func value() -> Value? {
    skipWhitespace()
    guard position < bytes.count else { return nil }
    switch bytes[position] {
    case UInt8(ascii: "\""): return string().map(Value.string)
    case UInt8(ascii: "["): return strings().map(Value.strings)
    case UInt8(ascii: "n"): return literal("null") ? .null : nil
    default: return integer().map(Value.integer)
    }
  }

  private mutating func strings() -> [String]? {
    guard take(UInt8(ascii: "[")) else { return nil }
    var strings: [String] = []
    if take(UInt8(ascii: "]")) { return strings }
    repeat {
      guard let string = string() else { return nil }
      strings.append(string)
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]")) ? strings : nil
  }

  /// `-?(0|[1-9][0-9]*)` that fits an `Int`, not followed by a fraction or an exponent.
  private mutating func integer() -> Int? {
    let negative = bytes[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    let start = position
    var magnitude = 0
    while position < bytes.count, let digit = Self.digit(bytes[position]) {
      let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflowAgain) = times.addingReportingOverflow(digit)
      guard !overflow, !overflowAgain else { return nil }
      magnitude = sum
      position += 1
    }
    let digits = position - start
    guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
    if position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
      default: break
      }
    }
    return negative ? -magnitude : magnitude
  }

  /// A string, its escapes read; `nil` for a raw control character or a lone surrogate.
  private mutating func string() -> String? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = position
    while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\")
    {
      guard bytes[position] >= 0x20 else { return nil }
      position += 1
    }
    guard position < bytes.count else { return nil }
    if bytes[position] == UInt8(ascii: "\"") {
      position += 1
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position - 1]), as: UTF8.self)
    }
    var text = Array(bytes[start..<position])
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard position < bytes.count else { return nil }
        let escaped = bytes[position]
        position += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
          guard let scalar = unicodeEscape() else { return nil }
          UTF8.encode(scalar) { text.append($0) }
        default: return nil
        }
      case 0..<0x20:
        return nil
      default:
        text.append(byte)
      }
    }
    return nil
  }

  /// The scalar of `XXXX` after `\u`, or of a surrogate pair `XXXX\uXXXX`.
  private mutating func unicodeEscape() -> Unicode.Scalar? {
    guard let high = hex4() else { return nil }
    guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high) }
    guard literal("\\u"), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
  }

  private mutating func hex4() -> UInt32? {
    guard position + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for byte in bytes[position..<position + 4] {
      guard let digit = Self.hexDigit(byte) else { return nil }
      value = value << 4 | digit
    }
    position += 4
    return value
  }

  /// Takes `byte` after any whitespace, if it comes next.
  private mutating func take(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  /// Takes the ASCII `text`, if it comes next.
  private mutating func literal(_ text: String) -> Bool {
    let expected = Array(text.utf8)
    guard position + expected.count <= bytes.count,
      bytes[position..<position + expected.count].elementsEqual(expected)
    else { return false }
    position += expected.count
    return true
  }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  private static func digit(_ byte: UInt8) -> Int? {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
  }

  private static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}

extension Book {
  /// The book `json` holds, as `JSONDecoder` decodes it (``init(from:)``), read without it when
  /// `json` is flat (see ``FlatJSONReader``), as the JSON ``JSONText`` writes is.
  /// - Throws: `JSONDecoder`'s error, when `json` holds no book.
  public init(json: String) throws {
    if let book = Book(flatJSON: json) {
      self = book
    } else {
      self = try JSONDecoder().decode(Book.self, from: Data(json.utf8))
    }
  }

  /// The book of a flat `json` whose members have the types ``init(from:)`` takes as they are,
  /// and whose title has a letter, digit or symbol of ASCII or Hangul; `nil` for any other text
  /// (a repeated member, a title `init(from:)` must judge).
  init?(flatJSON json: String) {
    guard let members = FlatJSONReader.members(of: json) else { return nil }
    var texts = [String](repeating: "", count: Self.textKeys.count)
    var lists: [[String]] = [[], []]
    var (price, salePrice) = (0, -1)
    var pages: Int?
    var seen: UInt32 = 0  // a bit for each member read: a text's index, then lists, pages, prices
    for (key, value) in members {
      let bit: Int
      if let index = Self.textKeys.firstIndex(of: key) {
        bit = index
        switch value {
        case .string(let text): texts[index] = text
        case .null: break
        default: return nil  // of another type: `JSONDecoder` throws
        }
      } else if let index = Self.listKeys.firstIndex(of: key) {
        bit = Self.textKeys.count + index
        switch value {
        case .strings(let list): lists[index] = list
        case .null: break
        default: return nil
        }
      } else if key == "pages" {
        bit = Self.textKeys.count + Self.listKeys.count
        switch value {
        case .integer(let integer): pages = integer
        case .null: break
        default: return nil
        }
      } else if key == "price" || key == "sale_price" {
        bit = Self.textKeys.count + Self.listKeys.count + (key == "price" ? 1 : 2)
        var number: Int?
        switch value {
        case .integer(let integer): number = integer
        case .string(let text): number = Int(text)
        default: break  // neither a number nor a text of one: the default
        }
        if let number {
          if key == "price" { price = number } else { salePrice = number }
        }
      } else {
        continue  // a member a book does not read
      }
      guard seen & 1 << bit == 0 else { return nil }
      seen |= 1 << bit
    }
    let title = texts[0]
    guard
      title.utf8.contains(where: { (0x21...0x7E).contains($0) })
        || title.unicodeScalars.contains(where: Hangul.isSyllable)
    else { return nil }
    self.init(
      title: title, contents: texts[1], url: texts[2], isbn: texts[3], datetime: KakaoDate.parse(texts[4]),
      authors: lists[0], publisher: texts[5], translators: lists[1], price: price, salePrice: salePrice,
      thumbnail: texts[6], status: texts[7], pages: pages,
      series: SeriesVolume(series: texts[8], volume: texts[9]), work: texts[10])
  }

  /// The members ``init(flatJSON:)`` reads as texts, in the order it keeps them.
  private static let textKeys = [
    "title", "contents", "url", "isbn", "datetime", "publisher", "thumbnail", "status", "series",
    "series_volume", "work",
  ]
  /// The members it reads as lists of texts.
  private static let listKeys = ["authors", "translators"]
}
