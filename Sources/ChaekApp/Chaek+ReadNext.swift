import BookModel

/// 다음에 읽을 책: suggestions from the reader's own journal (``ReadNext``).
extension Chaek {
  /// At most `limit` books for `reader` to read next, each with why; none before they have read
  /// or started a book.
  public func readNext(limit: Int = 10, for reader: Reader) async throws -> [ReadNext.Suggestion] {
    // 담은 책 by finish, the most recent first: the finished books in the order they were finished.
    let saved = try await library(for: reader).savedBooks(sortedBy: .finished)
    let journal = saved.reversed().map { ReadNext.Read(book: $0.book, shelf: $0.shelf, rating: $0.rating) }
    return try await ReadNext(catalog: catalog).suggestions(after: journal, limit: limit)
  }
}
