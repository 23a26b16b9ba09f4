import Foundation
import HTTPRouting
import HTTPTransport
import Testing

/// The app's layers, outside in: nosniff on every response; gzip for clients that accept it; the
/// access policy, which answers before any route runs; the routes.
@Suite("The app's layers", .timeLimit(.minutes(10)))
struct LayerTests {
  @Test(
    arguments: [
      (HTTPMethod.GET, "/healthz", [:], 200), (.GET, "/api/nothing", [:], 404), (.GET, "/nothing", [:], 404),
      (.PATCH, "/api/library", [:], 405), (.GET, "/v3/search/book", [:], 400),
      (.GET, "/api/library", ["Host": "evil.example"], 421),
      (.PUT, "/api/library/9788936433598", ["Sec-Fetch-Site": "cross-site"], 403),
    ] as [(HTTPMethod, String, HTTPHeaders, Int)])
  func everyResponseSaysNosniff(method: HTTPMethod, path: String, headers: HTTPHeaders, status: Int)
    async throws
  {
    try await AppFixture.with { app in
      let reply = await app.client.send(method, path, headers: headers)
      #expect(reply.status == status)
      #expect(reply.headers["X-Content-Type-Options"] == "nosniff")
    }
  }

  @Test func refusalsAreKakaoShapedJSONWithNosniff() async throws {
    try await AppFixture.with { app in
      let refused = app.client.refuse(
        HTTPRefusal(status: 413, message: "the request body is larger than 65536 bytes"))
      #expect(refused.status == 413)
      #expect(
        refused.text
          == #"{"errorType":"PayloadTooLarge","message":"the request body is larger than 65536 bytes"}"#)
      #expect(refused.headers["Content-Type"] == "application/json; charset=utf-8")
      #expect(refused.headers["X-Content-Type-Options"] == "nosniff")
    }
  }

  @Test func overTheServerABodyOverTheLimitGetsTheKakaoShaped413() async throws {
    try await AppServer.with { app in
      let reply = try await app.request(
        "PUT", "/api/library/9788936433598", body: Data(count: 70_000),
        headers: ["Content-Type": "application/json"])
      #expect(reply.status == 413)
      #expect(try reply.json()["errorType"] as? String == "PayloadTooLarge")
      #expect(reply.header("X-Content-Type-Options") == "nosniff")
      #expect(try await app.library.savedCount() == 0)
    }
  }

  @Test func gzipOnlyForClientsThatAcceptIt() async throws {
    try await AppFixture.with { app in
      let path = "/v3/search/book?query=%EC%8B%9C%EB%A6%AC%EC%A6%88&size=50"
      let gzipped = await app.client.get(path, headers: ["Accept-Encoding": "gzip"])
      #expect(gzipped.headers["Content-Encoding"] == "gzip")
      #expect(gzipped.body.starts(with: [0x1f, 0x8b]))
      let plain = await app.client.get(path)
      #expect(plain.headers["Content-Encoding"] == nil)
      #expect(plain.text.hasPrefix(#"{"documents":["#))
      for reply in [gzipped, plain] { #expect(reply.headers["Vary"] == "Accept-Encoding") }
    }
  }

  @Test func theAccessPolicyAnswersBeforeAnyRouteRuns() async throws {
    try await AppFixture.with { app in
      // The library is broken, so a route that ran would answer 500.
      try await FailureTests.breakLibrary(at: app.libraryPath)
      let misdirected = await app.client.get("/api/library", headers: ["Host": "evil.example"])
      #expect(misdirected.status == 421)
      let crossSite = await app.client.send(
        .DELETE, "/api/library", headers: ["Origin": "http://evil.example", "Host": "127.0.0.1"])
      #expect(crossSite.status == 403)
      #expect(app.log.all.isEmpty)
    }
    try await AppFixture.with(token: "s3cret") { app in
      #expect(await app.client.get("/api/nothing").status == 401)
      #expect(await app.client.get("/api/nothing", headers: ["Authorization": "Bearer s3cret"]).status == 404)
    }
  }
}
