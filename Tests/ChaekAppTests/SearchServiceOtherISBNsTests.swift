import BookModel
import TestSupport
import Testing

@testable import BookCatalog
@testable import BookProviders
@testable import ChaekApp

@Suite("The search service keeps every ISBN of Open Library's results")
struct SearchServiceOtherISBNsTests {
  /// A catalog, and a search service whose Open Library answers every search with one work of
  /// three ISBNs; the caller stops the server.
  static func service() throws -> (SearchService, Catalog, StubHTTPServer) {
    let server = try StubHTTPServer { _ in .json(OpenLibraryPages.threeISBNs) }
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let settings = try ProviderSettings(
      environment: ["CHAEK_OPENLIBRARY_URL": server.baseURL.absoluteString], timeout: 2)
    return (try SearchService(source: .openlibrary, settings: settings, catalog: catalog), catalog, server)
  }

  @Test func openLibraryResultsKeptByTheServiceAreFoundByEveryISBN() async throws {
    let (service, catalog, server) = try Self.service()
    defer { server.stop() }
    _ = try await service.search(SearchQuery(query: "harry potter"))
    let offline = try await catalog.search(SearchQuery(query: "0590353403", target: .isbn))
    #expect(offline.documents.map(\.id.rawValue) == ["9780747532743"])
  }

  @Test func theServiceFindsABookByAnotherISBNOfTheProvidersResult() async throws {
    let (service, _, server) = try Self.service()
    defer { server.stop() }
    let otherISBN = try #require(BookID(parsing: "0590353403"))
    let found = try await service.book(otherISBN)
    #expect(found?.id.rawValue == "9780747532743")
    #expect(server.requests.count == 1)
    #expect(try await service.book(otherISBN)?.id == found?.id, "now from the catalog")
    #expect(server.requests.count == 1)
  }
}
