import BookModel
import Foundation
import HTTPRouting
import HTTPTransport
import Testing
import UserLibrary

/// `GET`/`PATCH /api/journal/{id}`, reading progress and sessions, and the library list's shelves.
@Suite("Journal API", .timeLimit(.minutes(10)))
struct JournalAPITests {
  static let id = "9788936433598"
  static let journal = "/api/journal/\(id)"

  // MARK: - The entry

  @Test func aFirstJournalWriteSavesTheBookOnWantInTheSameRequest() async throws {
    try await AppFixture.with { app async throws in
      let reply = await app.client.send(
        .PATCH, Self.journal, json: #"{"rating":4.5,"review":" 좋다 ","tags":["소장"," 소장",""],"pages":200}"#)
      #expect(reply.status == 200)
      let entry = try reply.json()
      #expect(entry["id"] as? String == Self.id)
      #expect(entry["shelf"] as? String == "want")
      #expect(entry["rating"] as? Double == 4.5)
      #expect(entry["review"] as? String == " 좋다 ", "kept as written")
      #expect(entry["tags"] as? [String] == ["소장"])
      #expect(entry["pages"] as? Int == 200)
      #expect(try await app.library.savedBook(BookID(parsing: Self.id)!)?.shelf == .want)
      let read = await app.client.get(Self.journal)
      #expect(read.status == 200)
      #expect(read.text == reply.text)
    }
  }

  @Test func aPatchChangesEveryFieldGivenInOneVersionAndNoOther() async throws {
    try await AppFixture.with { app async throws in
      let first = try await app.client.send(.PATCH, Self.journal, json: #"{"rating":3,"pages":100}"#).json()
      let version = try #require(first["version"] as? Int)
      let reply = await app.client.send(
        .PATCH, Self.journal,
        json: #"{"version":\#(version),"shelf":"reading","rating":null,"review":"두 번째","day":"2026-03-01"}"#)
      #expect(reply.status == 200)
      let entry = try reply.json()
      #expect(entry["version"] as? Int == version + 1)
      #expect(entry["shelf"] as? String == "reading")
      #expect(entry["rating"] is NSNull)
      #expect(entry["review"] as? String == "두 번째")
      #expect(entry["pages"] as? Int == 100)
      let sessions = try #require(entry["sessions"] as? [[String: Any]])
      #expect(sessions.first?["started"] as? String == "2026-03-01")
      let cleared = try await app.client.send(.PATCH, Self.journal, json: #"{"pages":null}"#).json()
      #expect(cleared["pages"] is NSNull)
      #expect(cleared["review"] as? String == "두 번째")
    }
  }

  @Test func aBodyThatDoesNotSayItIsJSONIs415AndChangesNothing() async throws {
    try await AppFixture.with { app async throws in
      _ = await app.client.send(.PATCH, Self.journal, json: #"{"rating":3}"#)
      for type in ["text/plain", "application/x-www-form-urlencoded", "", "application/jsonp"] {
        let reply = await app.client.send(
          .PATCH, Self.journal, json: #"{"rating":5}"#, headers: ["Content-Type": type])
        #expect(reply.status == 415, "\(type)")
        #expect(try reply.json()["errorType"] as? String == "UnsupportedMediaType")
      }
      let book = await app.client.send(
        .PUT, "/api/library/\(Self.id)", json: "{}", headers: ["Content-Type": "text/plain"])
      #expect(book.status == 415)
      let charset = await app.client.send(
        .PATCH, Self.journal, json: #"{"rating":4}"#,
        headers: ["Content-Type": "application/json; charset=utf-8"])
      #expect(charset.status == 200)
      #expect(try await app.library.entry(BookID(parsing: Self.id)!)?.rating?.stars == 4)
    }
  }

  @Test func aReadingCannotFinishBeforeItStartsThroughAnyEndpoint() async throws {
    try await AppFixture.with { app async throws in
      let started = await app.client.send(.POST, "\(Self.journal)/start", json: #"{"day":"2024-05-10"}"#)
      #expect(started.status == 200)
      let session = try #require((try started.json()["sessions"] as? [[String: Any]])?.first?["id"] as? Int)
      for (method, target, json) in [
        (HTTPMethod.POST, "\(Self.journal)/finish", #"{"day":"2024-05-01"}"#),
        (.PATCH, Self.journal, #"{"shelf":"read","day":"2024-05-01"}"#),
        (.PATCH, "/api/sessions/\(session)", #"{"started":"2024-05-10","finished":"2024-05-01"}"#),
      ] {
        let reply = await app.client.send(method, target, json: json)
        #expect(reply.status == 400, "\(target) \(json)")
        #expect(reply.message.contains("cannot finish (2024-05-01) before it starts (2024-05-10)"))
      }
      let entry = try #require(try await app.library.entry(BookID(parsing: Self.id)!))
      #expect(entry.shelf == .reading && entry.sessions.map(\.finished) == [nil], "nothing changed")
    }
  }

  @Test func theJournalOfABookThatIsNotSavedIsNotFound() async throws {
    try await AppFixture.with { app async throws in
      let reply = await app.client.get(Self.journal)
      #expect(reply.status == 404)
      #expect(try reply.json()["errorType"] as? String == "NotFound")
      #expect(await app.client.get("/api/journal/not-an-id").status == 400)
      let nowhere = await app.client.send(.PATCH, "/api/journal/9780306406157", json: #"{"rating":4}"#)
      #expect(nowhere.status == 404)
      #expect(try await app.library.savedCount() == 0)
    }
  }

  @Test(arguments: [
    #"{"rating":4.25}"#, #"{"rating":0}"#, #"{"rating":6}"#, #"{"rating":"4"}"#, #"{"raiting":4}"#,
    #"{"shelf":"finished"}"#, #"{"pages":0}"#, #"{"pages":1.5}"#, #"{"day":"2026-02-30"}"#,
    #"{"version":"1"}"#, #"{"tags":["\#(String(repeating: "가", count: 101))"]}"#, #"{"rating":4,}"#,
    #"{"rating":4,"rating":5}"#, "[1]", "not json", #"{"rating":1e19}"#, #"{"rating":-1e19}"#,
    #"{"pages":100001}"#, #"{"pages":9223372036854775807}"#,
    #"{"review":"\#(String(repeating: "a", count: 10_001))"}"#,
  ])
  func aBadPatchIsRefusedAndChangesNothing(body: String) async throws {
    try await AppFixture.with { app async throws in
      let unsaved = await app.client.send(.PATCH, Self.journal, json: body)
      #expect(unsaved.status == 400)
      #expect(try unsaved.json()["errorType"] as? String == "InvalidArgument")
      #expect(try await app.library.savedCount() == 0)
      let saved = try await app.client.send(.PATCH, Self.journal, json: #"{"rating":2}"#).json()
      #expect(await app.client.send(.PATCH, Self.journal, json: body).status == 400)
      #expect(try await app.client.get(Self.journal).json()["version"] as? Int == saved["version"] as? Int)
      #expect(try await app.client.get(Self.journal).json()["rating"] as? Double == 2)
    }
  }

  @Test func aRatingIsInHalfStarsAndTheMessageSaysSo() async throws {
    try await AppFixture.with { app async throws in
      let reply = await app.client.send(.PATCH, Self.journal, json: #"{"rating":3.75}"#)
      #expect(reply.status == 400)
      #expect(reply.message.contains("half stars"))
      let unknown = await app.client.send(.PATCH, Self.journal, json: #"{"stars":3}"#)
      #expect(unknown.message.contains("unknown field \"stars\""))
    }
  }

  @Test func anEditMadeOnAnOlderVersionIsAConflictWithTheEntryAsItIsNow() async throws {
    try await AppFixture.with { app async throws in
      _ = await app.client.send(.PUT, "/api/library/\(Self.id)")
      let version = try #require(try await app.client.get(Self.journal).json()["version"] as? Int)
      let first = await app.client.send(.PATCH, Self.journal, json: #"{"version":\#(version),"review":"A"}"#)
      #expect(first.status == 200)
      let second = await app.client.send(.PATCH, Self.journal, json: #"{"version":\#(version),"review":"B"}"#)
      #expect(second.status == 409)
      let body = try second.json()
      #expect(body["errorType"] as? String == "Conflict")
      #expect((body["message"] as? String)?.contains("changed elsewhere") == true)
      let entry = try #require(body["entry"] as? [String: Any])
      #expect(entry["review"] as? String == "A")
      #expect(entry["version"] as? Int == version + 1)
      #expect(try await app.library.entry(BookID(parsing: Self.id)!)?.review == "A")
    }
  }

  // MARK: - Reading

  @Test func progressSavesTheBookAndStartsAReading() async throws {
    try await AppFixture.with { app async throws in
      let reply = await app.client.send(
        .POST, "\(Self.journal)/progress", json: #"{"progress":"120/352","day":"2026-03-02"}"#)
      #expect(reply.status == 200)
      let entry = try reply.json()
      #expect(entry["shelf"] as? String == "reading")
      #expect(entry["pages"] as? Int == 352)
      let session = try #require((entry["sessions"] as? [[String: Any]])?.first)
      #expect(session["started"] as? String == "2026-03-02")
      let progress = try #require((session["progress"] as? [[String: Any]])?.first)
      #expect(progress["page"] as? Int == 120)
      let percent = try await app.client.send(.POST, "\(Self.journal)/progress", json: #"{"progress":"45%"}"#)
        .json()
      let updates = (percent["sessions"] as? [[String: Any]])?.first?["progress"] as? [[String: Any]]
      #expect(updates?.last?["percent"] as? Double == 45)
      #expect(updates?.last?["day"] as? String == CalendarDay.today().description)
    }
  }

  @Test(arguments: [
    #"{"progress":"abc"}"#, #"{"progress":"400/352"}"#, #"{"progress":"120%"}"#, "{}",
    #"{"progress":"1/9223372036854775807"}"#,
  ])
  func unreadableProgressIsRefusedSayingTheFormsItReads(body: String) async throws {
    try await AppFixture.with { app async throws in
      let reply = await app.client.send(.POST, "\(Self.journal)/progress", json: body)
      #expect(reply.status == 400)
      if body != "{}" { #expect(reply.message.contains("120/352") && reply.message.contains("45%")) }
      #expect(try await app.library.savedCount() == 0)
    }
  }

  @Test func startAndFinishMoveTheBookAndDateItsReading() async throws {
    try await AppFixture.with { app async throws in
      let started = await app.client.send(.POST, "\(Self.journal)/start", json: #"{"day":"2026-01-05"}"#)
      #expect(started.status == 200)
      #expect(try started.json()["shelf"] as? String == "reading")
      let finished = try await app.client.send(
        .POST, "\(Self.journal)/finish", json: #"{"day":"2026-01-20"}"#
      )
      .json()
      #expect(finished["shelf"] as? String == "read")
      let session = try #require((finished["sessions"] as? [[String: Any]])?.first)
      #expect(session["started"] as? String == "2026-01-05")
      #expect(session["finished"] as? String == "2026-01-20")
      let today = try await app.client.send(.POST, "\(Self.journal)/start").json()
      #expect(
        (today["sessions"] as? [[String: Any]])?.last?["started"] as? String
          == CalendarDay.today().description)
      #expect(
        await app.client.send(.POST, "\(Self.journal)/finish", json: #"{"day":"20-01-2026"}"#).status == 400)
    }
  }

  @Test func aReadingsDaysAreEditedAndItIsDeletedByVersion() async throws {
    try await AppFixture.with { app async throws in
      let entry = try await app.client.send(.POST, "\(Self.journal)/finish", json: #"{"day":"2026-02-01"}"#)
        .json()
      let session = try #require((entry["sessions"] as? [[String: Any]])?.first)
      let id = try #require(session["id"] as? Int)
      let version = try #require(session["version"] as? Int)
      let path = "/api/sessions/\(id)"
      let edit = #"{"started":"2026-01-10","finished":"2026-02-01","version":\#(version)}"#
      let edited = await app.client.send(.PATCH, path, json: edit)
      #expect(edited.status == 200)
      #expect(
        (try edited.json()["sessions"] as? [[String: Any]])?.first?["started"] as? String == "2026-01-10")
      let stale = await app.client.send(.PATCH, path, json: edit)
      #expect(stale.status == 409)
      let current = try #require(try stale.json()["entry"] as? [String: Any])
      #expect((current["sessions"] as? [[String: Any]])?.first?["version"] as? Int == version + 1)
      let backwards = #"{"started":"2026-03-01","finished":"2026-02-01"}"#
      #expect(await app.client.send(.PATCH, path, json: backwards).status == 400)
      #expect(await app.client.send(.PATCH, path, json: #"{"finished":null}"#).status == 400)
      #expect(await app.client.send(.PATCH, "/api/sessions/999", json: edit).status == 404)
      #expect(await app.client.send(.PATCH, "/api/sessions/x", json: edit).status == 400)
      #expect(await app.client.send(.DELETE, "\(path)?version=\(version)").status == 409)
      #expect(await app.client.send(.DELETE, "\(path)?version=x").status == 400)
      let deleted = await app.client.send(.DELETE, "\(path)?version=\(version + 1)")
      #expect(deleted.status == 200)
      #expect((try deleted.json()["sessions"] as? [[String: Any]])?.isEmpty == true)
      #expect(await app.client.send(.DELETE, path).status == 404)
    }
  }

  // MARK: - The library list

  @Test func theLibraryListHasShelvesRatingsAndTags() async throws {
    try await AppFixture.with { app async throws in
      let other = Book(title: "목록에 없는 책", isbn: "9791160401233", authors: ["누군가"])
      #expect(
        await app.client.send(
          .PUT, "/api/library/9791160401233?shelf=reading",
          json: String(decoding: try JSONEncoder().encode(other), as: UTF8.self)
        ).status == 201)
      _ = await app.client.send(.PATCH, Self.journal, json: #"{"shelf":"read","rating":4,"tags":["소장"]}"#)
      let list = try await app.client.get("/api/library").json()
      #expect(list["count"] as? Int == 2)
      let books = try #require(list["books"] as? [[String: Any]])
      let vegetarian = try #require(books.first { $0["id"] as? String == Self.id })
      #expect(vegetarian["shelf"] as? String == "read")
      #expect(vegetarian["rating"] as? Double == 4)
      let unrated = try #require(books.first { $0["id"] as? String == "9791160401233" })
      #expect(unrated["shelf"] as? String == "reading")
      #expect(unrated["rating"] is NSNull)
      #expect(list["shelves"] as? [String: Int] == ["want": 0, "reading": 1, "read": 1, "dnf": 0])
      let tags = try #require(list["tags"] as? [[String: Any]])
      #expect(tags.map { "\($0["tag"] ?? "") \($0["count"] ?? "")" } == ["소장 1"])
      let read = try await app.client.get("/api/library?shelf=read").json()
      #expect((read["books"] as? [[String: Any]])?.map { $0["id"] as? String } == [Self.id])
      #expect(read["count"] as? Int == 1)
      let tagged = try await app.client.get("/api/library?tag=%EC%86%8C%EC%9E%A5").json()
      #expect((tagged["books"] as? [[String: Any]])?.count == 1)
      #expect(await app.client.get("/api/library?shelf=finished").status == 400)
      #expect(await app.client.send(.PUT, "/api/library/\(Self.id)?shelf=finished").status == 400)
    }
  }

  @Test func theCommandLinesEntriesHaveNoShelfOrRating() async throws {
    try await AppFixture.with { app async throws in
      try await app.library.save(AppServer.vegetarian, shelf: .read)
      let saved = try #require(try await app.library.savedBook(AppServer.vegetarian.id))
      let plain = try JSONSerialization.jsonObject(with: JSONEncoder().encode(LibraryEntry(saved)))
      #expect((plain as? [String: Any])?.keys.sorted() == ["book", "id", "saved_at"])
      let shelved = try JSONSerialization.jsonObject(with: JSONEncoder().encode(LibraryEntry.shelved(saved)))
      #expect((shelved as? [String: Any])?["shelf"] as? String == "read")
      #expect((shelved as? [String: Any])?["rating"] is NSNull)
    }
  }

  // MARK: - Access

  @Test func journalChangesFromAnotherOriginAreRefused() async throws {
    try await AppFixture.with { app async throws in
      let foreign: HTTPHeaders = ["Origin": "http://evil.example", "Host": "127.0.0.1:8080"]
      let crossSite: HTTPHeaders = ["Sec-Fetch-Site": "cross-site"]
      let refused = [
        await app.client.send(.PATCH, Self.journal, json: #"{"rating":5}"#, headers: foreign),
        await app.client.send(
          .POST, "\(Self.journal)/notes", json: #"{"kind":"note","text":"x"}"#, headers: crossSite),
        await app.client.send(.POST, "\(Self.journal)/finish", headers: foreign),
        await app.client.send(.PUT, "/api/goals/2026", json: #"{"books":5}"#, headers: crossSite),
        await app.client.send(.DELETE, "/api/notes/1", headers: foreign),
      ]
      #expect(refused.map(\.status) == [403, 403, 403, 403, 403])
      #expect(try await app.library.savedCount() == 0)
      #expect(try await app.library.goals.books(for: 2026) == nil)
      let sameOrigin: HTTPHeaders = ["Origin": "http://127.0.0.1:8080", "Host": "127.0.0.1:8080"]
      #expect(
        await app.client.send(.PATCH, Self.journal, json: #"{"rating":5}"#, headers: sameOrigin).status == 200
      )
    }
  }
}
