import BookModel
import ChaekApp
import Foundation
import HTTPRouting
import HTTPTransport

extension WebApp {
  // MARK: - Pages

  /// `GET /`, `GET /saved` and `GET /stats`: the whole app, with the first page of results when the
  /// address has a query, so a search can be bookmarked and works without the script; `/saved`
  /// takes `shelf` and `tag`, `/stats` takes `year` and `q` (a search of notes and quotes). An
  /// address whose search or year cannot be read is a page in Korean that says so (400); a
  /// failure underneath (the library's database) is the plain 500 with its id in the log, never a
  /// page with parts silently missing.
  func page(_ request: HTTPRequest, tab: Page.Tab) async throws -> HTTPResponse {
    do {
      var page = Page(tab: tab)
      try await fill(&page, request: request)
      if tab == .stats {
        page.stats = try await statsScreen(request)
        page.noteQuery = request.query["q"] ?? ""
        page.noteHits = try await noteHits(page.noteQuery, for: request.reader)
      }
      return .html(page.body.description)
    } catch is SearchQueryError {
      return Self.problemPage("검색 조건을 읽을 수 없어요", "검색어와 조건을 다시 골라 검색해 보세요.", status: 400)
    } catch let error as APIError where error.status == 400 {
      return Self.problemPage("이 주소를 읽을 수 없어요", "주소가 잘렸거나 잘못 옮겨진 것 같아요.", status: 400)
    }
  }

  /// `GET /books/{id}`: the app with the book's detail open; a page that says why in Korean when
  /// the address names no book (400), no book is known by it (404), or the provider that would
  /// know it cannot be reached (its status).
  func bookPage(_ request: HTTPRequest) async throws -> HTTPResponse {
    let book: Book
    do {
      book = try await self.book(for: request)
    } catch let error as APIError where error.status == 404 {
      return Self.problemPage("책을 찾을 수 없어요", "이 주소의 책이 목록에 없어요. 제목이나 저자로 검색해 보세요.", status: 404)
    } catch let error as APIError where error.status == 400 {
      return Self.problemPage("책 주소가 아니에요", "주소가 잘렸거나 잘못 옮겨진 것 같아요. 검색에서 책을 찾아 열어 보세요.", status: 400)
    } catch let error as BookSearchError {
      return Self.problemPage(
        "지금은 책 정보를 가져올 수 없어요", "책을 찾아 줄 곳에 연결하지 못했어요. 잠시 뒤 다시 열어 보세요.",
        status: error.response.status)
    }
    var page = Page(tab: .search)
    page.detail = BookViews.detail(try await chaek.sheet(of: book, for: request.reader))
    try await fill(&page, request: request)
    return .html(page.body.description)
  }

  private static func problemPage(_ heading: String, _ detail: String, status: Int) -> HTTPResponse {
    .html(Page.problem(heading, detail).description, status: status)
  }

  /// What every tab of the page shows: 담은 책's first rows and filters, 최근 본 책, and the
  /// results of the address's search (none without a `query`).
  private func fill(_ page: inout Page, request: HTTPRequest) async throws {
    if try await chaek.hasAccounts() { page.signedIn = request.reader.name }
    let filter = SavedFilter(request)
    let order = try await chaek.savedOrder(for: request.reader)
    let saved = try await chaek.savedPage(
      sortedBy: order, shelf: filter.shelf, tag: filter.tag, limit: Self.savedPageSize, for: request.reader)
    page.savedOrder = order
    page.saved = HTML.join(saved.books.map(BookViews.savedRow))
    page.savedCount = saved.total
    page.savedHasMore = saved.facets.matching(shelf: filter.shelf) > Self.savedPageSize
    page.savedFilters = SavedFilters(facets: saved.facets, shelf: filter.shelf, tag: filter.tag).html
    page.recent = HTML.join(
      try await chaek.recentViews(for: request.reader).map { BookViews.recentItem($0.book) })
    guard let text = request.query["query"], !text.isEmpty else { return }
    let query = try SearchQuery(parameters: request.query)
    page.query = query.query
    page.target = query.target
    page.sort = query.sort
    let fragment = try await results(for: query, for: request.reader)
    page.results = fragment.rows
    page.resultsAreComplete = fragment.isEnd
    page.resultsStatus = fragment.status
  }

  // MARK: - Fragments for the script

  /// `GET /fragments/results?query=&target=&sort=&page=`: result rows, plus headers the script
  /// reads: `X-Chaek-Is-End`, `X-Chaek-Total`, `X-Chaek-Status` (percent-encoded text).
  func resultsFragment(_ request: HTTPRequest) async throws -> HTTPResponse {
    let query = try SearchQuery(parameters: request.query)
    let fragment = try await results(for: query, for: request.reader)
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
  func recentFragment(_ request: HTTPRequest) async throws -> HTTPResponse {
    let views = try await chaek.recentViews(for: request.reader)
    var response = HTTPResponse.html(HTML.join(views.map { BookViews.recentItem($0.book) }).description)
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// `GET /fragments/read-next`: the 다음에 읽을 책 strip's items. The page asks for them once
  /// loaded (they take a few catalog searches) and after each change to the journal.
  func readNextFragment(_ request: HTTPRequest) async throws -> HTTPResponse {
    let items = try await chaek.readNext(for: request.reader).map(BookViews.readNextItem)
    var response = HTTPResponse.html(HTML.join(items).description)
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// How many rows of 담은 책 a page shows at first and each "더 보기" adds.
  static let savedPageSize = 100
  /// The most rows one request renders (a refresh asks for every row already shown).
  static let savedPageLimit = 2_000

  /// `GET /fragments/saved?sort=title|added|finished|rating|author&shelf=&tag=&offset=&limit=`: the
  /// 담은 책 rows in that order (the reader's last chosen without `sort`), on the shelf and with the
  /// tag when given, ``savedPageSize`` of them unless `limit` says (at most
  /// ``savedPageLimit``); `X-Chaek-Count` has the number of saved books (all of them),
  /// `X-Chaek-Matching` the number the filter matches.
  func savedFragment(_ request: HTTPRequest) async throws -> HTTPResponse {
    let order = try request.querySavedOrder()
    let filter = SavedFilter(request)
    let limit = min(max(try request.queryInteger("limit") ?? Self.savedPageSize, 1), Self.savedPageLimit)
    let offset = max(try request.queryInteger("offset") ?? 0, 0)
    let saved = try await chaek.savedPage(
      sortedBy: order, shelf: filter.shelf, tag: filter.tag, limit: limit, offset: offset, for: request.reader
    )
    var response = HTTPResponse.html(HTML.join(saved.books.map(BookViews.savedRow)).description)
    response.headers["X-Chaek-Count"] = String(saved.total)
    response.headers["X-Chaek-Matching"] = String(saved.facets.matching(shelf: filter.shelf))
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// `GET /fragments/saved-filters?shelf=&tag=`: the shelf and tag chips with their counts.
  func savedFiltersFragment(_ request: HTTPRequest) async throws -> HTTPResponse {
    var response = HTTPResponse.html(
      try await savedFilters(SavedFilter(request), for: request.reader).description)
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// `GET /fragments/books/{id}?query=&target=`: the detail sheet's content, with the journal when
  /// it is saved, and what the search it was opened from (`query`, `target`) matched marked.
  func detailFragment(_ request: HTTPRequest) async throws -> HTTPResponse {
    let book = try await book(for: request)
    let highlights = Highlights(
      query: request.query["query"] ?? "", target: request.query["target"].flatMap(SearchQuery.Target.init))
    var response = HTTPResponse.html(
      BookViews.detail(try await chaek.sheet(of: book, for: request.reader), highlights: highlights)
        .description
    )
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

  // MARK: - 담은 책

  /// The shelf and tag a 담은 책 address asks for (`?shelf=read&tag=소설`).
  struct SavedFilter {
    var shelf: Shelf?
    var tag: String?

    init(_ request: HTTPRequest) {
      shelf = request.query["shelf"].flatMap(Shelf.init(rawValue:))
      tag = request.query["tag"].flatMap { $0.isEmpty ? nil : $0 }
    }
  }

  private func savedFilters(_ filter: SavedFilter, for reader: Reader) async throws -> HTML {
    SavedFilters(
      facets: try await chaek.savedFacets(shelf: filter.shelf, tag: filter.tag, for: reader),
      shelf: filter.shelf,
      tag: filter.tag
    ).html
  }

  // MARK: - Results

  private struct Results {
    var rows: HTML = ""
    var status = ""
    var total = 0
    var isEnd = true
    var failed = false
  }

  /// The results of `query` for `reader`, one row per work; a provider's failure is said in the
  /// reader's words, a failure underneath (the catalog's database) is thrown.
  private func results(for query: SearchQuery, for reader: Reader) async throws -> Results {
    do {
      let (outcome, rows) = try await chaek.searchWorks(query, for: reader)
      var results = Results()
      let highlights = Highlights(query: query.query, target: query.target)
      results.rows = HTML.join(rows.map { BookViews.resultRow($0, highlights: highlights) })
      results.total = outcome.page.meta.totalCount
      results.isEnd = outcome.page.meta.isEnd
      let count = outcome.page.meta.totalCount
      results.status =
        count == 0 ? "‘\(query.query)’에 맞는 책이 없어요." : "‘\(query.query)’ 검색 결과 \(Won.grouped(count))권"
      if let reason = outcome.fallbackReason {
        results.status +=
          outcome.providerIsChosen
          ? " · \(reason.provider)에 연결하지 못해 오프라인 목록에서 찾았어요" : " · 오프라인 목록에서 찾았어요"
      }
      return results
    } catch let error as BookSearchError {
      return Results(status: error.readerMessage, failed: true)
    }
  }
}
