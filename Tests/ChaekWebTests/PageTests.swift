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
