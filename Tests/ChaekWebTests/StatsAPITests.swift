import BookModel
import Foundation
import HTTPRouting
import HTTPTransport
import Testing
import UserLibrary

/// `GET /api/stats`, `/api/goals/{year}`, `GET /api/export`, and the journal's events.
@Suite("Stats, goals, export and journal events", .timeLimit(.minutes(10)))
struct StatsAPITests {
  @Test func goalsAreSetAndRemoved() async throws {
    try await AppFixture.with { app async throws in
      let set = await app.client.send(.PUT, "/api/goals/2026", json: #"{"books":12}"#)
      #expect(set.status == 200)
      #expect(set.text == #"{"books":12,"year":2026}"#)
      #expect(try await app.library.goals.books(for: 2026) == 12)
      #expect(await app.client.send(.PUT, "/api/goals/2026", json: #"{"books":0}"#).status == 400)
      #expect(await app.client.send(.PUT, "/api/goals/2026", json: #"{"books":"12"}"#).status == 400)
      #expect(await app.client.send(.PUT, "/api/goals/2026", json: "{}").status == 400)
      #expect(await app.client.send(.PUT, "/api/goals/20x6", json: #"{"books":3}"#).status == 400)
      #expect(await app.client.send(.PUT, "/api/goals/0", json: #"{"books":3}"#).status == 400)
      #expect(try await app.library.goals.books(for: 2026) == 12)
      let removed = await app.client.send(.DELETE, "/api/goals/2026")
      #expect(removed.text == #"{"books":null,"year":2026}"#)
      #expect(try await app.library.goals.books(for: 2026) == nil)
    }
  }

  @Test func statsOfAYearWithTheYearsThereAre() async throws {
    try await AppFixture.with { app async throws in
      _ = await app.client.send(.PUT, "/api/goals/2026", json: #"{"books":12}"#)
      _ = await app.client.send(
        .PATCH, "/api/journal/\(JournalAPITests.id)", json: #"{"rating":4.5,"pages":200}"#)
      _ = await app.client.send(
        .POST, "/api/journal/\(JournalAPITests.id)/finish", json: #"{"day":"2026-03-01"}"#)
      let reply = await app.client.get("/api/stats?today=2026-07-02")
      #expect(reply.status == 200)
      let stats = try reply.json()
      #expect(stats["year"] as? Int == 2026)
      #expect(stats["goal"] as? Int == 12)
      #expect(stats["books"] as? Int == 1)
      #expect(stats["pages"] as? Int == 200)
      #expect((stats["months"] as? [[String: Any]])?[2]["books"] as? Int == 1)
      #expect(stats["years"] as? [Int] == [2026])
      let past = try await app.client.get("/api/stats?year=2020&today=2026-07-02").json()
      #expect(past["books"] as? Int == 0)
      #expect(past["years"] as? [Int] == [2026, 2020])
      let now = try await app.client.get("/api/stats").json()
      #expect(now["year"] as? Int == CalendarDay.today().year)
      for bad in ["year=abc", "year=0", "today=2026-13-01", "today=yesterday"] {
        #expect(await app.client.get("/api/stats?\(bad)").status == 400)
      }
    }
  }

  @Test func theLibraryIsExportedAsABackupFile() async throws {
    try await AppFixture.with { app async throws in
      _ = await app.client.send(
        .POST, "/api/journal/\(JournalAPITests.id)/notes", json: #"{"kind":"note","text":"메모"}"#)
      for target in ["/api/export", "/api/export?format=json"] {
        let reply = await app.client.get(target)
        #expect(reply.status == 200)
        #expect(reply.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(
          reply.headers["Content-Disposition"]
            == "attachment; filename=\"chaek-backup-\(CalendarDay.today()).json\"")
        let backup = try LibraryBackup.decode(reply.body)
        #expect(backup.books.first?.notes.first?.text == "메모")
        #expect(reply.body == (try await app.library.backup().encoded()))
      }
      let goodreads = await app.client.get("/api/export?format=goodreads")
      #expect(goodreads.headers["Content-Type"] == "text/csv; charset=utf-8")
      #expect(
        goodreads.headers["Content-Disposition"]
          == "attachment; filename=\"chaek-goodreads-\(CalendarDay.today()).csv\"")
      #expect(String(decoding: goodreads.body, as: UTF8.self).hasPrefix("Book Id,Title,Author,"))
      let other = await app.client.get("/api/export?format=marc")
      #expect(other.status == 400)
      #expect(other.message == "format must be goodreads or json, not marc")
    }
  }

  @Test func journalAndGoalChangesReachTheEventStream() async throws {
    try await AppFixture.with { app async throws in
      let stream = try #require(await app.client.get("/api/events").events)
      var events = stream.makeAsyncIterator()
      #expect(await events.next() == ServerSentEvent(event: "ready", data: "{}"))
      _ = await app.client.send(.PATCH, "/api/journal/\(JournalAPITests.id)", json: #"{"rating":4}"#)
      let data = #"{"id":"\#(JournalAPITests.id)"}"#
      #expect(await events.next() == ServerSentEvent(event: "saved", data: data))
      #expect(await events.next() == ServerSentEvent(event: "journal", data: data))
      _ = await app.client.send(.PUT, "/api/goals/2026", json: #"{"books":3}"#)
      #expect(await events.next() == ServerSentEvent(event: "goal", data: "{}"))
      _ = await app.client.send(
        .POST, "/api/journal/\(JournalAPITests.id)/notes", json: #"{"kind":"note","text":"x"}"#)
      #expect(await events.next() == ServerSentEvent(event: "journal", data: data))
    }
  }
}
