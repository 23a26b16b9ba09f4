import Foundation
import HTTPRouting
import HTTPTransport
import TestSupport
import Testing

@Suite("Router", .timeLimit(.minutes(10)))
struct RouterTests {
  static func library() -> Router {
    var router = Router()
    router.get("/api/library") { _ in .text("list") }
    router.get("/api/library/{id}") { .text("book \($0.pathParameters["id"] ?? "?")") }
    router.get("/api/library/recent") { _ in .text("recent") }
    router.put("/api/library/{id}") { .text("saved \($0.pathParameters["id"] ?? "?")") }
    router.delete("/api/library/{id}") { .text("removed \($0.pathParameters["id"] ?? "?")") }
    router.post("/api/books/{isbn}/notes/{note}") { request in
      .text("\(request.pathParameters["isbn"] ?? "?")/\(request.pathParameters["note"] ?? "?")")
    }
    router.add(.PATCH, "/api/library/{id}") { _ in .text("patched") }
    return router
  }

  static func text(_ response: HTTPResponse) -> String {
    guard case .data(let data) = response.body else { return "<events>" }
    return String(decoding: data, as: UTF8.self)
  }

  // MARK: - Matching

  @Test(arguments: [
    ("GET", "/api/library", 200, "list"),
    ("GET", "/api/library/42", 200, "book 42"),
    ("GET", "/api/library/recent", 200, "recent"),
    ("PUT", "/api/library/9788936433598", 200, "saved 9788936433598"),
    ("DELETE", "/api/library/7", 200, "removed 7"),
    ("PATCH", "/api/library/7", 200, "patched"),
    ("POST", "/api/books/978/notes/3", 200, "978/3"),
  ])
  func routesByMethodAndPath(method: String, path: String, status: Int, body: String) async throws {
    let response = try await Self.library().handle(
      HTTPRequest(method: HTTPMethod(rawValue: method), path: path))
    #expect(response.status == status)
    #expect(Self.text(response) == body)
  }

  @Test(arguments: [
    "/api/libraryx", "/api/library/1/2", "/api/library/", "/", "/api", "/api/books/978/notes/",
  ])
  func throwsNotFoundWhenNoPatternMatchesThePath(path: String) async throws {
    let error = try await #require(throws: HTTPError.self) {
      try await Self.library().handle(HTTPRequest(method: .GET, path: path))
    }
    #expect(error.status == 404)
    #expect(error.message == "no such resource: GET \(path)")
  }

  /// A literal segment matches its own bytes only, not a text Unicode holds equivalent (the Kelvin
  /// sign and `K`, the Greek question mark and `;`, U+1FEF and the grave accent).
  @Test(arguments: ["/\u{212A}", "/a\u{37E}b", "/\u{1FEF}"])
  func aLiteralMatchesOnlyItsOwnBytes(path: String) async throws {
    var router = Router()
    router.get("/K") { _ in .text("K") }
    router.get("/a;b") { _ in .text("semicolon") }
    router.get("/`") { _ in .text("grave") }
    let error = try await #require(throws: HTTPError.self) {
      try await router.handle(HTTPRequest(method: .GET, path: path))
    }
    #expect(error.status == 404)
    for path in ["/K", "/a;b", "/`"] {
      #expect(try await router.handle(HTTPRequest(method: .GET, path: path)).status == 200)
    }
  }

  /// Paths are split at each `/` byte, whatever follows it: a combining mark or a joiner after a
  /// `/` is part of the next segment, never dropped with the `/` nor joined to it.
  @Test(arguments: [
    "/\u{301}api/library", "/\u{200D}api/library", "/api/\u{301}library", "/api/library\u{301}",
  ])
  func aMarkAfterASlashIsPartOfTheNextSegment(path: String) async throws {
    let error = try await #require(throws: HTTPError.self) {
      try await Self.library().handle(HTTPRequest(method: .GET, path: path))
    }
    #expect(error.status == 404)
  }

  @Test func aParameterTakesASegmentThatBeginsWithAMark() async throws {
    let response = try await Self.library().handle(HTTPRequest(method: .GET, path: "/api/library/\u{301}x"))
    #expect(Self.text(response) == "book \u{301}x")
    var router = Router()
    router.get("/a/\u{301}b") { _ in .text("marked") }
    #expect(Self.text(try await router.handle(HTTPRequest(method: .GET, path: "/a/\u{301}b"))) == "marked")
  }

  @Test func throwsMethodNotAllowedWithTheMethodsThePathHas() async throws {
    let error = try await #require(throws: HTTPError.self) {
      try await Self.library().handle(HTTPRequest(method: .POST, path: "/api/library/3"))
    }
    #expect(error.status == 405)
    #expect(error.headers["Allow"] == "DELETE, GET, HEAD, PATCH, PUT")
    #expect(error.message == "POST is not allowed here; use DELETE, GET, HEAD, PATCH, PUT")
  }

  @Test func headUsesTheGetHandler() async throws {
    let response = try await Self.library().handle(HTTPRequest(method: .HEAD, path: "/api/library/5"))
    #expect(response.status == 200)
    #expect(Self.text(response) == "book 5")
  }

  @Test func headIsNotAllowedWhereThereIsNoGet() async throws {
    var router = Router()
    router.post("/form") { _ in .text("posted") }
    let error = try await #require(throws: HTTPError.self) {
      try await router.handle(HTTPRequest(method: .HEAD, path: "/form"))
    }
    #expect(error.status == 405)
    #expect(error.headers["Allow"] == "POST")
  }

  @Test func literalSegmentsWinOverParametersWhateverTheOrder() async throws {
    var router = Router()
    router.get("/{a}/{b}") { _ in .text("params") }
    router.get("/{a}/fixed") { _ in .text("second literal") }
    router.get("/fixed/{b}") { _ in .text("first literal") }
    #expect(
      Self.text(try await router.handle(HTTPRequest(method: .GET, path: "/fixed/fixed"))) == "first literal")
    #expect(
      Self.text(try await router.handle(HTTPRequest(method: .GET, path: "/x/fixed"))) == "second literal")
    #expect(Self.text(try await router.handle(HTTPRequest(method: .GET, path: "/x/y"))) == "params")
  }

  /// Random routes and paths over a few segments, each answered as the rules say: of the routes
  /// that match the path, those of the method (else `GET`'s for `HEAD`), the one whose first
  /// segment differing in kind from another's is literal, the first added of equals; 405 or 404
  /// when none.
  @Test(arguments: 0..<20)
  func answersRandomRoutesAsTheRulesSay(seed: UInt64) async throws {
    var random = SeededGenerator(seed: seed)
    let pieces = ["a", "b", "{x}", "{y}"]
    let methods: [HTTPMethod] = [.GET, .POST, .PUT]
    var router = Router()
    var patterns: [(method: HTTPMethod, segments: [String])] = []
    for index in 0..<Int.random(in: 1...12, using: &random) {
      let segments = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        pieces.randomElement(using: &random)!
      }
      let method = methods.randomElement(using: &random)!
      patterns.append((method, segments))
      router.add(method, "/" + segments.joined(separator: "/")) { request in
        .text(
          "\(index) "
            + request.pathParameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
              separator: ","))
      }
    }
    for _ in 0..<40 {
      let path = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        ["a", "b", "c", ""].randomElement(using: &random)!
      }
      let method = ([.HEAD] + methods).randomElement(using: &random)!
      let matching = patterns.indices.filter { index in
        patterns[index].segments.count == path.count
          && zip(patterns[index].segments, path).allSatisfy { $0.hasPrefix("{") ? !$1.isEmpty : $0 == $1 }
      }
      func lessSpecific(_ left: Int, _ right: Int) -> Bool {
        for (l, r) in zip(patterns[left].segments, patterns[right].segments)
        where l.hasPrefix("{") != r.hasPrefix("{") {
          return l.hasPrefix("{")
        }
        return false
      }
      var candidates = matching.filter { patterns[$0].method == method }
      if candidates.isEmpty && method == .HEAD {
        candidates = matching.filter { patterns[$0].method == .GET }
      }
      let request = HTTPRequest(method: method, path: "/" + path.joined(separator: "/"))
      if let best = candidates.max(by: lessSpecific) {
        var parameters: [String: String] = [:]
        for (segment, part) in zip(patterns[best].segments, path) where segment.hasPrefix("{") {
          parameters[String(segment.dropFirst().dropLast())] = part
        }
        let expected =
          "\(best) "
          + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        #expect(Self.text(try await router.handle(request)) == expected, "\(method) \(request.path)")
      } else {
        let error = try await #require(throws: HTTPError.self) { try await router.handle(request) }
        #expect(error.status == (matching.isEmpty ? 404 : 405), "\(method) \(request.path)")
      }
    }
  }

  @Test func aHandlersErrorReachesTheCaller() async throws {
    struct Failure: Error {}
    var router = Router()
    router.get("/fails") { _ in throw Failure() }
    await #expect(throws: Failure.self) { try await router.handle(HTTPRequest(method: .GET, path: "/fails")) }
  }

  @Test func notFoundCanBeReplaced() async throws {
    var router = Router()
    router.notFound = { _ in .html("<h1>없어요</h1>", status: 404) }
    let response = try await router.handle(HTTPRequest(method: .GET, path: "/nothing"))
    #expect(response.status == 404)
    #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
    #expect(Self.text(response) == "<h1>없어요</h1>")
  }

  @Test func listsItsRoutesAsAddedWithTheirPatterns() {
    let routes = Self.library().registeredRoutes.map { "\($0.method) \($0.pattern)" }
    #expect(
      routes == [
        "GET /api/library", "GET /api/library/{id}", "GET /api/library/recent", "PUT /api/library/{id}",
        "DELETE /api/library/{id}", "POST /api/books/{isbn}/notes/{note}", "PATCH /api/library/{id}",
      ])
  }

  // MARK: - Over HTTP

  @Test func routesRealRequestsWithDecodedPathParameters() async throws {
    var router = Self.library()
    router.get("/api/search/{term}") { .text("term=\($0.pathParameters["term"] ?? "?")") }
    try await LoopbackServer.with(Responder(router: router)) { server in
      let found = try await server.get("/api/library/42")
      #expect(found.status == 200)
      #expect(found.text == "book 42")
      #expect(try await server.get("/api/search/%ED%95%B4%EB%A6%AC").text == "term=해리")
      let missing = try await server.get("/nope")
      #expect(missing.status == 404)
      #expect(missing.text == "no such resource: GET /nope")
      let wrongMethod = try await server.get("/api/library/42", method: "POST")
      #expect(wrongMethod.status == 405)
      #expect(wrongMethod.header("Allow") == "DELETE, GET, HEAD, PATCH, PUT")
    }
  }
}
