import BookImport
import BookModel
import Foundation
import HTTPRouting
import HTTPTransport
import Testing
import UserLibrary

@testable import ChaekWeb

/// `POST /api/import`: a reading app's export, or a backup, uploaded.
@Suite("Importing by upload", .timeLimit(.minutes(10)))
struct ImportAPITests {
  /// A StoryGraph export: one book the app's catalog holds by ISBN, one it does not know.
  static let storyGraph = """
    Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,\
    Read Count,Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,\
    Diverse Characters?,Flawed Characters?,Star Rating,Review,Content Warnings,Content Warning Description,\
    Tags,Owned?
    채식주의자,한강,,9788936433598,paperback,read,2026/01/05,2026/02/01,2026/01/20-2026/02/01,1,dark,slow,\
    ,,,,,3.75,조용한 폭력.,,,"소설, 2026 독서모임",Yes
    Piranesi,Susanna Clarke,,9781526610225,hardcover,to-read,2026/03/01,,,0,,,,,,,,,,,,,No

    """

  @Test func aStoryGraphExportFillsTheJournalAndASecondUploadChangesNothing() async throws {
    try await AppFixture.with { app async throws in
      let reply = await app.client.send(
        .POST, "/api/import?today=2026-05-01", body: Data(Self.storyGraph.utf8))
      #expect(reply.status == 200)
      let json = try reply.json()
      #expect(json["format"] as? String == "storygraph")
      let journal = try #require(json["journal"] as? [String: Any])
      #expect(journal["matched"] as? Int == 1 && journal["added"] as? Int == 1)
      #expect(journal["newly_saved"] as? Int == 2)
      let entry = try #require(try await app.library.entry(BookID(parsing: "9788936433598")!))
      #expect(entry.rating?.stars == 3.75 && entry.shelf == .read && entry.tags == ["2026 독서모임", "소설", "소장"])
      #expect(entry.sessions.map(\.started) == [CalendarDay("2026-01-20")])

      let again = try await app.client.send(.POST, "/api/import", body: Data(Self.storyGraph.utf8)).json()
      let second = try #require(again["journal"] as? [String: Any])
      #expect(second["unchanged"] as? Int == 2 && second["newly_saved"] as? Int == 0)
    }
  }

  @Test func aBackupIsRestoredOnlyIntoAnEmptyLibraryAndBadFilesChangeNothing() async throws {
    try await AppFixture.with { app async throws in
      let source = try Library(path: ":memory:")
      try await source.save(AppServer.books[0], shelf: .reading)
      try await source.addNote(
        .quote, to: AppServer.books[0].id, text: "문장", page: 3, day: CalendarDay("2026-01-01")!)
      let backup = try await source.backup().encoded()
      let restored = await app.client.send(.POST, "/api/import", body: backup)
      #expect(restored.status == 200)
      #expect((try restored.json()["restored"] as? [String: Any])?["books"] as? Int == 1)
      #expect(try await app.library.backup().encoded() == backup)

      let twice = await app.client.send(.POST, "/api/import", body: backup)
      #expect(twice.status == 409)
      for (target, body, status) in [
        ("/api/import", "", 422), ("/api/import", "title;author\nDune;Frank Herbert\n", 422),
        ("/api/import?format=marc", "x", 400),
        ("/api/import?format=goodreads", "not,a,goodreads\n1,2,3\n", 422),
      ] {
        let reply = await app.client.send(.POST, target, body: Data(body.utf8))
        #expect(reply.status == status, "\(target) \(body)")
      }
      #expect(try await app.library.savedCount() == 1)
    }
  }

  @Test func anExportWithOnlyItsHeaderOrAFormIsRefusedAndChangesNothing() async throws {
    try await AppFixture.with { app async throws in
      let header = String(Self.storyGraph.prefix { $0 != "\n" }) + "\n"
      let empty = await app.client.send(.POST, "/api/import", body: Data(header.utf8))
      #expect(empty.status == 422)
      #expect(try empty.json()["errorType"] as? String == "UnreadableFile")
      #expect(empty.message == "no book could be read as StoryGraph export CSV")
      for type in ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/html"] {
        let form = await app.client.send(
          .POST, "/api/import", headers: ["Content-Type": type], body: Data(Self.storyGraph.utf8))
        #expect(form.status == 415, "\(type)")
      }
      for type in ["text/csv", "application/vnd.ms-excel", "application/octet-stream"] {
        let file = await app.client.send(
          .POST, "/api/import", headers: ["Content-Type": type], body: Data(Self.storyGraph.utf8))
        #expect(file.status == 200, "\(type)")
      }
      #expect(try await app.library.savedCount() == 2)
    }
  }

  @Test func anUploadWhileAnotherImportRunsIs409AndChangesNothing() async throws {
    try await AppFixture.with { app async throws in
      let catalog = app.catalog
      try await catalog.beginImport(resuming: nil)
      let busy = await app.client.send(.POST, "/api/import", body: Data(Self.storyGraph.utf8))
      #expect(busy.status == 409)
      #expect(try busy.json()["errorType"] as? String == "ImportRunning")
      #expect(try await app.library.savedCount() == 0)
      await catalog.abandonImport()

      // Free again; what the journal left out is listed by line.
      let tag = String(repeating: "t", count: JournalText.maximumTagLength + 1)
      let file = Self.storyGraph.replacingOccurrences(of: "\"소설, 2026 독서모임\"", with: tag)
      let reply = await app.client.send(.POST, "/api/import", body: Data(file.utf8))
      #expect(reply.status == 200)
      let warnings = try #require(
        (try reply.json()["books"] as? [String: Any])?["warnings"] as? [[String: Any]])
      #expect(warnings.map { $0["line"] as? Int } == [2])
      #expect(warnings.first?["reason"] as? String == "tag over 100 characters")
    }
  }

  @Test func anImportThatStoppedPartwaySaysWhatItKeptAndKeepsItsCauseForTheLog() throws {
    struct DiskFull: Error, CustomStringConvertible {
      var description: String { "disk I/O error in /srv/chaek/catalog.sqlite" }
    }
    let response = ImportFailure.interrupted(storedBooks: 5_000, cause: DiskFull()).response
    #expect(response.status == 500)
    guard case .data(let data) = response.body else {
      Issue.record("not a body of bytes")
      return
    }
    let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
    #expect(body["errorType"] == "ImportInterrupted")
    #expect(body["message"]?.contains("after storing 5000 books, which are kept") == true)
    #expect(body["message"]?.contains("/srv") == false)
  }
}
