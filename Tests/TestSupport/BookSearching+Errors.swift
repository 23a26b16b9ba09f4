import BookModel

/// A search that was expected to fail returned a page.
public struct UnexpectedSuccess: Error {
  /// The page returned.
  public let page: SearchPage
}

extension BookSearching {
  /// The error searching for `query` fails with; throws ``UnexpectedSuccess`` if the search succeeds.
  public func searchError(_ query: SearchQuery) async throws -> BookSearchError {
    let page: SearchPage
    do {
      page = try await search(query)
    } catch {
      return error
    }
    throw UnexpectedSuccess(page: page)
  }
}
