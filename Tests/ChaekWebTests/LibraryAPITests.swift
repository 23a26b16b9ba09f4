import BookModel
import Foundation
import Testing

@Suite("Library API")
struct LibraryAPITests {
  static let id = "9788936433598"

  @Test func saveListRemoveAndClear() async throws {
    try await AppServer.with { app in
      let first = try await app.request("PUT", "/api/library/\(Self.id)")
      #expect(first.status == 201)
      #expect(try first.json()["status"] as? String == "saved")
      let again = try await app.request("PUT", "/api/library/\(Self.id)")
      #expect(again.status == 200)
      #expect(try again.json()["status"] as? String == "already_saved")
      let list = try await app.get("/api/library").json()
      #expect(list["count"] as? Int == 1)
      let entry = try #require((list["books"] as? [[String: Any]])?.first)
      #expect(entry["id"] as? String == Self.id)
      #expect((entry["book"] as? [String: Any])?["title"] as? String == "채식주의자")
      #expect(try await app.get("/api/books/\(Self.id)").json()["saved"] as? Bool == true)
      #expect(try await app.request("DELETE", "/api/library/\(Self.id)").status == 200)
      #expect(try await app.request("DELETE", "/api/library/\(Self.id)").status == 404)
      _ = try await app.request("PUT", "/api/library/\(Self.id)")
      let cleared = try await app.request("DELETE", "/api/library")
      #expect(try cleared.json()["removed"] as? Int == 1)
      #expect(try await app.library.savedCount() == 0)
    }
  }

  @Test func saveWithTheBookAsBody() async throws {
    try await AppServer.with { app in
      let book = Book(title: "목록에 없는 책", isbn: "9791160401233", authors: ["누군가"])
      let body = try JSONEncoder().encode(book)
      #expect(try await app.request("PUT", "/api/library/9791160401233", body: body).status == 201)
      #expect(try await app.library.savedBook(book.id)?.book.title == "목록에 없는 책")
      let mismatch = try await app.request("PUT", "/api/library/9788936433598", body: body)
      #expect(mismatch.status == 400)
      #expect((try mismatch.json()["message"] as? String)?.contains("9791160401233") == true)
    }
  }

  @Test func badInputChangesNothing() async throws {
    try await AppServer.with { app in
      #expect(try await app.request("PUT", "/api/library/9780306406157").status == 404)
      #expect(try await app.request("PUT", "/api/library/not-an-id").status == 400)
      #expect(
        try await app.request("PUT", "/api/library/\(Self.id)", body: Data([0xFF, 0xFE, 0x00])).status == 400)
      #expect(
        try await app.request("PUT", "/api/library/\(Self.id)", body: Data("{\"title\":".utf8)).status == 400)
      let tooLarge = try await app.request("PUT", "/api/library/\(Self.id)", body: Data(count: 200_000))
      #expect(tooLarge.status == 413)
      let wrongMethod = try await app.request("POST", "/api/library")
      #expect(wrongMethod.status == 405)
      #expect(wrongMethod.header("Allow")?.contains("DELETE") == true)
      #expect(try await app.request("POST", "/api/recent/9780306406157").status == 404)
      #expect(try await app.get("/api/nothing").status == 404)
      #expect(try await app.library.savedCount() == 0)
      #expect(try await app.library.recent.list().isEmpty)
    }
  }

  @Test(arguments: [
    #"{"title":"채식주의자","isbn":"8936433598 9788936433598",}"#,
    #"{"title":"채식주의자","isbn":"8936433598 9788936433598","authors":["한강",]}"#,
    #"{"title":"채식주의자","isbn":"8936433598 9788936433598","price":99999999999999999999}"#,
    #"{"title":"채식주의자","isbn":"8936433598 9788936433598","price":1e30}"#,
    #"{"title":"채식주의자","isbn":"8936433598 9788936433598","sale_price":10800.5}"#,
    #"{"title":"채식주의자","isbn":"8936433598 9788936433598","price":"12,000"}"#,
    #"{"title":"x","title":"채식주의자","isbn":"8936433598 9788936433598"}"#,
  ])
  func aBookBodyThatIsNotStrictJSONOrHasPricesOutOfRangeIsRefused(body: String) async throws {
    try await AppServer.with { app in
      let reply = try await app.request("PUT", "/api/library/\(Self.id)", body: Data(body.utf8))
      #expect(reply.status == 400)
      #expect((try reply.json()["message"] as? String)?.contains("not a book document") == true)
      #expect(try await app.library.savedCount() == 0)
      let valid = #"{"title":"채식주의자","isbn":"8936433598 9788936433598","price":12000,"sale_price":"10800"}"#
      #expect(try await app.request("PUT", "/api/library/\(Self.id)", body: Data(valid.utf8)).status == 201)
    }
  }

  @Test func crossSiteRequestsMayNotChangeData() async throws {
    try await AppServer.with { app in
      let foreign = try await app.request(
        "PUT", "/api/library/\(Self.id)", headers: ["Origin": "http://evil.example"])
      #expect(foreign.status == 403)
      let crossSite = try await app.request(
        "DELETE", "/api/library", headers: ["Sec-Fetch-Site": "cross-site"])
      #expect(crossSite.status == 403)
      let sameOrigin = try await app.request(
        "PUT", "/api/library/\(Self.id)", headers: ["Origin": "http://127.0.0.1:\(app.port)"])
      #expect(sameOrigin.status == 201)
      #expect(try await app.library.savedCount() == 1)
    }
  }

  @Test func recentViewsThroughTheAPI() async throws {
    try await AppServer.with { app in
      #expect(try await app.request("POST", "/api/recent/\(Self.id)").status == 200)
      let recent = try await app.get("/api/recent").json()
      #expect((recent["books"] as? [[String: Any]])?.first?["id"] as? String == Self.id)
    }
  }

  @Test func tokenModeNeedsTheTokenEverywhere() async throws {
    try await AppServer.with(token: "s3cret") { app in
      #expect(try await app.get("/v3/search/book?query=a").status == 401)
      #expect(try await app.get("/").status == 401)
      #expect(try await app.get("/api/library", headers: ["Authorization": "Bearer wrong"]).status == 401)
      #expect(try await app.get("/api/library", headers: ["Authorization": "Bearer s3cret"]).status == 200)
      #expect(
        try await app.get("/v3/search/book?query=a", headers: ["Authorization": "KakaoAK s3cret"]).status
          == 200
      )
      let login = try await app.get("/?token=s3cret")
      #expect(login.status == 303)
      #expect(login.header("Set-Cookie")?.contains("chaek_token=s3cret") == true)
      #expect(login.header("Location") == "/")
      #expect(try await app.get("/", headers: ["Cookie": "chaek_token=s3cret"]).status == 200)
    }
  }
}
