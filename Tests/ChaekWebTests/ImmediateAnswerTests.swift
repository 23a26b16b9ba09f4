import ChaekApp
import ChaekWeb
import Foundation
import HTTPRouting
import HTTPTransport
import Testing

/// What the app answers at once (static files, the service worker, the manifest, and the access
/// policy's refusals of them) is what its waiting path answers; once readers have accounts,
/// nothing is answered at once, since a session is read from the store.
@Suite("Immediate answers")
struct ImmediateAnswerTests {
  static func request(
    _ path: String, method: HTTPMethod = .GET, query: [String: String] = [:], headers: HTTPHeaders = [:],
    from address: String? = "127.0.0.1"
  ) -> HTTPRequest {
    HTTPRequest(method: method, path: path, query: query, headers: headers, clientAddress: address)
  }

  /// The app's immediate answer to `request`, asked right after the use cases read whether readers
  /// have accounts (the answer the policy needs is remembered for a moment), and taken once that
  /// answer is still remembered after it: the policy saw it too.
  static func immediate(_ request: HTTPRequest, of fixture: AppFixture) async throws -> HTTPResponse? {
    let responder = fixture.app.responder
    for _ in 0..<20 {
      _ = try await fixture.chaek.hasAccounts()
      let response = responder.immediateResponse(to: request)
      if fixture.chaek.remembersAccounts != nil { return response }
    }
    Issue.record("whether readers have accounts was never remembered")
    return nil
  }

  static func expectSame(_ request: HTTPRequest, of fixture: AppFixture) async throws {
    let label = "\(request.method) \(request.path) \(request.headers)"
    let now = try #require(try await immediate(request, of: fixture), "\(label)")
    let waited = await fixture.app.responder.respond(to: request)
    #expect(now.status == waited.status, "\(label)")
    #expect(now.headers == waited.headers, "\(label)")
    guard case .data(let nowBody) = now.body, case .data(let waitedBody) = waited.body else {
      Issue.record("a body is not data: \(label)")
      return
    }
    #expect(nowBody == waitedBody, "\(label)")
  }

  @Test func staticFilesAndTheirRefusalsAreAnsweredAtOnceAsTheyAreWaitedFor() async throws {
    try await AppFixture.with { fixture in
      let css = try #require(try await Self.immediate(Self.request("/static/app.css"), of: fixture))
      #expect(css.status == 200)
      let etag = try #require(css.headers["ETag"])
      for request in [
        Self.request("/static/app.css"), Self.request("/static/app.css", method: .HEAD),
        Self.request("/static/app.css", headers: ["Accept-Encoding": "gzip, br"]),
        Self.request("/static/app.css", headers: ["If-None-Match": etag]),
        Self.request("/static/app.css", headers: ["Host": "localhost:8080"]),
        Self.request("/static/app.css", headers: ["Host": "attacker.example"]),
        Self.request("/static/app.css", from: "192.0.2.7"),
        Self.request("/static/no-such.css"), Self.request("/sw.js"),
        Self.request("/manifest.webmanifest"),
      ] {
        try await Self.expectSame(request, of: fixture)
      }
      #expect(
        try await Self.immediate(
          Self.request("/static/app.css", headers: ["Host": "attacker.example"]), of: fixture)?.status
          == 421)
      #expect(
        try await Self.immediate(Self.request("/static/app.css"), of: fixture)?.headers[
          "X-Content-Type-Options"] == "nosniff")
      #expect(try await Self.immediate(Self.request("/static/no-such.css"), of: fixture)?.status == 404)
      #expect(try await Self.immediate(Self.request("/"), of: fixture) == nil)
      #expect(try await Self.immediate(Self.request("/api/library"), of: fixture) == nil)
    }
  }

  @Test func withATokenTheTokenIsAskedForAtOnceAsWhenWaitedFor() async throws {
    try await AppFixture.with(token: "secret") { fixture in
      for request in [
        Self.request("/static/app.css"),
        Self.request("/static/app.css", headers: ["Authorization": "Bearer secret"]),
        Self.request("/static/app.css", headers: ["Cookie": "chaek_token=secret"]),
        Self.request("/static/app.css", query: ["token": "secret"]),
      ] {
        try await Self.expectSame(request, of: fixture)
      }
      #expect(try await Self.immediate(Self.request("/static/app.css"), of: fixture)?.status == 401)
      #expect(
        try await Self.immediate(
          Self.request("/static/app.css", headers: ["Cookie": "chaek_token=secret"]), of: fixture)?
          .status
          == 200)
    }
  }

  @Test func onceReadersHaveAccountsNothingIsAnsweredAtOnce() async throws {
    try await AppFixture.with { fixture in
      _ = try await fixture.chaek.addReader(name: "민지", password: "correct horse", admin: true)
      #expect(try await Self.immediate(Self.request("/static/app.css"), of: fixture) == nil)
      let waited = await fixture.client.get("/static/app.css")
      #expect(waited.status == 200)
    }
  }
}
