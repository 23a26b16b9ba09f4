import BookModel
import Foundation
import Synchronization
import TestLibraries
import TestSupport
import Testing
import UserLibrary

@testable import BookCatalog
@testable import BookProviders
@testable import ChaekApp

@Suite("One book lookup: saved, recently viewed, catalog, then provider")
struct BookLookupTests {
  /// A book stored in four places, each copy with its own title.
  static let isbn = "9788936433598"
  static func copy(_ title: String) -> Book { Book(title: title, isbn: isbn, authors: ["한강"]) }

  /// A library and a catalog in memory, and a provider (Kakao) that answers with one copy and
  /// counts the requests it gets.
  final class Fixture: Sendable {
    let library: Library
    let catalog: Catalog
    let server: StubHTTPServer
    let service: SearchService
    let servicesMade = Mutex(0)

    init() async throws {
      library = try await TestLibrary.make()
      catalog = try Catalog(path: ":memory:", includingStarter: false)
      let page = """
        {"documents":[{"title":"provider","isbn":"\(BookLookupTests.isbn)","authors":["한강"]}],\
        "meta":{"is_end":true,"pageable_count":1,"total_count":1}}
        """
      server = try StubHTTPServer { _ in .json(page) }
      let settings = try ProviderSettings(
        environment: ["KAKAO_REST_API_KEY": "key", "CHAEK_KAKAO_URL": server.baseURL.absoluteString],
        timeout: 5)
      service = try SearchService(source: .kakao, settings: settings, catalog: catalog)
    }

    var lookup: BookLookup {
      BookLookup(library: library) { [self] in
        servicesMade.withLock { $0 += 1 }
        return service
      }
    }

    func title() async throws -> String? {
      try await lookup.book(#require(BookID(parsing: BookLookupTests.isbn)))?.title
    }
  }

  @Test func theLibraryAnswersFirstSavedBeforeRecentWithoutMakingASearchService() async throws {
    let fixture = try await Fixture()
    defer { fixture.server.stop() }
    try await fixture.catalog.upsert([Self.copy("catalog")], source: .imported)
    try await fixture.library.recent.record(Self.copy("recent"))
    try await fixture.library.save(Self.copy("saved"))

    #expect(try await fixture.title() == "saved")
    #expect(fixture.servicesMade.withLock { $0 } == 0, "no search service is made for a saved book")
    _ = try await fixture.library.remove(#require(BookID(parsing: Self.isbn)))
    #expect(try await fixture.title() == "recent")
    #expect(fixture.servicesMade.withLock { $0 } == 0)
    #expect(fixture.server.requests.isEmpty)
  }

  @Test func theCatalogAnswersBeforeTheProvider() async throws {
    let fixture = try await Fixture()
    defer { fixture.server.stop() }
    try await fixture.catalog.upsert([Self.copy("catalog")], source: .imported)
    #expect(try await fixture.title() == "catalog")
    #expect(fixture.server.requests.isEmpty, "the provider is not asked for a book the catalog has")
  }

  @Test func theProviderAnswersLastAndItsBookIsKeptInTheCatalog() async throws {
    let fixture = try await Fixture()
    defer { fixture.server.stop() }
    #expect(try await fixture.title() == "provider")
    #expect(fixture.server.requests.count == 1)
    #expect(try await fixture.catalog.book(#require(BookID(parsing: Self.isbn)))?.title == "provider")
  }

  @Test func aBookNobodyHasIsNil() async throws {
    let fixture = try await Fixture()
    defer { fixture.server.stop() }
    let unknown = Book(title: "no ISBN", url: "https://example.com/no-isbn").id
    #expect(try await fixture.lookup.book(unknown) == nil)
    #expect(fixture.server.requests.isEmpty, "only an ISBN is asked of the provider")
  }

  @Test func aJournalWriteTargetsTheSavedEntryElseTheBookToSaveWithIt() async throws {
    let fixture = try await Fixture()
    defer { fixture.server.stop() }
    try await fixture.catalog.upsert([Self.copy("catalog")], source: .imported)
    // Named by its ISBN-10: the write is for the ISBN-13 the lookup finds, to be saved with it.
    let named = try #require(BookID(parsing: "8936433598"))
    let unsaved = try #require(try await fixture.lookup.journalTarget(named))
    #expect(unsaved.id.rawValue == Self.isbn && unsaved.saving?.title == "catalog")
    try await fixture.library.save(Self.copy("saved"))
    let saved = try #require(try await fixture.lookup.journalTarget(named))
    #expect(saved.id.rawValue == Self.isbn && saved.saving == nil)
    let unknown = Book(title: "no ISBN", url: "https://example.com/no-isbn").id
    #expect(try await fixture.lookup.journalTarget(unknown) == nil)
  }
}
