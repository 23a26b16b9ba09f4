import BookModel
import Foundation

/// A book of the library in the stable JSON the CLI and the web API print:
/// `{"id", "book", and "saved_at", "viewed_at" or "saved" where they apply}`, with the book in
/// Kakao's document shape and dates in Kakao's format.
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

  /// An entry for `book` with whichever of the optional facts apply.
  public init(_ book: Book, savedAt: Date? = nil, viewedAt: Date? = nil, saved: Bool? = nil) {
    id = book.id.rawValue
    self.book = book
    self.savedAt = savedAt.map(KakaoDate.format)
    self.viewedAt = viewedAt.map(KakaoDate.format)
    self.saved = saved
  }

  /// A saved book's entry.
  public init(_ saved: SavedBook) { self.init(saved.book, savedAt: saved.savedAt) }

  /// A recently viewed book's entry.
  public init(_ view: RecentView) { self.init(view.book, viewedAt: view.viewedAt) }

  private enum CodingKeys: String, CodingKey {
    case id, book, saved
    case savedAt = "saved_at"
    case viewedAt = "viewed_at"
  }
}
