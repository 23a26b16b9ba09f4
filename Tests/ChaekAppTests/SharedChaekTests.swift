import BookModel
import ChaekApp
import Foundation
import PostgresClient
import TestSupport
import Testing

@testable import ChaekApp

/// Chaek over a PostgreSQL database that several servers share, each with a data directory of its
/// own (which keeps only its catalog).
@Suite(
  "Servers sharing one PostgreSQL database share their readers and every reader's library",
  .enabled(if: TestPostgres.isInstalled || TestPostgres.isRequired), .timeLimit(.minutes(10)))
struct SharedChaekTests {
  private static let book = Book(title: "채식주의자", isbn: "9788936433598", authors: ["한강"])

  /// A server: Chaek over `database` with a data directory of its own.
  private static func server(_ database: String) async throws -> Chaek {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-shared-\(UUID())")
    let environment = AppEnvironment([
      "CHAEK_HOME": home.path, "CHAEK_DATABASE_URL": database, "CHAEK_PROVIDER": "catalog",
    ])
    return try await Chaek.open(environment: environment, source: .local)
  }

  @Test func aReaderAddedOnOneSignsInOnAnotherAndTheirBooksAndEventsAreTheSameOnEvery() async throws {
    let database = try await TestPostgres.shared().makeDatabase()
    let (one, two) = (try await Self.server(database), try await Self.server(database))
    let minji = try await one.addReader(name: "민지", password: "correct horse", admin: false)
    let junho = try await one.addReader(name: "준호", password: "battery staple", admin: false)
    let signIn = try await two.signIn(name: "민지", password: "correct horse", from: "10.0.0.1")
    #expect(try await one.reader(forSession: signIn.session)?.name == "민지", "a session works on every server")

    let events = try await two.events(for: minji)
    _ = try await one.save(Self.book, for: minji)
    var heard = events.makeAsyncIterator()
    #expect(await heard.next() == .saved(Self.book.id), "a save through one reaches windows on another")
    #expect(try await two.savedIDs(for: minji) == [Self.book.id])
    #expect(try await two.savedIDs(for: junho).isEmpty, "each reader's library is apart")
    #expect(try await two.book(Self.book.id, for: minji)?.title == "채식주의자", "it opens anywhere")

    try await one.signOut(session: signIn.session)
    #expect(try await two.reader(forSession: signIn.session) == nil, "signed out everywhere")
  }

  @Test func editsRacingThroughTwoServersWithOneVersionGiveOneSuccessAndConflictsForTheRest() async throws {
    let database = try await TestPostgres.shared().makeDatabase()
    let servers = [try await Self.server(database), try await Self.server(database)]
    let minji = try await servers[0].addReader(name: "민지", password: "correct horse", admin: false)
    _ = try await servers[0].save(Self.book, for: minji)
    let version = try #require(try await servers[1].entry(Self.book.id, for: minji)).version
    let today = CalendarDay("2026-12-03")!
    let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
      for index in 0..<8 {
        group.addTask {
          do {
            _ = try await servers[index % 2].updateEntry(
              Self.book.id, try EntryChange(review: "리뷰 \(index)"), today: today, expecting: version,
              for: minji)
            return true
          } catch LibraryError.staleEdit {
            return false
          }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(outcomes.count { $0 } == 1, "exactly one edit of version \(version) wins: \(outcomes)")
    #expect(try await servers[0].entry(Self.book.id, for: minji)?.version == version + 1)
  }

  @Test func aRemovalReplayedFromOneServerAfterASaveOnAnotherIsRefused() async throws {
    let database = try await TestPostgres.shared().makeDatabase()
    let (one, two) = (try await Self.server(database), try await Self.server(database))
    let minji = try await one.addReader(name: "민지", password: "correct horse", admin: false)
    let queued = Date().addingTimeInterval(-60)  // a removal made offline a minute ago
    _ = try await one.save(Self.book, for: minji)  // saved again since, elsewhere
    await #expect(throws: LibraryError.self) {
      _ = try await two.remove(Self.book.id, changedAt: queued, for: minji)
    }
    #expect(try await one.savedIDs(for: minji) == [Self.book.id], "the later save stands")
  }

  @Test func aRemovedReadersLibraryIsDroppedAndTheSchemasAreNamedAfterTheFiles() async throws {
    let database = try await TestPostgres.shared().makeDatabase()
    let chaek = try await Self.server(database)
    let minji = try await chaek.addReader(name: "민지", password: "correct horse", admin: false)
    let junho = try await chaek.addReader(name: "준호", password: "battery staple", admin: false)
    _ = try await chaek.save(Self.book, for: minji)
    _ = try await chaek.save(Self.book, for: junho)
    let check = try await PostgresDatabase(database)
    let schemas = {
      try await check.read {
        try $0.query(
          "SELECT DISTINCT schema FROM public.schema_migrations WHERE schema <> 'accounts' ORDER BY 1"
        ) {
          $0.text(0)
        }
      }
    }
    #expect(try await schemas() == ["library", "readers_2"])
    _ = try await chaek.removeReader(named: "준호")
    #expect(try await schemas() == ["library"])
    let left = try await check.read {
      try $0.integer("SELECT count(*) FROM information_schema.schemata WHERE schema_name = 'readers_2'")
    }
    #expect(left == 0)
    #expect(try Chaek.schema(ofLibrary: "readers/12.sqlite") == "readers_12")
    #expect(throws: AppError.self) { try Chaek.schema(ofLibrary: "../etc/passwd") }
  }

  @Test func aDatabaseThatCannotBeReachedIsSaidAtOnce() async throws {
    let port = try TestPostgres.freePort()
    let environment = AppEnvironment([
      "CHAEK_HOME": FileManager.default.temporaryDirectory.appendingPathComponent("chaek-\(UUID())").path,
      "CHAEK_DATABASE_URL": "postgresql://chaek@127.0.0.1:\(port)/chaek",
    ])
    let error = try await #require(throws: AppError.self) { try await Chaek.open(environment: environment) }
    #expect(error.message.contains("CHAEK_DATABASE_URL"))
  }
}
