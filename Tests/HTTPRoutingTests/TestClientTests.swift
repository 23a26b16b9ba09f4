import Foundation
import HTTPRouting
import HTTPTransport
import TestSupport
import Testing

/// The in-process client sends what the server would: targets decoded as the server decodes them,
/// no body for `HEAD`, and event streams as events.
@Suite("Test client", .timeLimit(.minutes(10)))
struct TestClientTests {
  static let client: TestClient = {
    var router = Router()
    router.get("/echo/{word}") { request in
      let query = request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      return .text("\(request.path) \(request.pathParameters["word"] ?? "") \(query.joined(separator: "&"))")
    }
    router.get("/events") { _ in
      .events(
        AsyncStream { continuation in
          continuation.yield(ServerSentEvent(event: "ready", data: "{}"))
          continuation.finish()
        })
    }
    return TestClient(Responder(router: router))
  }()

  @Test func decodesTheTargetAsTheServerDoes() async {
    let reply = await Self.client.get(
      "/echo/%ED%95%B4%EB%A6%AC?q=%EC%B1%85+%ED%95%9C&page=1&page=2&empty=&a%26b=c%3Dd")
    #expect(reply.text == "/echo/해리 해리 a&b=c=d&empty=&page=2&q=책 한")
  }

  @Test func headGetsNoBody() async {
    let reply = await Self.client.send(.HEAD, "/echo/x")
    #expect(reply.status == 200)
    #expect(reply.headers["Content-Type"] == "text/plain; charset=utf-8")
    #expect(reply.body.isEmpty)
  }

  @Test func anEventStreamArrivesAsEvents() async throws {
    let reply = await Self.client.get("/events")
    #expect(reply.headers["Content-Type"] == "text/event-stream")
    var events: [ServerSentEvent] = []
    for await event in try #require(reply.events) { events.append(event) }
    #expect(events == [ServerSentEvent(event: "ready", data: "{}")])
  }
}
