/// What 담은 책's filters count (`Library.savedFacets(shelf:tag:)`): each count is of the books
/// the other filter leaves, so a chip says how many books choosing it would show.
public struct SavedFacets: Sendable {
  /// The books with the chosen tag (every saved book without one), on any shelf.
  public var books: Int
  /// Of those, the books on each shelf (every shelf, zero included).
  public var shelves: [Shelf: Int]
  /// Every tag in use, in 가나다 order, with its books on the chosen shelf (on any shelf without
  /// one); a tag with no book there has 0.
  public var tags: [(tag: String, count: Int)]

  /// A value of the fields given.
  package init(books: Int, shelves: [Shelf: Int], tags: [(tag: String, count: Int)]) {
    self.books = books
    self.shelves = shelves
    self.tags = tags
  }
}

extension SavedFacets {
  /// The books both filters leave: those with the chosen tag on `shelf` (on any shelf without one).
  public func matching(shelf: Shelf?) -> Int {
    shelf.map { shelves[$0] ?? 0 } ?? books
  }
}

/// A page of 담은 책 as one snapshot (`Library.savedPage(sortedBy:shelf:tag:limit:offset:)`).
public struct SavedPage: Sendable {
  /// The page's books, on the chosen shelf and with the chosen tag.
  public var books: [SavedBook]
  /// Every saved book, whatever the filters.
  public var total: Int
  /// The filters' counts.
  public var facets: SavedFacets

  /// A value of the fields given.
  package init(books: [SavedBook], total: Int, facets: SavedFacets) {
    self.books = books
    self.total = total
    self.facets = facets
  }
}
