import BookModel
import Foundation

/// Open Library's search (`GET /search.json`), which needs no key.
///
/// A ``SearchQuery`` maps onto Open Library's parameters (`q`, `title`, `author`, `publisher` or `isbn`
/// by target; `page`, `limit`; `sort=new` for the latest first), and each result onto a ``Book`` in
/// Kakao's shape, so paging (`is_end`, the pageable cap) works as it does with Kakao.
public struct OpenLibrary: BookSearching {
  /// `Open Library`.
  public let name = "Open Library"
  private let baseURL: URL
  private let http: HTTPFetch

  /// A client for Open Library at `baseURL`.
  ///
  /// - Parameters:
  ///   - baseURL: the server's root; `/search.json` is appended, and book pages are resolved against it.
  ///   - timeout: seconds a search may take before it fails as unreachable.
  public init(baseURL: URL = OpenLibraryDocument.publicURL, timeout: TimeInterval = 10) {
    self.baseURL = baseURL
    self.http = HTTPFetch(provider: name, baseURL: baseURL, timeout: timeout)
  }

  // MARK: - Searching

  /// One page of Open Library's results for `query`.
  public func search(_ query: SearchQuery) async throws(BookSearchError) -> SearchPage {
    try await results(for: query).page
  }

  /// One page of Open Library's results for `query`, with the other ISBNs of each book (those of
  /// the work's other editions; see ``OpenLibraryDocument/otherISBNs``), parallel to the page's documents.
  public func results(for query: SearchQuery) async throws(BookSearchError) -> (
    page: SearchPage, otherISBNs: [[ISBN]]
  ) {
    let response = try await http.getJSON(
      Response.self, path: "search.json", parameters: Self.parameters(for: query), keyed: false)
    var books: [Book] = []
    var otherISBNs: [[ISBN]] = []
    for document in response.docs {
      guard let book = document.book(baseURL: baseURL) else { continue }
      books.append(book)
      otherISBNs.append(document.otherISBNs)
    }
    return (SearchPage(documents: books, totalCount: response.numFound, query: query), otherISBNs)
  }

  private static func parameters(for query: SearchQuery) -> [(String, String)] {
    var parameters: [(String, String)]
    switch query.target {
    case nil: parameters = [("q", query.query)]
    case .title: parameters = [("title", query.query)]
    case .person: parameters = [("author", query.query)]
    case .publisher: parameters = [("publisher", query.query)]
    case .isbn: parameters = [("isbn", ISBN(query.query)?.isbn13 ?? query.query)]
    }
    parameters += [("page", String(query.page)), ("limit", String(query.size))]
    if query.sort == .latest {
      parameters.append(("sort", "new"))
    }
    parameters.append(("fields", OpenLibraryDocument.fields.joined(separator: ",")))
    return parameters
  }
}

// MARK: - Response

extension OpenLibrary {
  /// Open Library's answer: `{"numFound":N,"start":S,"docs":[...]}`.
  private struct Response: Decodable {
    let numFound: Int
    let docs: [OpenLibraryDocument]
  }
}
