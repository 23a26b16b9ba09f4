import BookModel
import Foundation
import TestSupport
import Testing

@testable import BookProviders

@Suite("Open Library search over HTTP")
struct OpenLibraryTests {
  static let fields = "key,title,author_name,publisher,isbn,first_publish_year,cover_i,first_sentence"

  /// Open Library results: a complete one, one with only a 979 ISBN-13, one without a title, and
  /// one whose fields have unexpected types.
  static let results = """
    {"numFound":4,"start":0,"numFoundExact":true,"docs":[
      {"key":"/works/OL82563W","title":"Harry Potter and the Philosopher's Stone",
       "author_name":["J. K. Rowling","Mary GrandPré"],"publisher":["Bloomsbury","Scholastic"],
       "isbn":["not-an-isbn","9780747532743","0747532745"],"first_publish_year":1997,"cover_i":10521270,
       "first_sentence":["Mr. and Mrs. Dursley were proud to say that they were perfectly normal."]},
      {"key":"/works/OL1W","title":"소년이 온다","isbn":["9791190090018"]},
      {"key":"/works/OL2W","author_name":["Nobody"]},
      {"key":"/works/OL3W","title":"Odd","first_publish_year":"1990","cover_i":"x","author_name":"Solo",
       "first_sentence":"A single sentence."}
    ]}
    """

  static let noResults = #"{"numFound":0,"start":0,"docs":[]}"#

  // MARK: - Requests

  @Test(arguments: [
    (try SearchQuery(query: "harry potter"), "q", "harry potter"),
    (try SearchQuery(query: "해리 포터", target: .title), "title", "해리 포터"),
    (try SearchQuery(query: "Rowling", target: .person), "author", "Rowling"),
    (try SearchQuery(query: "A&B + C", target: .publisher), "publisher", "A&B + C"),
    (try SearchQuery(query: "89-364-3359-8", target: .isbn), "isbn", "9788936433598"),
    (try SearchQuery(query: "12345", target: .isbn), "isbn", "12345"),
  ])
  func mapsTheTargetOntoOpenLibrarysParameter(query: SearchQuery, name: String, value: String)
    async throws
  {
    let server = try StubHTTPServer { _ in .json(Self.noResults) }
    defer { server.stop() }

    _ = try await OpenLibrary(baseURL: server.baseURL).search(query)

    let request = try #require(server.requests.first)
    #expect(request.method == "GET")
    #expect(request.path == "/search.json")
    #expect(request.header("Authorization") == nil)
    #expect(request.query == [name: value, "page": "1", "limit": "10", "fields": Self.fields])
  }

  @Test func sendsPageLimitAndNewestFirstForLatest() async throws {
    let server = try StubHTTPServer { _ in .json(Self.noResults) }
    defer { server.stop() }

    _ = try await OpenLibrary(baseURL: server.baseURL)
      .search(SearchQuery(query: "swift", sort: .latest, page: 3, size: 20))

    let request = try #require(server.requests.first)
    #expect(
      request.query == ["q": "swift", "page": "3", "limit": "20", "sort": "new", "fields": Self.fields])
  }

  // MARK: - Answers

  @Test func mapsAResultOntoAKakaoShapedBook() async throws {
    let server = try StubHTTPServer { _ in .json(Self.results) }
    defer { server.stop() }

    let page = try await OpenLibrary(baseURL: server.baseURL).search(SearchQuery(query: "harry"))

    let book = try #require(page.documents.first)
    #expect(book.title == "Harry Potter and the Philosopher's Stone")
    #expect(book.authors == ["J. K. Rowling", "Mary GrandPré"])
    #expect(book.publisher == "Bloomsbury")
    #expect(book.isbn == "0747532745 9780747532743")
    #expect(book.id.rawValue == "9780747532743")
    #expect(book.url == "http://127.0.0.1:\(server.port)/works/OL82563W")
    #expect(book.thumbnail == "https://covers.openlibrary.org/b/id/10521270-M.jpg")
    #expect(book.datetime.map(KakaoDate.format) == "1997-01-01T00:00:00.000+09:00")
    #expect(book.contents == "Mr. and Mrs. Dursley were proud to say that they were perfectly normal.")
    #expect(book.price == 0 && book.salePrice == -1)
    #expect(book.translators.isEmpty && book.status.isEmpty)
  }

  @Test func keepsOnlyAnIsbn13WhenThereIsNoIsbn10AndLeavesMissingFieldsEmpty() async throws {
    let server = try StubHTTPServer { _ in .json(Self.results) }
    defer { server.stop() }

    let page = try await OpenLibrary(baseURL: server.baseURL).search(SearchQuery(query: "소년"))

    try #require(page.documents.count >= 2)
    let book = page.documents[1]
    #expect(book.title == "소년이 온다")
    #expect(book.isbn == "9791190090018")
    #expect(book.thumbnail.isEmpty && book.contents.isEmpty && book.publisher.isEmpty)
    #expect(book.datetime == nil)
    #expect(book.authors.isEmpty)
  }

  @Test func skipsResultsWithoutATitleAndIgnoresFieldsOfTheWrongType() async throws {
    let server = try StubHTTPServer { _ in .json(Self.results) }
    defer { server.stop() }

    let page = try await OpenLibrary(baseURL: server.baseURL).search(SearchQuery(query: "x"))

    #expect(page.documents.map(\.title) == ["Harry Potter and the Philosopher's Stone", "소년이 온다", "Odd"])
    let odd = try #require(page.documents.last)
    #expect(odd.datetime == nil && odd.thumbnail.isEmpty && odd.authors.isEmpty)
    #expect(odd.contents == "A single sentence.")
  }

  @Test(arguments: [
    // (numFound, page, size, pageable_count, is_end)
    (25, 1, 10, 25, false),
    (25, 2, 10, 25, false),
    (25, 3, 10, 25, true),
    (20, 2, 10, 20, true),
    (0, 1, 10, 0, true),
    (100_000, 49, 10, 500, false),
    (100_000, 50, 10, 500, true),
  ])
  func numFoundBecomesKakaosPagingMeta(
    numFound: Int, page: Int, size: Int, pageable: Int, isEnd: Bool
  ) async throws {
    let server = try StubHTTPServer { _ in .json(#"{"numFound":\#(numFound),"start":0,"docs":[]}"#) }
    defer { server.stop() }

    let result = try await OpenLibrary(baseURL: server.baseURL)
      .search(SearchQuery(query: "x", page: page, size: size))

    #expect(result.meta == .init(totalCount: numFound, pageableCount: pageable, isEnd: isEnd))
  }

  // MARK: - Errors

  @Test(arguments: [
    ("<!DOCTYPE html><html>busy</html>", "the body is not JSON"),
    (#"{"docs":[]}"#, "missing numFound"),
    (#"{"numFound":"many","docs":[]}"#, "unexpected type at numFound"),
  ])
  func successWithoutOpenLibrarysJSONIsAnInvalidResponse(body: String, detail: String) async throws {
    let server = try StubHTTPServer { _ in .json(body) }
    defer { server.stop() }

    let error = try await searchError(server)

    #expect(error == .invalidResponse(provider: "Open Library", detail: detail))
  }

  @Test(arguments: [500, 503])
  func serverFailuresAreServerErrors(status: Int) async throws {
    let server = try StubHTTPServer { _ in .init(status: status, body: Data("oops".utf8)) }
    defer { server.stop() }

    #expect(try await searchError(server) == .serverError(provider: "Open Library", status: status))
  }

  @Test(arguments: [401, 403, 404])
  func refusalsAreRejectedRequestsNotKeyProblems(status: Int) async throws {
    let server = try StubHTTPServer { _ in .init(status: status) }
    defer { server.stop() }

    let error = try await searchError(server)

    #expect(error.status == status)
    #expect(!error.isKeyProblem)
    #expect(error.description == "Open Library refused the request (HTTP \(status))")
  }

  @Test func tooManyRequestsMeansRateLimited() async throws {
    let server = try StubHTTPServer { _ in .init(status: 429) }
    defer { server.stop() }

    #expect(try await searchError(server) == .rateLimited(provider: "Open Library"))
  }

  // MARK: - Helpers

  /// The error a search against `server` fails with.
  private func searchError(_ server: StubHTTPServer) async throws -> BookSearchError {
    try await OpenLibrary(baseURL: server.baseURL, timeout: 5).searchError(SearchQuery(query: "x"))
  }
}
