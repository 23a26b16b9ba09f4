import BookModel
import Foundation
import HTTPRouting
import HTTPTransport
import Testing
import UserLibrary

/// Notes and quotes through `/api/journal/{id}/notes` and `/api/notes`.
@Suite("Notes API", .timeLimit(.minutes(10)))
struct NotesAPITests {
  static let notes = "/api/journal/\(JournalAPITests.id)/notes"

  @Test func aNoteOnABookNotSavedYetSavesItAndIsCreated() async throws {
    try await AppFixture.with { app async throws in
      let reply = await app.client.send(
        .POST, Self.notes, json: #"{"kind":"quote","text":"채식 이야기","page":12,"day":"2026-03-01"}"#)
      #expect(reply.status == 201)
      let note = try reply.json()
      #expect(note["kind"] as? String == "quote")
      #expect(note["text"] as? String == "채식 이야기")
      #expect(note["page"] as? Int == 12)
      #expect(note["day"] as? String == "2026-03-01")
      #expect(note["book_id"] as? String == JournalAPITests.id)
      let entry = try await app.client.get("/api/journal/\(JournalAPITests.id)").json()
      #expect(entry["shelf"] as? String == "want")
      #expect((entry["quotes"] as? [[String: Any]])?.count == 1)
      let today = try await app.client.send(.POST, Self.notes, json: #"{"kind":"note","text":"생각"}"#).json()
      #expect(today["day"] as? String == CalendarDay.today().description)
    }
  }

  @Test(arguments: [
    #"{"kind":"diary","text":"x"}"#, #"{"kind":"note","text":"  "}"#, #"{"kind":"note"}"#,
    #"{"kind":"note","text":"x","page":0}"#, #"{"kind":"note","text":"x","colour":"red"}"#,
    #"{"kind":"note","text":"x","day":"yesterday"}"#, "",
  ])
  func aBadNoteIsRefusedAndSavesNothing(body: String) async throws {
    try await AppFixture.with { app async throws in
      let reply = await app.client.send(.POST, Self.notes, json: body)
      #expect(reply.status == 400)
      #expect(try await app.library.savedCount() == 0)
    }
  }

  @Test func aNoteIsEditedAndDeletedByVersion() async throws {
    try await AppFixture.with { app async throws in
      let note = try await app.client.send(
        .POST, Self.notes, json: #"{"kind":"note","text":"처음","day":"2026-03-01"}"#
      )
      .json()
      let id = try #require(note["id"] as? Int)
      let version = try #require(note["version"] as? Int)
      let edit = #"{"text":"고쳐 쓴 글","page":3,"version":\#(version)}"#
      let edited = await app.client.send(.PATCH, "/api/notes/\(id)", json: edit)
      #expect(edited.status == 200)
      #expect(try edited.json()["text"] as? String == "고쳐 쓴 글")
      #expect(try edited.json()["day"] as? String == "2026-03-01")
      let stale = await app.client.send(
        .PATCH, "/api/notes/\(id)", json: #"{"text":"다른 창","version":\#(version)}"#)
      #expect(stale.status == 409)
      #expect(try stale.json()["errorType"] as? String == "Conflict")
      #expect((try stale.json()["note"] as? [String: Any])?["text"] as? String == "고쳐 쓴 글")
      #expect(await app.client.send(.PATCH, "/api/notes/\(id)", json: #"{"text":""}"#).status == 400)
      #expect(await app.client.send(.PATCH, "/api/notes/999", json: #"{"text":"x"}"#).status == 404)
      #expect(await app.client.send(.DELETE, "/api/notes/\(id)?version=\(version)").status == 409)
      let deleted = await app.client.send(.DELETE, "/api/notes/\(id)?version=\(version + 1)")
      #expect(deleted.status == 200)
      #expect(try deleted.json()["status"] as? String == "deleted")
      #expect(try deleted.json()["id"] as? Int == id)
      let gone = await app.client.send(.DELETE, "/api/notes/\(id)")
      #expect(gone.status == 404)
      #expect(try gone.json()["errorType"] as? String == "NotFound")
    }
  }

  @Test func notesAreFoundByText() async throws {
    try await AppFixture.with { app async throws in
      _ = await app.client.send(.POST, Self.notes, json: #"{"kind":"quote","text":"나는 채식주의자가 아니다"}"#)
      _ = await app.client.send(.POST, Self.notes, json: #"{"kind":"note","text":"전혀 다른 생각"}"#)
      let found = try await app.client.get("/api/notes?query=%EC%B1%84%EC%8B%9D").json()
      let matches = try #require(found["notes"] as? [[String: Any]])
      #expect(matches.count == 1)
      #expect(matches.first?["title"] as? String == "채식주의자")
      #expect((matches.first?["note"] as? [String: Any])?["kind"] as? String == "quote")
      #expect((try await app.client.get("/api/notes").json()["notes"] as? [Any])?.isEmpty == true)
      let long = String(repeating: "a", count: 257)
      for path in ["/api/notes", "/fragments/notes"] {
        let tooLong = await app.client.get("\(path)?query=\(long)")
        #expect(tooLong.status == 400, "\(path)")
        #expect(tooLong.message.contains("256"), "\(path)")
      }
    }
  }
}
