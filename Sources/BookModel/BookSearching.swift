/// Anything that answers a book search with Kakao's semantics: Kakao itself, Open Library,
/// the offline catalog, and compositions of them.
public protocol BookSearching: Sendable {
  /// A short name for messages: `Kakao`, `Open Library`, `catalog`.
  var name: String { get }

  /// One page of results for a validated query.
  func search(_ query: SearchQuery) async throws(BookSearchError) -> SearchPage
}
