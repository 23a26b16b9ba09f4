/// What a removal did: how many books it took, and the id that undoes it
/// (`Library.undoRemoval(_:)`).
public struct Removal: Sendable, Equatable {
  /// The removal's id, for `Library.undoRemoval(_:)`.
  public let id: Int
  /// How many saved books it removed.
  public let count: Int

  /// A value of the fields given.
  package init(id: Int, count: Int) {
    self.id = id
    self.count = count
  }
}

/// How much the library holds (`Library.size()`).
public struct LibrarySize: Sendable, Equatable, Encodable {
  /// Saved books.
  public let books: Int
  /// Notes and quotes of them.
  public let notes, quotes: Int
  /// Readings of them.
  public let readings: Int

  /// A value of the fields given.
  package init(books: Int, notes: Int, quotes: Int, readings: Int) {
    self.books = books
    self.notes = notes
    self.quotes = quotes
    self.readings = readings
  }
}
