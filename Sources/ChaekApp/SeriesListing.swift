import BookModel

/// A series as a reader sees it from one of its books: its volumes in order, each with the
/// reader's shelf, and the volume after the book.
public struct SeriesListing: Sendable, Equatable {
  /// A volume of the series: the book that stands for it and the reader's shelf of it.
  public struct Volume: Sendable, Equatable {
    /// The book: the reader's saved edition of the volume, else the catalog's most popular.
    public let book: Book
    /// The reader's shelf of it; `nil` when they have not saved it.
    public let shelf: Shelf?
  }

  /// The series' name.
  public let name: String
  /// The volumes, in series order; sets and collections of several volumes after them.
  public let volumes: [Volume]
  /// The first volume after the book the series was opened from, if any.
  public let next: Volume?

  /// `true` when the reader finished every numbered volume.
  public var isRead: Bool {
    let numbered = volumes.filter(\.book.isVolume)
    return !numbered.isEmpty && numbered.allSatisfy { $0.shelf == .read }
  }
}
