import BookProviders
import ChaekApp
import Foundation
import Testing

@Suite("Pages and fragments")
struct PageTests {
  @Test func theAppPageHasEveryScreenAndItsLabels() async throws {
    try await AppServer.with { app in
      let page = try await app.get("/")
      #expect(page.status == 200)
      #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
      for piece in [
        "<html lang=\"ko\">", "id=\"results\"", "id=\"recent\"", "id=\"saved\"", ">검색</", "담은 책", "최근 본 책",
        "전체 삭제", "담은 책을 모두 삭제할까요?", "type=\"search\"", "정확도순", "최신순", ">저자</option>",
      ] {
        #expect(page.text.contains(piece), "missing \(piece)")
      }
    }
  }

  @Test func bookTextIsAlwaysEscaped() async throws {
    try await AppServer.with { app in
      let rows = try await app.get("/fragments/results?query=img").text
      #expect(rows.contains("&lt;img src=x onerror=alert(1)&gt;"))
      #expect(!rows.contains("<img src=x"))
      #expect(!rows.contains("<b>bold</b>"))
      let id = try #require(rows.firstMatch(of: /data-book-id="([^"]+)"/)?.1)
      let detail = try await app.get("/fragments/books/\(id)").text
      #expect(detail.contains("&lt;img src=x onerror=alert(1)&gt;") && !detail.contains("<img src=x"))
      let cover = try await app.get("/covers/\(id).svg")
      #expect(cover.header("Content-Type")?.hasPrefix("image/svg+xml") == true)
      #expect(!cover.text.contains("<img") && cover.text.contains("&lt;img"))
    }
  }

  @Test func resultRowsCarryIdentityPriceHeartAndPagingHeaders() async throws {
    try await AppServer.with { app in
      _ = try await app.request("PUT", "/api/library/9788936433598")
      let reply = try await app.get("/fragments/results?query=%EC%B1%84%EC%8B%9D")
      #expect(reply.text.contains("data-book-id=\"9788936433598\""))
      #expect(reply.text.contains("<del") && reply.text.contains("12,000원") && reply.text.contains("10,800원"))
      #expect(reply.text.contains("aria-pressed=\"true\""))
      #expect(reply.header("X-Chaek-Is-End") == "true")
      let first = try await app.get("/fragments/results?query=%EC%8B%9C%EB%A6%AC%EC%A6%88&page=1")
      #expect(first.header("X-Chaek-Is-End") == "false" && first.header("X-Chaek-Total") == "25")
      #expect(try await app.get("/fragments/results?query=x&page=99").status == 400)
    }
  }

  @Test func javascriptURLsNeverBecomeLinks() async throws {
    try await AppServer.with { app in
      let rows = try await app.get("/fragments/results?query=%EC%86%8C%EB%85%84").text
      let id = try #require(rows.firstMatch(of: /data-book-id="([^"]+)"/)?.1)
      let detail = try await app.get("/fragments/books/\(id)").text
      #expect(!detail.contains("javascript:"))
      #expect(detail.contains("/covers/\(id).svg"))
    }
  }

  @Test func bookPageAndSearchAddressesRenderOnTheServer() async throws {
    try await AppServer.with { app in
      let search = try await app.get("/?query=%EC%B1%84%EC%8B%9D")
      #expect(search.text.contains("data-book-id=\"9788936433598\"") && search.text.contains("value=\"채식\""))
      let book = try await app.get("/books/9788936433598")
      #expect(
        book.status == 200
          && book.text.contains(
            "<dialog id=\"detail\" class=\"sheet\" aria-labelledby=\"detail-title\" open>")
      )
      #expect(book.text.contains("책 담기") && book.text.contains("검색하기"))
      #expect(try await app.get("/books/9780306406157").status == 404)
      #expect(try await app.get("/nowhere").status == 404)
    }
  }

  @Test func aLinkToNoBookIsAPageInKoreanNotJSON() async throws {
    try await AppServer.with { app in
      for (path, status, heading) in [
        ("/books/%20", 400, "책 주소가 아니에요"), ("/books/9780306406157", 404, "책을 찾을 수 없어요"),
        ("/nowhere", 404, "페이지를 찾을 수 없어요"),
      ] {
        let page = try await app.get(path)
        #expect(
          page.status == status && page.header("Content-Type")?.hasPrefix("text/html") == true, "\(path)")
        #expect(page.text.contains("<h1>\(heading)</h1>") && page.text.contains("href=\"/\""), "\(path)")
        #expect(!page.text.contains("errorType"), "\(path)")
      }
    }
  }

  @Test func aFirstVisitIsWelcomedAndEmptyScreensLeadOn() async throws {
    try await AppServer.with { app in
      let page = try await app.get("/").text
      #expect(page.contains("<section class=\"card welcome\"") && page.contains("href=\"/?query=ㅎㄹㅍㅌ\""))
      #expect(!page.contains("아직 본 책이 없습니다"))
      #expect(page.contains("아직 담은 책이 없어요") && page.contains("data-action=\"go-search\""))
      #expect(page.contains("data-total=\"0\""))
      let stats = try await app.get("/fragments/stats?year=2026&today=2026-07-01").text
      #expect(stats.contains("2026년에 다 읽은 책이 아직 없어요") && !stats.contains("<svg"))
      // 전체 삭제 comes after the list, away from the sort menu.
      let toolbar = try #require(page.range(of: "<div class=\"saved-toolbar\">"))
      let clear = try #require(page.range(of: "id=\"clear-all\""))
      let list = try #require(page.range(of: "id=\"saved\""))
      #expect(toolbar.lowerBound < list.lowerBound && list.lowerBound < clear.lowerBound)
    }
  }

  @Test func aSavedRowIsTakenOutWithItsHeartNotARedButton() async throws {
    try await AppServer.with { app in
      _ = try await app.request("PUT", "/api/library/9788936433598")
      let rows = try await app.get("/fragments/saved").text
      #expect(rows.contains("data-action=\"toggle-save\" aria-pressed=\"true\""))
      #expect(!rows.contains("class=\"delete\""))
    }
  }

  @Test func theOfflineCatalogAnswersQuietlyUnlessTheReaderChoseTheProvider() async throws {
    let dead = ["CHAEK_OPENLIBRARY_URL": "http://127.0.0.1:1", "CHAEK_KAKAO_URL": "http://127.0.0.1:1"]
    try await AppFixture.with(source: .auto, settings: try ProviderSettings(environment: dead)) { app in
      let page = await app.client.get("/?query=%EC%B1%84%EC%8B%9D").text
      #expect(page.contains("· 오프라인 목록에서 찾았어요</p>") && !page.contains("Open Library"))
    }
    var withKey = dead
    withKey["KAKAO_REST_API_KEY"] = "test-key"
    try await AppFixture.with(source: .auto, settings: try ProviderSettings(environment: withKey)) { app in
      let page = await app.client.get("/?query=%EC%B1%84%EC%8B%9D").text
      #expect(page.contains("· Kakao에 연결하지 못해 오프라인 목록에서 찾았어요</p>"))
    }
  }

  @Test func staticAssetsAreCachedAndCompressed() async throws {
    try await AppServer.with { app in
      let script = try await app.get("/static/app.js")
      #expect(script.status == 200)
      let etag = try #require(script.header("ETag"))
      #expect(try await app.get("/static/app.js", headers: ["If-None-Match": etag]).status == 304)
      #expect(try await app.get("/healthz").json()["status"] as? String == "ok")
    }
  }
}
