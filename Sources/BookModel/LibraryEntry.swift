import Foundation

/// A book of the library in the stable JSON the CLI and the web API print:
/// `{"id", "book", and "saved_at", "viewed_at" or "saved" where they apply}`, with the book in
/// Kakao's document shape and dates in Kakao's format. An entry made with ``shelved(_:)`` (the
/// web API's list) also has `"shelf"` and `"rating"` (stars, or `null`); the others leave both out.
public struct LibraryEntry: Encodable, Sendable {
  /// The book's identity.
  public let id: String
  /// The book.
  public let book: Book
  /// When it was saved, for saved books.
  public let savedAt: String?
  /// When it was last viewed, for recently viewed books.
  public let viewedAt: String?
  /// Whether it is saved, for a single book's details.
  public let saved: Bool?
  /// Its shelf, for an entry made with ``shelved(_:)``.
  public private(set) var shelf: Shelf?
  /// Its rating, when it has one, for an entry made with ``shelved(_:)``.
  public private(set) var rating: StarRating?

  /// An entry for `book` with whichever of the optional facts apply.
  public init(_ book: Book, savedAt: Date? = nil, viewedAt: Date? = nil, saved: Bool? = nil) {
    id = book.id.rawValue
    self.book = book
    self.savedAt = savedAt.map(KakaoDate.format)
    self.viewedAt = viewedAt.map(KakaoDate.format)
    self.saved = saved
  }

  /// A saved book's entry with its shelf and rating.
  public static func shelved(_ saved: SavedBook) -> LibraryEntry {
    LibraryEntry(saved.book, savedAt: saved.savedAt, shelf: saved.shelf, rating: saved.rating)
  }

  private init(_ book: Book, savedAt: Date, shelf: Shelf, rating: StarRating?) {
    self.init(book, savedAt: savedAt)
    self.shelf = shelf
    self.rating = rating
  }

  /// A saved book's entry.
  public init(_ saved: SavedBook) { self.init(saved.book, savedAt: saved.savedAt) }

  /// A recently viewed book's entry.
  public init(_ view: RecentView) { self.init(view.book, viewedAt: view.viewedAt) }

  private enum CodingKeys: String, CodingKey {
    case id, book, saved, shelf, rating
    case savedAt = "saved_at"
    case viewedAt = "viewed_at"
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(book, forKey: .book)
    try container.encodeIfPresent(savedAt, forKey: .savedAt)
    try container.encodeIfPresent(viewedAt, forKey: .viewedAt)
    try container.encodeIfPresent(saved, forKey: .saved)
    if let shelf {
      try container.encode(shelf, forKey: .shelf)
      try container.encode(rating, forKey: .rating)
    }
  }
}
