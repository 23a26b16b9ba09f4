import BookModel
import Foundation
import TestLibraries
import TestSupport
import Testing
import UserLibrary

@testable import BookCatalog
@testable import BookProviders
@testable import ChaekApp

@Suite("Search service: provider choice, caching and fallback")
struct SearchServiceTests {
  func settings(kakao server: StubHTTPServer? = nil, openLibrary: URL? = nil, key: String? = "key") throws
    -> ProviderSettings
  {
    var environment = [
      "CHAEK_OPENLIBRARY_URL": (openLibrary ?? URL(string: "http://127.0.0.1:1")!).absoluteString
    ]
    if let server {
      environment["CHAEK_KAKAO_URL"] = server.baseURL.absoluteString
      environment["KAKAO_REST_API_KEY"] = key
    }
    return try ProviderSettings(environment: environment, timeout: 2)
  }

  @Test func savedBooksFollowTheStarterRecordAProvidersResultReplaces() async throws {
    let page = """
      {"documents":[{"title":"토지","isbn":"9791188862290","authors":["박경리"],\
      "publisher":"다산책방","url":"https://search.daum.net/search?w=bookpage&bookId=1"}],\
      "meta":{"is_end":true,"pageable_count":1,"total_count":1}}
      """
    let server = try StubHTTPServer { _ in .json(page) }
    defer { server.stop() }
    let catalog = try Catalog(path: ":memory:")
    let library = try await TestLibrary.make()
    let starter = try #require(try await catalog.search(SearchQuery(query: "토지")).documents.first)
    #expect(starter.isbn.isEmpty)
    try await library.save(starter)
    let service = try SearchService(
      source: .kakao, settings: settings(kakao: server), catalog: catalog,
      following: { _ = try? await library.follow($0) })
    _ = try await service.search(SearchQuery(query: "토지"))
    #expect(try await library.savedBooks().map(\.book.id.rawValue) == ["9791188862290"])
  }

  @Test func autoUsesKakaoWhenAKeyIsSetAndKeepsWhatItReturns() async throws {
    let server = try StubHTTPServer { _ in .json(KakaoPages.twoBooks) }
    defer { server.stop() }
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let service = try SearchService(source: .auto, settings: settings(kakao: server), catalog: catalog)
    #expect(service.providerName == "Kakao")
    let outcome = try await service.search(SearchQuery(query: "채식"))
    #expect(outcome.answeredBy == "Kakao" && outcome.notice == nil)
    #expect(outcome.page.meta.totalCount == 57)
    let offline = try await catalog.search(SearchQuery(query: "채식"))
    #expect(offline.documents.map(\.title) == ["채식주의자"])
    #expect(offline.documents.first?.salePrice == 10800)
  }

  @Test func autoWithoutAKeyUsesOpenLibrary() throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let service = try SearchService(source: .auto, settings: settings(), catalog: catalog)
    #expect(service.providerName == "Open Library")
  }

  @Test func autoFallsBackToTheCatalogAndSaysWhy() async throws {
    let server = try StubHTTPServer { _ in
      .json(#"{"errorType":"AccessDeniedError","message":"wrong appKey"}"#, status: 401)
    }
    defer { server.stop() }
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert([Book(title: "채식주의자", authors: ["한강"])], source: .imported)
    let service = try SearchService(source: .auto, settings: settings(kakao: server), catalog: catalog)
    let outcome = try await service.search(SearchQuery(query: "채식"))
    #expect(outcome.answeredBy == "catalog")
    #expect(outcome.page.documents.map(\.title) == ["채식주의자"])
    let notice = try #require(outcome.notice)
    #expect(notice.contains("rejected the API key") && notice.contains("offline catalog"))
  }

  @Test func anExplicitProviderFailsInsteadOfFallingBack() async throws {
    let server = try StubHTTPServer { _ in .json("{}", status: 503) }
    defer { server.stop() }
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let service = try SearchService(source: .kakao, settings: settings(kakao: server), catalog: catalog)
    let error = await #expect(throws: BookSearchError.self) {
      try await service.search(SearchQuery(query: "x"))
    }
    #expect(error?.status == 503)
    #expect(throws: BookSearchError.missingKey(provider: "Kakao")) {
      try SearchService(source: .kakao, settings: try settings(), catalog: catalog)
    }
  }

  @Test func bookLookupAsksTheProviderForAnUnknownIsbn() async throws {
    let server = try StubHTTPServer { _ in .json(KakaoPages.twoBooks) }
    defer { server.stop() }
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let service = try SearchService(source: .auto, settings: settings(kakao: server), catalog: catalog)
    let id = try #require(BookID(parsing: "9788936433598"))
    #expect(try await service.book(id)?.title == "채식주의자")
    #expect(server.requests.first?.query["target"] == "isbn")
    #expect(try await catalog.book(id) != nil)
  }

  @Test func invalidProviderURLsAreNamed() {
    #expect(throws: SettingsError(message: "CHAEK_OPENLIBRARY_URL is not an http(s) URL: file:///etc")) {
      try ProviderSettings(environment: ["CHAEK_OPENLIBRARY_URL": "file:///etc"])
    }
  }
}
