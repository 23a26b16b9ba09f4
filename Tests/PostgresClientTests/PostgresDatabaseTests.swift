import Dispatch
import PostgresClient
import TestSupport
import Testing

@Suite("A PostgreSQL database on its own executor", Postgres.isAvailable, .timeLimit(.minutes(10)))
struct PostgresDatabaseTests {
  struct Refusal: Error {}

  @Test func writesCommitAndReadsSeeThem() async throws {
    let database = try await PostgresDatabase(try await Postgres.database())
    try await database.withConnection { try $0.execute("CREATE TABLE books (title text PRIMARY KEY)") }
    try await database.write { connection in
      for title in ["희랍어 시간", "흰"] { try connection.run("INSERT INTO books (title) VALUES ($1)", [title]) }
    }
    let titles = try await database.read {
      try $0.query("SELECT title FROM books ORDER BY title") { $0.text(0) }
    }
    #expect(titles == ["흰", "희랍어 시간"].sorted())
  }

  @Test func aWriteThatThrowsLeavesNothingAndAReadCannotWrite() async throws {
    let database = try await PostgresDatabase(try await Postgres.database())
    try await database.withConnection { try $0.execute("CREATE TABLE books (title text PRIMARY KEY)") }
    await #expect(throws: Refusal.self) {
      try await database.write { connection in
        try connection.run("INSERT INTO books (title) VALUES ($1)", ["a"])
        throw Refusal()
      }
    }
    let error = try await #require(throws: PostgresError.self) {
      try await database.read { try $0.run("INSERT INTO books (title) VALUES ($1)", ["b"]) }
    }
    #expect(error.code == "25006")
    #expect(try await database.read { try $0.integer("SELECT count(*) FROM books") } == 0)
  }

  @Test func callsFromManyTasksShareTheOneConnectionInTurn() async throws {
    // They wait in line as long as they need: the machine may be busy with every other test.
    let database = try await PostgresDatabase(try await Postgres.database(), waitLimit: .seconds(600))
    try await database.withConnection {
      try $0.execute("CREATE TABLE counter (n bigint NOT NULL); INSERT INTO counter VALUES (0)")
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<20 {
        group.addTask { try await database.write { _ = try $0.run("UPDATE counter SET n = n + 1") } }
      }
      try await group.waitForAll()
    }
    #expect(try await database.read { try $0.integer("SELECT n FROM counter") } == 20)
  }

  @Test func aCallThatWaitsForAConnectionPastItsLimitFailsAsTheServerAway() async throws {
    let database = try await PostgresDatabase(try await Postgres.database(), waitLimit: .milliseconds(100))
    // The one connection is held until the call that waits for it has failed.
    let (held, release) = (Signal(), DispatchSemaphore(value: 0))
    let holding = Task {
      try await database.read { connection in
        _ = try connection.integer("SELECT 1")
        held.fire()
        release.wait()
      }
    }
    #expect(await held.wait())
    let error = await #expect(throws: PostgresError.self) {
      try await database.read { try $0.integer("SELECT 1") }
    }
    release.signal()
    #expect(
      error?.isConnectionFailure == true && error?.message.contains("no connection") == true,
      "\(String(describing: error))")
    try await holding.value
    #expect(try await database.read { try $0.integer("SELECT 2") } == 2)
  }
}
