import BookModel
import TestSupport
import Testing

@testable import BookCatalog
@testable import BookProviders
@testable import ChaekApp

@Suite("The search service keeps every ISBN of Open Library's results")
struct SearchServiceOtherISBNsTests {
  /// A search response whose one doc lists three ISBNs: an ISBN-13, an invalid one, an ISBN-10.
  static let searchResponse = """
    {"numFound":1,"start":0,"docs":[{"key":"/works/OL82563W",\
    "title":"Harry Potter and the Philosopher's Stone","author_name":["J. K. Rowling"],\
    "isbn":["9780747532743","9780747532744","0590353403"],"first_publish_year":1997}]}
    """

  @Test func openLibraryResultsKeptByTheServiceAreFoundByEveryISBN() async throws {
    let server = try StubHTTPServer { _ in .json(Self.searchResponse) }
    defer { server.stop() }
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let settings = try ProviderSettings(
      environment: ["CHAEK_OPENLIBRARY_URL": server.baseURL.absoluteString], timeout: 2)
    let service = try SearchService(source: .openlibrary, settings: settings, catalog: catalog)

    _ = try await service.search(SearchQuery(query: "harry potter"))
    let offline = try await catalog.search(SearchQuery(query: "0590353403", target: .isbn))
    #expect(offline.documents.map(\.id.rawValue) == ["9780747532743"])
  }

  @Test func theServiceFindsABookByAnotherISBNOfTheProvidersResult() async throws {
    let server = try StubHTTPServer { _ in .json(Self.searchResponse) }
    defer { server.stop() }
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let settings = try ProviderSettings(
      environment: ["CHAEK_OPENLIBRARY_URL": server.baseURL.absoluteString], timeout: 2)
    let service = try SearchService(source: .openlibrary, settings: settings, catalog: catalog)

    let found = try await service.book(try #require(BookID(parsing: "0590353403")))
    #expect(found?.id.rawValue == "9780747532743")
    #expect(server.requests.count == 1)
    #expect(
      try await service.book(try #require(BookID(parsing: "0590353403")))?.id == found?.id,
      "now from the catalog")
    #expect(server.requests.count == 1)
  }
}
