import BookModel

/// What a reader sees of one book when they open it: their journal of it, its series, the other
/// editions of its work, and their saved edition of the work when it is another.
public struct BookSheet: Sendable {
  /// The book opened.
  public let book: Book
  /// The reader's journal of it; `nil` unless they saved this edition.
  public let entry: JournalEntry?
  /// Its series as the reader has it, if the catalog knows one.
  public let series: SeriesListing?
  /// The editions of its work the catalog holds, the reader's saved one first; empty when the
  /// book is its work's only edition.
  public let editions: [WorkResult]
  /// The reader's saved edition of the work when it is another than this one: where their journal
  /// of the work is.
  public let savedEdition: SavedBook?
}
