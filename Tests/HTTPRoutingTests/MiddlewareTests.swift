import Foundation
import HTTPRouting
import HTTPTransport
import TestSupport
import Testing

/// Middleware wraps the router in order, the first outermost; errors become responses where they
/// are thrown, and the responder's headers go on every response.
@Suite("Middleware", .timeLimit(.minutes(10)))
struct MiddlewareTests {
  /// Appends its name to `X-Trace` on the way in (as a request header) and on the way out.
  struct Tracer: Middleware {
    let name: String

    func respond(to request: HTTPRequest, next: Responder.Next) async -> HTTPResponse {
      var headers = request.headers
      headers["X-Trace"] = (headers["X-Trace"].map { $0 + " " } ?? "") + "in:\(name)"
      var response = await next(
        HTTPRequest(method: request.method, path: request.path, headers: headers, body: request.body))
      response.headers["X-Trace"] = (response.headers["X-Trace"] ?? "") + " out:\(name)"
      return response
    }
  }

  /// Refuses requests without `X-Key` before they reach the router.
  struct KeyCheck: Middleware {
    func respond(to request: HTTPRequest, next: Responder.Next) async throws -> HTTPResponse {
      guard request.headers["X-Key"] != nil else { throw HTTPError(status: 403, message: "no key") }
      return await next(request)
    }
  }

  static func router() -> Router {
    var router = Router()
    router.get("/trace") { .text("", status: 200).with("X-Trace", $0.headers["X-Trace"] ?? "") }
    router.get("/fails") { _ in throw CancellationError() }
    return router
  }

  @Test func theFirstMiddlewareIsTheOutermost() async {
    let responder = Responder(router: Self.router(), middleware: [Tracer(name: "a"), Tracer(name: "b")])
    let reply = await TestClient(responder).get("/trace")
    #expect(reply.headers["X-Trace"] == "in:a in:b out:b out:a")
  }

  @Test func aMiddlewareThatThrowsAnswersBeforeRoutingAndOuterLayersSeeTheResponse() async {
    let responder = Responder(
      router: Self.router(), middleware: [Tracer(name: "outer"), KeyCheck(), Tracer(name: "inner")])
    let refused = await TestClient(responder).get("/trace")
    #expect(refused.status == 403)
    #expect(refused.text == "no key")
    #expect(refused.headers["X-Trace"] == " out:outer")
    let allowed = await TestClient(responder).get("/trace", headers: ["X-Key": "k"])
    #expect(allowed.status == 200)
    #expect(allowed.headers["X-Trace"] == "in:outer in:inner out:inner out:outer")
  }

  @Test(arguments: ["/trace", "/fails", "/missing"])
  func theRespondersHeadersAreOnEveryResponseErrorsIncluded(path: String) async {
    let responder = Responder(
      router: Self.router(), middleware: [KeyCheck()], headers: ["X-Content-Type-Options": "nosniff"],
      log: { _ in })
    for headers: HTTPHeaders in [[:], ["X-Key": "k"]] {
      let reply = await TestClient(responder).get(path, headers: headers)
      #expect(reply.headers["X-Content-Type-Options"] == "nosniff", "\(path) \(reply.status)")
    }
  }

  @Test func refusalsGetTheErrorFormatAndTheRespondersHeaders() {
    let responder = Responder(
      router: Self.router(), headers: ["X-Content-Type-Options": "nosniff"],
      errorFormat: { .text("[\($0.status)] \($0.message)", status: $0.status) })
    let refused = TestClient(responder).refuse(HTTPRefusal(status: 413, message: "too large"))
    #expect(refused.status == 413)
    #expect(refused.text == "[413] too large")
    #expect(refused.headers["X-Content-Type-Options"] == "nosniff")
  }

  @Test func overARealServerRefusalsKeepTheirOwnHeaders() async throws {
    let responder = Responder(
      router: Self.router(), headers: ["X-Content-Type-Options": "nosniff"],
      errorFormat: { .text("[\($0.status)] \($0.message)", status: $0.status) })
    try await LoopbackServer.with(responder, maximumBodySize: 10) { server in
      let tooLarge = try await server.get("/trace", method: "POST", body: Data(count: 100))
      #expect(tooLarge.status == 413)
      #expect(tooLarge.text == "[413] the request body is larger than 10 bytes")
      #expect(tooLarge.header("X-Content-Type-Options") == "nosniff")
      let routed = try await server.get("/trace", method: "POST")
      #expect(routed.status == 405)
      #expect(routed.header("X-Content-Type-Options") == "nosniff")
    }
  }
}

extension HTTPResponse {
  /// This response with the header `name` set to `value`.
  fileprivate func with(_ name: String, _ value: String) -> HTTPResponse {
    var response = self
    response.headers[name] = value
    return response
  }
}
