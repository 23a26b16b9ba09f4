import Foundation
import Testing

/// Who may talk to the app: names that mean this machine (DNS rebinding is refused), and any
/// origin for the read-only Kakao search (CORS), while state changes stay same-origin.
@Suite("Access policy over HTTP", .timeLimit(.minutes(10)))
struct AccessPolicyTests {
  static let book = "9788936433598"

  // MARK: - Host

  @Test(arguments: ["localhost", "127.0.0.1", "[::1]", "LOCALHOST:8080", "127.0.0.1:PORT", "[::1]:80"])
  func namesThatMeanThisMachineAreAnswered(host: String) async throws {
    try await AppServer.with { app in
      let reply = try await app.get(
        "/api/library", headers: ["Host": host.replacingOccurrences(of: "PORT", with: "\(app.port)")])
      #expect(reply.status == 200)
    }
  }

  @Test(arguments: [
    "evil.example", "evil.example:PORT", "127.0.0.1.nip.io:PORT", "localhost.evil.example", "0.0.0.0:PORT",
    "localhost:", "localhost:80x", "127.0.0.2:PORT",
  ])
  func anyOtherHostIsRefusedAndChangesNothing(host: String) async throws {
    try await AppServer.with { app in
      let header = host.replacingOccurrences(of: "PORT", with: "\(app.port)")
      _ = try await app.request("PUT", "/api/library/\(Self.book)")
      let read = try await app.get("/api/library", headers: ["Host": header])
      #expect(read.status == 421)
      #expect(read.text.contains("MisdirectedRequest"))
      let delete = try await app.request("DELETE", "/api/library", headers: ["Host": header])
      #expect(delete.status == 421)
      #expect(try await app.get("/api/library").json()["count"] as? Int == 1)
    }
  }

  @Test func withATokenAnyHostIsAnsweredForTheTokenProtectsIt() async throws {
    try await AppServer.with(token: "s3cret") { app in
      let reply = try await app.get(
        "/api/library", headers: ["Host": "books.example:8080", "Authorization": "Bearer s3cret"])
      #expect(reply.status == 200)
      #expect(try await app.get("/api/library", headers: ["Host": "books.example"]).status == 401)
    }
  }

  // MARK: - CORS

  @Test func thePreflightOfTheKakaoSearchAllowsAnyOriginWithAuthorization() async throws {
    try await AppServer.with { app in
      let reply = try await app.request(
        "OPTIONS", "/v3/search/book?query=x",
        headers: [
          "Origin": "http://127.0.0.1:9", "Access-Control-Request-Method": "GET",
          "Access-Control-Request-Headers": "authorization", "Sec-Fetch-Site": "same-site",
        ])
      #expect(reply.status == 204)
      #expect(reply.header("Access-Control-Allow-Origin") == "*")
      #expect(reply.header("Access-Control-Allow-Methods") == "GET, HEAD, OPTIONS")
      #expect(reply.header("Access-Control-Allow-Headers") == "Authorization, Content-Type")
      #expect(reply.header("Access-Control-Max-Age") == "7200")
    }
  }

  @Test func kakaoSearchAnswersAndErrorsCarryAllowOriginStar() async throws {
    try await AppServer.with { app in
      let cross = ["Origin": "http://127.0.0.1:9", "Sec-Fetch-Site": "same-site"]
      let found = try await app.get("/v3/search/book?query=%EC%B1%84%EC%8B%9D", headers: cross)
      #expect(found.status == 200)
      #expect(found.header("Access-Control-Allow-Origin") == "*")
      let head = try await app.request("HEAD", "/v3/search/book?query=x", headers: cross)
      #expect(head.header("Access-Control-Allow-Origin") == "*")
      let bad = try await app.get("/v3/search/book", headers: cross)
      #expect(bad.status == 400)
      #expect(bad.header("Access-Control-Allow-Origin") == "*")
    }
  }

  @Test func withATokenThePreflightNeedsNoneButTheSearchDoesAndItsRefusalIsReadable() async throws {
    try await AppServer.with(token: "s3cret") { app in
      let cross = ["Origin": "http://elsewhere.example", "Sec-Fetch-Site": "cross-site"]
      let preflight = try await app.request(
        "OPTIONS", "/v3/search/book", headers: cross.merging(["Access-Control-Request-Method": "GET"]) { $1 })
      #expect(preflight.status == 204)
      let refused = try await app.get("/v3/search/book?query=x", headers: cross)
      #expect(refused.status == 401)
      #expect(refused.header("Access-Control-Allow-Origin") == "*")
      let allowed = try await app.get(
        "/v3/search/book?query=x", headers: cross.merging(["Authorization": "KakaoAK s3cret"]) { $1 })
      #expect(allowed.status == 200)
      #expect(allowed.header("Access-Control-Allow-Origin") == "*")
    }
  }

  @Test func nothingElseGetsCORSHeadersAndStateChangesStaySameOrigin() async throws {
    try await AppServer.with { app in
      let cross = ["Origin": "http://127.0.0.1:9", "Sec-Fetch-Site": "same-site"]
      for path in ["/api/library", "/healthz", "/", "/api/books/\(Self.book)"] {
        #expect(try await app.get(path, headers: cross).header("Access-Control-Allow-Origin") == nil)
      }
      let preflight = try await app.request(
        "OPTIONS", "/api/library/\(Self.book)",
        headers: cross.merging(["Access-Control-Request-Method": "PUT"]) { $1 })
      #expect(preflight.header("Access-Control-Allow-Origin") == nil)
      #expect(preflight.status >= 400)
      let put = try await app.request("PUT", "/api/library/\(Self.book)", headers: cross)
      #expect(put.status == 403)
      #expect(put.header("Access-Control-Allow-Origin") == nil)
      let post = try await app.request("POST", "/v3/search/book?query=x", headers: cross)
      #expect(post.status == 403)
      #expect(post.header("Access-Control-Allow-Origin") == nil)
      #expect(try await app.get("/api/library").json()["count"] as? Int == 0)
    }
  }
}
