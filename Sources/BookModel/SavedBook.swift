import Foundation

/// What `Library.save(_:at:)` did.
public enum SaveOutcome: Sendable, Equatable {
  /// The book was added.
  case saved
  /// The book was already saved.
  case alreadySaved
}

/// Orders of the saved-books list. Texts sort Korean first, as Korean readers expect (가나다,
/// then Latin and the rest by Unicode, letters case-folded); ties go by title.
public enum SavedOrder: String, CaseIterable, Sendable {
  /// By title.
  case title
  /// Newest first.
  case added
  /// The most recently finished first; books never finished after them.
  case finished
  /// The highest rated first; books not rated after them.
  case rating
  /// By first author; books without one after them.
  case author
}

/// A saved book, when it was saved, its shelf and its rating.
public struct SavedBook: Sendable, Equatable {
  /// The book as it was when saved.
  public let book: Book
  /// When it was first saved.
  public let savedAt: Date
  /// Its shelf.
  public let shelf: Shelf
  /// The reader's rating, if any.
  public let rating: StarRating?

  /// A value of the fields given.
  package init(book: Book, savedAt: Date, shelf: Shelf, rating: StarRating?) {
    self.book = book
    self.savedAt = savedAt
    self.shelf = shelf
    self.rating = rating
  }
}

/// A recently viewed book and when it was last viewed.
public struct RecentView: Sendable, Equatable {
  /// The book as it was when viewed.
  public let book: Book
  /// The last time it was viewed.
  public let viewedAt: Date

  /// A value of the fields given.
  package init(book: Book, viewedAt: Date) {
    self.book = book
    self.viewedAt = viewedAt
  }
}
