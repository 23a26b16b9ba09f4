import BookModel
import ChaekApp
import Foundation
import HTTPTransport
import TestSupport
import Testing

@testable import ChaekWeb

/// Every reader's data apart: for every route of the router, reader B (and someone not signed in)
/// can neither read, change nor delete anything of reader A's, by A's ids or by listing. The routes
/// come from the router itself, so a route added later is tried too, and a route whose path names
/// something this test has no id of A's for fails it until one is added.
@Suite("Every reader's data apart")
struct ReaderIsolationTests {
  /// Words only A wrote: none may reach B.
  static let secrets = ["A의비밀리뷰", "A의비밀메모", "A의비밀문장", "A비밀검색어", "a-secret-tag"]

  /// A's data, made through the use cases: what B tries to reach.
  struct Seeded {
    let ids: [String: String]
  }

  static func seed(_ chaek: Chaek, for a: Reader) async throws -> Seeded {
    let book = AppServer.vegetarian
    let day = try #require(CalendarDay("2026-03-01"))
    _ = try await chaek.save(book, for: a)
    _ = try await chaek.updateEntry(
      book.id, EntryChange(rating: .some(StarRating(stars: 4)), review: secrets[0]), today: day, for: a)
    _ = try await chaek.addTags([secrets[4]], to: book.id, today: day, for: a)
    let note = try await chaek.addNote(.note, to: book.id, text: secrets[1], page: 3, day: day, for: a).value
    _ = try await chaek.addNote(.quote, to: book.id, text: secrets[2], day: day, for: a)
    let reading = try await chaek.startReading(book.id, on: day, for: a).value
    _ = try await chaek.recordProgress(book.id, .page(40, of: nil), on: day, for: a)
    try await chaek.setGoal(12, year: 2026, for: a)
    try await chaek.recordView(book, for: a)
    _ = try await chaek.recordSearch(secrets[3], for: a)
    let search = try #require(try await chaek.searchHistory(for: a).searches.first)
    let other = AppServer.books[2]
    _ = try await chaek.save(other, for: a)
    let removal = try #require(try await chaek.remove(other.id, for: a))
    let translation = Book(title: "The Vegetarian", isbn: "9791100000021", authors: ["Han Kang"])
    let merge = try await chaek.mergeWork(of: translation, into: book, for: a)
    return Seeded(ids: [
      "merge": String(merge.id),
      "id": book.id.rawValue, "noteID": String(note.id),
      "sessionID": String(try #require(reading.sessions.first).id),
      "searchID": String(search.id), "year": "2026", "removal": String(removal.id),
      "file": "\(book.id.rawValue).svg",
    ])
  }

  /// Everything A has, as a backup reads it.
  static func snapshot(_ chaek: Chaek, of a: Reader) async throws -> Data {
    try await chaek.export(.json, for: a).data
  }

  /// A body each route that takes one would accept from its own reader; `{}` for the others.
  static let bodies: [String: String] = [
    "PUT /api/library/{id}": "{}",
    "PATCH /api/journal/{id}": #"{"rating":1,"review":"B","tags":["b"]}"#,
    "POST /api/journal/{id}/notes": #"{"kind":"note","text":"B"}"#,
    "POST /api/journal/{id}/progress": #"{"progress":"10"}"#,
    "PATCH /api/notes/{noteID}": #"{"text":"B가 고침"}"#,
    "PATCH /api/sessions/{sessionID}": #"{"started":"2026-01-01"}"#,
    "PUT /api/goals/{year}": #"{"books":1}"#,
    "POST /api/searches": #"{"query":"B"}"#,
    "PUT /api/searches/recording": #"{"recording":false}"#,
    "POST /api/session": #"{"name":"B","password":"wrong password"}"#,
  ]

  /// A query each route that searches or filters is asked with: part of what only A wrote (a page
  /// shows the words searched for, so a secret itself would be found in any answer).
  static let queries: [String: String] = [
    "GET /api/notes": "query=비밀메모",
    "GET /fragments/notes": "query=비밀메모",
    "GET /stats": "q=비밀메모",
    "GET /api/suggest": "q=채식",
    "GET /fragments/results": "query=채식주의자",
    "GET /fragments/merge": "book=9788936433598&query=채식주의자",
    "GET /": "query=채식주의자",
    "GET /v3/search/book": "query=채식주의자",
    "GET /saved": "tag=a-secret-tag",
    "GET /fragments/saved": "tag=a-secret-tag",
    "GET /fragments/saved-filters": "tag=a-secret-tag",
    "GET /api/library": "tag=a-secret-tag",
    "GET /fragments/stats": "year=2026",
    "GET /api/stats": "year=2026",
  ]

  @Test func noRouteLetsAnotherReaderOrSomeoneSignedOutReachAReadersData() async throws {
    try await AppFixture.with { fixture in
      let a = try await fixture.chaek.addReader(name: "A", password: "password A", admin: true)
      _ = try await fixture.chaek.addReader(name: "B", password: "password B", admin: false)
      let seeded = try await Self.seed(fixture.chaek, for: a)
      let before = try await Self.snapshot(fixture.chaek, of: a)
      let client = fixture.client
      let asA: HTTPHeaders = ["Cookie": try await Self.session(of: "A", client)]
      for (path, secret) in [
        ("/api/notes?query=비밀메모", "A의비밀메모"), ("/stats?q=비밀메모", "A의비밀메모"),
        ("/fragments/saved?tag=a-secret-tag", "채식주의자"),
      ] {
        #expect(
          Self.visible(await client.get(path, headers: asA).text).contains(secret), "A's own \(path) finds it"
        )
      }
      let routes = fixture.app.makeRouter().registeredRoutes
      #expect(routes.count > 40)
      for route in routes {
        var path = route.pattern
        for parameter in Self.parameters(of: route.pattern) {
          let value = try #require(seeded.ids[parameter], "\(route.pattern): no id of A's for {\(parameter)}")
          path = path.replacingOccurrences(of: "{\(parameter)}", with: value)
        }
        let label = "\(route.method) \(route.pattern)"
        let body = Data((Self.bodies[label] ?? "{}").utf8)
        if let query = Self.queries[label] { path += "?" + query }
        for signedInAs in ["B", nil] {
          var headers: HTTPHeaders = ["Content-Type": "application/json"]
          if let signedInAs { headers["Cookie"] = try await Self.session(of: signedInAs, client) }
          let reply = Self.collect(await client.send(route.method, path, headers: headers, body: body))
          for secret in Self.secrets {
            #expect(!reply.contains(secret), "\(label) as \(signedInAs ?? "nobody") shows A's \(secret)")
          }
          #expect(
            try await Self.snapshot(fixture.chaek, of: a) == before, "\(label) as \(signedInAs ?? "nobody")")
        }
      }
      #expect(
        try await fixture.chaek.undoRemoval(Int(seeded.ids["removal"]!)!, for: a) == 1, "A's undo is A's")
    }
  }

  @Test func aReadersEventsReachOnlyTheirOwnWindows() async throws {
    try await AppFixture.with { fixture in
      let a = try await fixture.chaek.addReader(name: "A", password: "password A", admin: true)
      let b = try await fixture.chaek.addReader(name: "B", password: "password B", admin: false)
      let client = fixture.client
      let stream = try #require(
        await client.get("/api/events", headers: ["Cookie": try await Self.session(of: "B", client)]).events)
      var events = stream.makeAsyncIterator()
      #expect(await events.next() == ServerSentEvent(event: "ready", data: "{}"))
      _ = try await fixture.chaek.save(AppServer.vegetarian, for: a)
      _ = try await fixture.chaek.save(AppServer.books[2], for: b)
      let own = ServerSentEvent(event: "saved", data: #"{"id":"\#(AppServer.books[2].id.rawValue)"}"#)
      #expect(await events.next() == own, "B's first event is B's own save, not A's")
    }
  }

  @Test func aStreamEndsWithoutAWordOnceItsSessionIsSignedOut() async throws {
    try await AppFixture.with { fixture in
      let a = try await fixture.chaek.addReader(name: "A", password: "password A", admin: true)
      let client = fixture.client
      let cookie = try await Self.session(of: "A", client)
      let stream = try #require(await client.get("/api/events", headers: ["Cookie": cookie]).events)
      var events = stream.makeAsyncIterator()
      #expect(await events.next() == ServerSentEvent(event: "ready", data: "{}"))
      _ = try await fixture.chaek.save(AppServer.books[2], for: a)
      let saved = ServerSentEvent(event: "saved", data: #"{"id":"\#(AppServer.books[2].id.rawValue)"}"#)
      #expect(await events.next() == saved, "signed in, A's window hears A's save")

      #expect(await client.send(.DELETE, "/api/session", headers: ["Cookie": cookie]).status == 204)
      _ = try await fixture.chaek.save(AppServer.vegetarian, for: a)
      #expect(await events.next() == nil, "after signing out, the stream ends and tells nothing more")
    }
  }

  // MARK: - Helpers

  static func parameters(of pattern: String) -> [String] {
    pattern.split(separator: "/").filter { $0.hasPrefix("{") }.map { String($0.dropFirst().dropLast()) }
  }

  static func session(of name: String, _ client: TestClient) async throws -> String {
    let body = Data(#"{"name":"\#(name)","password":"password \#(name)"}"#.utf8)
    let reply = await client.send(
      .POST, "/api/session", headers: ["Content-Type": "application/json"], body: body)
    return try #require(reply.headers["Set-Cookie"]?.split(separator: ";").first.map(String.init))
  }

  /// The reply's headers and body as text (an event stream's events are the other test's), its
  /// markup taken out (a highlight splits the words it marks).
  static func collect(_ reply: TestClient.Response) -> String {
    reply.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n") + "\n" + visible(reply.text)
  }

  /// `html` without its tags.
  static func visible(_ html: String) -> String {
    html.replacing(/<[^>]*>/, with: "")
  }
}
