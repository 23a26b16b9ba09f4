import BookModel
import ChaekApp
import Foundation
import HTTPRouting
import HTTPTransport
import UserLibrary

extension WebApp {
  // MARK: - Pages

  /// `GET /` and `GET /saved`: the whole app, with the first page of results when the address has
  /// a query, so a search can be bookmarked and works without the script.
  func page(_ request: HTTPRequest, tab: Page.Tab) async -> HTTPResponse {
    var page = Page(tab: tab)
    await fill(&page, request: request)
    return .html(page.body.description)
  }

  /// `GET /books/{id}`: the app with the book's detail open.
  func bookPage(_ request: HTTPRequest) async throws -> HTTPResponse {
    let book: Book
    do {
      book = try await self.book(for: request)
    } catch let error as APIError where error.status == 404 {
      return .html(Page.notFound().description, status: 404)
    }
    var page = Page(tab: .search)
    let saved = (try? await library.contains(book.id)) ?? false
    page.detail = BookViews.detail(book, saved: saved)
    await fill(&page, request: request)
    return .html(page.body.description)
  }

  private func fill(_ page: inout Page, request: HTTPRequest) async {
    let savedBooks = (try? await library.savedBooks(sortedBy: .title)) ?? []
    page.saved = HTML.join(savedBooks.map { BookViews.savedRow($0.book, savedAt: $0.savedAt) })
    page.savedCount = savedBooks.count
    page.recent = HTML.join(((try? await library.recentViews()) ?? []).map { BookViews.recentItem($0.book) })
    guard let query = try? SearchQuery(parameters: request.query) else { return }
    page.query = query.query
    page.target = query.target
    page.sort = query.sort
    let fragment = await results(for: query, saved: Set(savedBooks.map(\.book.id)))
    page.results = fragment.rows
    page.resultsAreComplete = fragment.isEnd
    page.resultsStatus = fragment.status
  }

  // MARK: - Fragments for the script

  /// `GET /fragments/results?query=&target=&sort=&page=`: result rows, plus headers the script
  /// reads: `X-Chaek-Is-End`, `X-Chaek-Total`, `X-Chaek-Status` (percent-encoded text).
  func resultsFragment(_ request: HTTPRequest) async throws -> HTTPResponse {
    let query = try SearchQuery(parameters: request.query)
    let saved = (try? await library.savedIDs()) ?? []
    let fragment = await results(for: query, saved: saved)
    guard fragment.failed == false else {
      throw APIError(status: 502, errorType: "ProviderError", message: fragment.status)
    }
    var response = HTTPResponse.html(fragment.rows.description)
    response.headers["X-Chaek-Is-End"] = fragment.isEnd ? "true" : "false"
    response.headers["X-Chaek-Total"] = String(fragment.total)
    response.headers["X-Chaek-Status"] = Self.headerSafe(fragment.status)
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// `GET /fragments/recent`: the 최근 본 책 strip's items.
  func recentFragment() async -> HTTPResponse {
    let views = (try? await library.recentViews()) ?? []
    var response = HTTPResponse.html(HTML.join(views.map { BookViews.recentItem($0.book) }).description)
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// `GET /fragments/saved?sort=title|added`: the 담은 책 rows; `X-Chaek-Count` has the count.
  func savedFragment(_ request: HTTPRequest) async throws -> HTTPResponse {
    let order = SavedOrder(rawValue: request.query["sort"] ?? "title") ?? .title
    let books = try await library.savedBooks(sortedBy: order)
    var response = HTTPResponse.html(
      HTML.join(books.map { BookViews.savedRow($0.book, savedAt: $0.savedAt) }).description)
    response.headers["X-Chaek-Count"] = String(books.count)
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// `GET /fragments/books/{id}`: the detail sheet's content.
  func detailFragment(_ request: HTTPRequest) async throws -> HTTPResponse {
    let book = try await book(for: request)
    let saved = (try? await library.contains(book.id)) ?? false
    var response = HTTPResponse.html(BookViews.detail(book, saved: saved).description)
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// `GET /covers/{id}.svg`: a generated cover.
  func cover(_ request: HTTPRequest) async throws -> HTTPResponse {
    let file = request.pathParameters["file"] ?? ""
    guard file.hasSuffix(".svg") else { throw APIError.notFound("no such cover") }
    var parameters = request
    parameters.pathParameters["id"] = String(file.dropLast(4))
    let book = try await book(for: parameters)
    var response = HTTPResponse(status: 200, body: Data(CoverArt.svg(for: book).utf8))
    response.headers["Content-Type"] = "image/svg+xml; charset=utf-8"
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response
  }

  // MARK: - Results

  private struct Results {
    var rows: HTML = ""
    var status = ""
    var total = 0
    var isEnd = true
    var failed = false
  }

  private func results(for query: SearchQuery, saved: Set<BookID>) async -> Results {
    do {
      let outcome = try await search.search(query)
      var results = Results()
      results.rows = HTML.join(
        outcome.page.documents.map { BookViews.resultRow($0, saved: saved.contains($0.id)) })
      results.total = outcome.page.meta.totalCount
      results.isEnd = outcome.page.meta.isEnd
      let count = outcome.page.meta.totalCount
      results.status =
        count == 0 ? "‘\(query.query)’에 대한 검색 결과가 없습니다." : "‘\(query.query)’ 검색 결과 \(Won.grouped(count))권"
      if outcome.fallbackReason != nil {
        results.status += " · 오프라인 목록에서 찾았습니다 (\(outcome.fallbackReason.map { $0.provider } ?? "") 연결 실패)"
      }
      return results
    } catch {
      return Results(status: "검색하지 못했습니다: \(error.description)", failed: true)
    }
  }
}
