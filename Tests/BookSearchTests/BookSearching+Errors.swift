import BookModel
import BookSearch

/// A search that was expected to fail returned a page.
struct UnexpectedSuccess: Error {
  /// The page returned.
  let page: SearchPage
}

extension BookSearching {
  /// The error searching for `query` fails with; throws ``UnexpectedSuccess`` if the search succeeds.
  func searchError(_ query: SearchQuery) async throws -> BookSearchError {
    let page: SearchPage
    do {
      page = try await search(query)
    } catch {
      return error
    }
    throw UnexpectedSuccess(page: page)
  }
}
