import Foundation
import HTTPRouting
import HTTPTransport
import TestSupport
import Testing

@Suite("gzip middleware")
struct GzipTests {
  struct Book: Encodable {
    let title: String
    let url: String
    let authors: [String]
  }

  static let longText = String(
    repeating: "해리 포터와 마법사의 돌 — Harry Potter and the Philosopher's Stone\n", count: 100)

  /// A client of a router that answers `response` at `/`, behind the gzip middleware.
  static func client(_ response: HTTPResponse) -> TestClient {
    var router = Router()
    router.get("/") { _ in response }
    return TestClient(Responder(router: router, middleware: [GzipMiddleware()]))
  }

  @Test func compressesLargeTextOnlyForClientsThatAcceptGzip() async throws {
    let client = Self.client(.text(Self.longText))
    let gzipped = await client.get("/", headers: ["Accept-Encoding": "br;q=1.0, gzip;q=0.8, *;q=0.1"])
    #expect(gzipped.headers["Content-Encoding"] == "gzip")
    #expect(gzipped.headers["Vary"] == "Accept-Encoding")
    #expect(gzipped.headers["Content-Type"] == "text/plain; charset=utf-8")
    #expect(gzipped.body.count < Self.longText.utf8.count / 4)
    #expect(String(decoding: try gunzip(gzipped.body), as: UTF8.self) == Self.longText)

    for refusal in [nil, "identity", "gzip;q=0", "br, deflate", "*;q=0"] {
      let plain = await client.get("/", headers: refusal.map { ["Accept-Encoding": $0] } ?? [:])
      #expect(plain.headers["Content-Encoding"] == nil, "Accept-Encoding: \(refusal ?? "none")")
      #expect(plain.headers["Vary"] == "Accept-Encoding")
      #expect(plain.text == Self.longText)
    }
  }

  @Test(arguments: [
    (HTTPResponse.text("short"), "short text"),
    (HTTPResponse(headers: ["Content-Type": "image/png"], body: Data(repeating: 7, count: 5000)), "png"),
    (HTTPResponse(body: Data(repeating: 7, count: 5000)), "no type"),
    (HTTPResponse.events(AsyncStream { $0.finish() }), "event stream"),
  ])
  func leavesSmallOrIncompressibleBodiesAndStreamsAlone(response: HTTPResponse, label: String) async {
    let sent = await Self.client(response).get("/", headers: ["Accept-Encoding": "gzip"])
    #expect(sent.headers["Content-Encoding"] == nil, "\(label)")
    #expect(sent.headers["Vary"] == nil, "\(label)")
  }

  @Test func compressesJSONToo() async throws {
    let books = (0..<50).map { Book(title: "책 \($0)", url: "https://example.com/\($0)", authors: ["작가"]) }
    let response = await Self.client(try .json(books)).get("/", headers: ["Accept-Encoding": "gzip, deflate"])
    #expect(response.headers["Content-Encoding"] == "gzip")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    #expect(try gunzip(response.body) == encoder.encode(books))
  }
}
