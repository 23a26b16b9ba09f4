import BookModel
import Foundation

/// Open Library's search (`GET /search.json`), which needs no key.
///
/// A ``SearchQuery`` maps onto Open Library's parameters (`q`, `title`, `author`, `publisher` or `isbn`
/// by target; `page`, `limit`; `sort=new` for the latest first), and each result onto a ``Book`` in
/// Kakao's shape, so paging (`is_end`, the pageable cap) works as it does with Kakao.
public struct OpenLibrary: BookSearching {
  /// `https://openlibrary.org`.
  public static let publicURL = URL(string: "https://openlibrary.org")!

  /// `Open Library`.
  public let name = "Open Library"
  private let baseURL: URL
  private let http: HTTPFetch

  /// A client for Open Library at `baseURL`.
  ///
  /// - Parameters:
  ///   - baseURL: the server's root; `/search.json` is appended, and book pages are resolved against it.
  ///   - timeout: seconds a search may take before it fails as unreachable.
  public init(baseURL: URL = OpenLibrary.publicURL, timeout: TimeInterval = 10) {
    self.baseURL = baseURL
    self.http = HTTPFetch(provider: name, baseURL: baseURL, timeout: timeout)
  }

  // MARK: - Searching

  /// One page of Open Library's results for `query`.
  public func search(_ query: SearchQuery) async throws(BookSearchError) -> SearchPage {
    try await results(for: query).page
  }

  /// One page of Open Library's results for `query`, with the other ISBNs of each book (those of
  /// the work's other editions; see ``Document/otherISBNs``), parallel to the page's documents.
  func results(for query: SearchQuery) async throws(BookSearchError) -> (
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

  /// The fields requested of Open Library: the ones ``Document/book(baseURL:)`` maps.
  private static let fields = [
    "key", "title", "author_name", "publisher", "isbn", "first_publish_year", "cover_i", "first_sentence",
  ]

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
    parameters.append(("fields", fields.joined(separator: ",")))
    return parameters
  }
}

// MARK: - Response

extension OpenLibrary {
  /// Open Library's answer: `{"numFound":N,"start":S,"docs":[...]}`.
  private struct Response: Decodable {
    let numFound: Int
    let docs: [Document]
  }

  /// One search result, from the API or from a file of them (see ``ImportFormat/openlibrary``).
  /// Every field is optional and read leniently: a field of an unexpected type is treated as absent
  /// rather than failing the whole page.
  struct Document: Decodable {
    let key: String?
    let title: String?
    let authorNames: [String]?
    let publishers: [String]?
    let isbns: [String]?
    let firstPublishYear: Int?
    let coverID: Int?
    let firstSentence: String?

    private enum CodingKeys: String, CodingKey {
      case key, title
      case authorNames = "author_name"
      case publishers = "publisher"
      case isbns = "isbn"
      case firstPublishYear = "first_publish_year"
      case coverID = "cover_i"
      case firstSentence = "first_sentence"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      key = try? container.decodeIfPresent(String.self, forKey: .key)
      title = try? container.decodeIfPresent(String.self, forKey: .title)
      authorNames = try? container.decodeIfPresent([String].self, forKey: .authorNames)
      publishers = try? container.decodeIfPresent([String].self, forKey: .publishers)
      isbns = try? container.decodeIfPresent([String].self, forKey: .isbns)
      firstPublishYear = try? container.decodeIfPresent(Int.self, forKey: .firstPublishYear)
      coverID = try? container.decodeIfPresent(Int.self, forKey: .coverID)
      // A list of sentences in search results; a single string in some older records.
      firstSentence =
        (try? container.decodeIfPresent([String].self, forKey: .firstSentence))?.first
        ?? (try? container.decodeIfPresent(String.self, forKey: .firstSentence))
    }

    /// The result as a book in Kakao's shape, or `nil` when it has no title. Its ISBN is the
    /// first valid one of the result's editions; ``otherISBNs`` are the rest.
    func book(baseURL: URL) -> Book? {
      guard let title, !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
      let isbn = isbns?.lazy.compactMap { ISBN($0) }.first
      return Book(
        title: title,
        contents: firstSentence ?? "",
        url: key.map { baseURL.appending(path: $0).absoluteString } ?? "",
        isbn: isbn?.kakaoNotation ?? "",
        datetime: firstPublishYear.flatMap(KakaoDate.firstOfJanuary),
        authors: authorNames ?? [],
        publisher: publishers?.first ?? "",
        thumbnail: OpenLibrary.coverURL(coverID)
      )
    }

    /// The valid ISBNs of the result's editions besides the book's own (see ``book(baseURL:)``).
    var otherISBNs: [ISBN] {
      let isbns = isbns ?? []
      return ImportField.otherISBNs(isbns, besides: isbns.lazy.compactMap { ISBN($0) }.first)
    }
  }

  /// The medium-size cover image for an Open Library cover id, or empty when there is none.
  static func coverURL(_ coverID: Int?) -> String {
    guard let coverID, coverID > 0 else { return "" }
    return "https://covers.openlibrary.org/b/id/\(coverID)-M.jpg"
  }
}
