import Foundation
import HTTPRouting
import HTTPTransport
import Testing

/// Routes that answer at once: the responder gives their answer without waiting when every
/// middleware can too, the same answer its waiting path gives, and `nil` for anything else.
@Suite("Immediate routes")
struct ImmediateRouteTests {
  /// Middleware with only a waiting path.
  struct Waiting: Middleware {
    func respond(to request: HTTPRequest, next: Responder.Next) async -> HTTPResponse {
      await next(request)
    }
  }

  static func router() -> Router {
    var router = Router()
    router.getImmediate("/now/{word}") { request in
      .text(String(repeating: request.pathParameters["word"] ?? "", count: 1000))
    }
    router.getImmediate("/gone") { _ in throw HTTPError(status: 410, message: "gone for good") }
    router.post("/now/{word}") { _ in .text("posted") }
    router.get("/later") { _ in .text("waited") }
    return router
  }

  static func request(_ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:]) -> HTTPRequest {
    HTTPRequest(method: method, path: path, headers: headers)
  }

  @Test func anImmediateRouteAnswersAtOnceAsItsWaitingPathDoes() async throws {
    let responder = Responder(
      router: Self.router(), middleware: [GzipMiddleware()], headers: ["X-Content-Type-Options": "nosniff"])
    for request in [
      Self.request(.GET, "/now/책"), Self.request(.HEAD, "/now/책"),
      Self.request(.GET, "/now/책", headers: ["Accept-Encoding": "gzip"]), Self.request(.GET, "/gone"),
      Self.request(.DELETE, "/now/책"),
    ] {
      let now = try #require(responder.immediateResponse(to: request), "\(request.method) \(request.path)")
      let waited = await responder.respond(to: request)
      #expect(now.status == waited.status)
      #expect(now.headers == waited.headers)
      guard case .data(let nowBody) = now.body, case .data(let waitedBody) = waited.body else {
        Issue.record("a body is not data")
        continue
      }
      #expect(nowBody == waitedBody)
    }
    let gzipped = try #require(
      responder.immediateResponse(to: Self.request(.GET, "/now/책", headers: ["Accept-Encoding": "gzip"])))
    #expect(gzipped.headers["Content-Encoding"] == "gzip")
    #expect(gzipped.headers["X-Content-Type-Options"] == "nosniff")
    #expect(responder.immediateResponse(to: Self.request(.GET, "/gone"))?.status == 410)
    #expect(responder.immediateResponse(to: Self.request(.DELETE, "/now/책"))?.status == 405)
  }

  @Test func aRouteThatMayWaitOrNoRouteIsNotAnsweredAtOnce() {
    let responder = Responder(router: Self.router(), middleware: [GzipMiddleware()])
    #expect(responder.immediateResponse(to: Self.request(.GET, "/later")) == nil)
    #expect(responder.immediateResponse(to: Self.request(.POST, "/now/책")) == nil)
    #expect(responder.immediateResponse(to: Self.request(.GET, "/nowhere")) == nil)
  }

  @Test func middlewareWithOnlyAWaitingPathSendsEveryRequestThere() async {
    let responder = Responder(router: Self.router(), middleware: [GzipMiddleware(), Waiting()])
    #expect(responder.immediateResponse(to: Self.request(.GET, "/now/책")) == nil)
    let waited = await responder.respond(to: Self.request(.GET, "/now/책"))
    #expect(waited.status == 200)
  }
}
