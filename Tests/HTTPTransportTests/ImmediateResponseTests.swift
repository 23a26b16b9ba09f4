import Foundation
import HTTPTransport
import Synchronization
import Testing

/// A `GET` or `HEAD` that the responder answers at once is answered without its waiting path; any
/// other request, and one it does not answer at once, goes to `respond(to:)`.
@Suite("Immediate responses", .timeLimit(.minutes(10)))
struct ImmediateResponseTests {
  /// Answers `/now` at once and counts the requests that took the waiting path.
  final class Responder: HTTPResponder {
    let waited = Mutex(0)

    func respond(to request: HTTPRequest) async -> HTTPResponse {
      waited.withLock { $0 += 1 }
      return .text("waited for \(request.method.rawValue) \(request.path)")
    }

    func immediateResponse(to request: HTTPRequest) -> HTTPResponse? {
      request.path == "/now" ? .text("at once for \(request.method.rawValue)") : nil
    }
  }

  @Test func aReadAnsweredAtOnceNeverTakesTheWaitingPath() async throws {
    let responder = Responder()
    try await TestServer.with(responder: responder) { server in
      let now = try await server.request("/now")
      #expect(now.status == 200)
      #expect(now.text == "at once for GET")
      let head = try await server.request("/now", method: "HEAD")
      #expect(head.status == 200)
      #expect(head.body.isEmpty)
      #expect(head.header("Content-Length") == "16")
      #expect(responder.waited.withLock { $0 } == 0)

      let later = try await server.request("/later")
      #expect(later.text == "waited for GET /later")
      let posted = try await server.request("/now", method: "POST", body: Data("x".utf8))
      #expect(posted.text == "waited for POST /now")
      #expect(responder.waited.withLock { $0 } == 2)
    }
  }
}
