import BookModel

/// The reader's own data about one book, as reading apps exchange it (a Goodreads library export,
/// a StoryGraph export): the shelf, the rating, the tags, the review and notes, when it was added
/// and read.
public struct ReadingRecord: Sendable, Equatable {
  /// The most readings of one book an import takes: a reader's count beyond it is not a count of
  /// readings, and each reading is a row of the journal.
  public static let maximumReadings = 1_000

  /// One reading of the book: either date may be unknown.
  public struct Reading: Sendable, Hashable {
    /// The day it was started.
    public var started: CalendarDay?
    /// The day it was finished.
    public var finished: CalendarDay?

    /// A reading from `started` to `finished`.
    public init(started: CalendarDay? = nil, finished: CalendarDay? = nil) {
      (self.started, self.finished) = (started, finished)
    }
  }

  /// The reading status; `nil` when the file gives none.
  public var shelf: Shelf?
  /// The rating; `nil` when unrated.
  public var rating: StarRating?
  /// The reader's own tags (Goodreads' shelves besides the exclusive one, StoryGraph's tags).
  public var tags: [String]
  /// The review, or empty.
  public var review: String
  /// Private notes, or empty.
  public var notes: String
  /// The day the book was added, when known.
  public var added: CalendarDay?
  /// The readings, oldest first.
  public var readings: [Reading]
  /// The book's number of pages, when known.
  public var pages: Int?
  /// Whether the reader owns a copy.
  public var owned: Bool

  /// A record; every field may be left out.
  public init(
    shelf: Shelf? = nil, rating: StarRating? = nil, tags: [String] = [], review: String = "",
    notes: String = "", added: CalendarDay? = nil, readings: [Reading] = [], pages: Int? = nil,
    owned: Bool = false
  ) {
    self.shelf = shelf
    self.rating = rating
    self.tags = tags
    self.review = review
    self.notes = notes
    self.added = added
    self.readings = readings
    self.pages = pages
    self.owned = owned
  }
}
