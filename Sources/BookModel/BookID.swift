import KoreanText

/// A book's identity, the same whichever provider returned the book.
///
/// - its ISBN-13 (derived from the ISBN-10 where needed): `9788936434120`;
/// - else a stable hash of its url: `u-0123456789abcdef`;
/// - else a stable hash of title, authors and publisher: `b-0123456789abcdef`.
///
/// Identities are safe in URL paths and command lines.
public struct BookID: Hashable, Sendable, Codable, CustomStringConvertible, Comparable {
  /// The identity as text.
  public let rawValue: String

  /// The identity of a book.
  public init(_ book: Book) {
    if let isbn13 = book.isbn13 {
      rawValue = isbn13
    } else if !book.url.isEmpty {
      rawValue = "u-" + BookID.stableHash(book.url)
    } else {
      let key = [book.title, book.authors.joined(separator: "\u{1F}"), book.publisher]
        .joined(separator: "\u{1E}")
      rawValue = "b-" + BookID.stableHash(key.lowercased())
    }
  }

  /// Parses what a person types for a book: an identity, or an ISBN-10/13 in any notation.
  public init?(parsing text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    if let isbn = ISBN(trimmed) {
      rawValue = isbn.isbn13
    } else if trimmed.count == 18, trimmed.hasPrefix("u-") || trimmed.hasPrefix("b-"),
      trimmed.dropFirst(2).allSatisfy(\.isHexDigit)
    {
      rawValue = trimmed
    } else {
      return nil
    }
  }

  public var description: String { rawValue }

  public static func < (lhs: BookID, rhs: BookID) -> Bool { lhs.rawValue < rhs.rawValue }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let id = BookID(parsing: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not a book id: \(text)"))
    }
    self = id
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// 64-bit FNV-1a over UTF-8, as 16 hex digits: stable across runs, processes and platforms.
  private static func stableHash(_ text: String) -> String {
    let hex = String(FNV1a.hash(text.nfc.utf8), radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
