import Foundation
import HTTPRouting
import HTTPTransport
import Synchronization
import TestSupport
import Testing

/// Lines a responder logs, kept for a test to read.
final class LogLines: Sendable {
  private let lines = Mutex<[String]>([])

  /// The log function to give a responder.
  var log: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }

  /// Every line so far.
  var all: [String] { lines.withLock { $0 } }
}

@Suite("Responder: errors become responses")
struct ResponderTests {
  /// An error of an app that knows its response.
  struct Teapot: HTTPResponseError {
    var response: HTTPResponse { .text("short and stout", status: 418) }
  }

  /// An error that knows no response, whose description must stay on the server.
  struct DiskFailure: Error, CustomStringConvertible {
    var description: String { "SQLITE_IOERR: disk I/O error in SELECT * FROM saved_books" }
  }

  /// A value JSONEncoder refuses.
  struct NotANumber: Encodable {
    let value = Double.nan
  }

  static func router() -> Router {
    var router = Router()
    router.get("/teapot") { _ in throw Teapot() }
    router.get("/gone") { _ in
      throw HTTPError(status: 410, message: "gone for good", headers: ["X-Why": "sold"])
    }
    router.get("/disk") { _ in throw DiskFailure() }
    router.get("/nan") { _ in try .json(NotANumber()) }
    router.get("/bad-json") { request in try .json(try request.decode([String: Int].self)) }
    return router
  }

  @Test func anErrorThatKnowsItsResponseRendersItself() async {
    let reply = await TestClient(Responder(router: Self.router())).get("/teapot")
    #expect(reply.status == 418)
    #expect(reply.text == "short and stout")
  }

  @Test func httpErrorsGetTheErrorFormatWithTheirHeaders() async {
    let plain = await TestClient(Responder(router: Self.router())).get("/gone")
    #expect(plain.status == 410)
    #expect(plain.headers["Content-Type"] == "text/plain; charset=utf-8")
    #expect(plain.text == "gone for good")
    #expect(plain.headers["X-Why"] == "sold")

    let shaped = Responder(router: Self.router()) { error in
      var response = HTTPResponse.json(raw: Data(#"{"oops":"\#(error.message)"}"#.utf8), status: error.status)
      for (name, value) in error.headers { response.headers[name] = value }
      return response
    }
    let reply = await TestClient(shaped).get("/gone")
    #expect(reply.status == 410)
    #expect(reply.text == #"{"oops":"gone for good"}"#)
    #expect(reply.headers["X-Why"] == "sold")
    #expect(await TestClient(shaped).get("/nowhere").text == #"{"oops":"no such resource: GET /nowhere"}"#)
  }

  @Test func aBodyThatDoesNotDecodeIsA400InTheErrorFormat() async {
    let reply = await TestClient(Responder(router: Self.router())).send(
      .GET, "/bad-json", body: Data(#"{"a":1,}"#.utf8))
    #expect(reply.status == 400)
    #expect(reply.text.hasPrefix("invalid JSON body: a trailing comma in an object"))
  }

  @Test(arguments: ["/disk", "/nan"])
  func anyOtherErrorIsA500WithARequestIDAndItsDescriptionOnlyInTheLog(path: String) async throws {
    let log = LogLines()
    let reply = await TestClient(Responder(router: Self.router(), log: log.log)).get(path)
    #expect(reply.status == 500)
    #expect(reply.headers["Content-Type"] == "text/plain; charset=utf-8")
    let id = try #require(reply.text.firstMatch(of: /^Internal error \(id ([0-9a-f]{8})\)$/)?.1)
    let line = try #require(log.all.first)
    #expect(log.all.count == 1)
    #expect(line.hasPrefix("internal error \(id) answering GET \(path): "))
    if path == "/disk" {
      #expect(line.hasSuffix("SQLITE_IOERR: disk I/O error in SELECT * FROM saved_books"))
      #expect(!reply.text.contains("SQLITE") && !reply.text.contains("SELECT"))
    }
  }

  @Test func eachInternalErrorGetsAnIDOfItsOwn() async {
    let log = LogLines()
    let client = TestClient(Responder(router: Self.router(), log: log.log))
    let first = await client.get("/disk").text
    let second = await client.get("/disk").text
    #expect(first != second)
    #expect(log.all.count == 2)
  }
}
