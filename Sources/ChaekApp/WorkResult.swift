import BookModel

/// A row of search results as a reader sees them: one work, by the edition that stands for it.
public struct WorkResult: Sendable, Equatable {
  /// The edition shown: the reader's saved edition of the work, else the first the search found.
  public let book: Book
  /// The work, as the reader's merges join works (see `Chaek.mergeWork(of:into:for:)`).
  public let work: WorkID
  /// Whether the reader saved that edition.
  public let saved: Bool
  /// How many editions of the work the catalog holds (at least 1; at most
  /// ``BookCatalog/Catalog/maximumEditions``).
  public let editions: Int
  /// The reader's merge that joined this edition's work to the one listed, if any: what splits it
  /// off again (see `Chaek.splitWork(_:for:)`).
  public let merge: Int?

  /// A row of the values given.
  public init(book: Book, work: WorkID, saved: Bool, editions: Int, merge: Int? = nil) {
    self.book = book
    self.work = work
    self.saved = saved
    self.editions = editions
    self.merge = merge
  }
}
