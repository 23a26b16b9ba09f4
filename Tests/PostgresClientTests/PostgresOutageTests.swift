import PostgresClient
import TestSupport
import Testing

/// Each test has a cluster of its own, which it stops: no call may hang on a server that is gone.
/// The suite's time limit is the guard against a hang; the tests assert no timings.
@Suite("A PostgreSQL server that stops", Postgres.isAvailable, .timeLimit(.minutes(10)))
struct PostgresOutageTests {
  /// `fast` makes the server tell its clients it is shutting down (`57P01`) before it closes their
  /// connections; `immediate` closes them without a word, as a crash would.
  @Test(arguments: [TestPostgres.StopMode.fast, .immediate])
  func aStoppedServerFailsCallsAsConnectionFailuresAndARestartedOneServesAgain(mode: TestPostgres.StopMode)
    async throws
  {
    try await TestPostgres.withCluster { cluster in
      let database = try await cluster.makeDatabase()
      let connection = try PostgresConnection(database)
      #expect(try connection.integer("SELECT 1") == 1)
      let listener = try await PostgresListener(database, channels: ["library"])

      try await cluster.stop(mode: mode)

      let queryError = try #require(throws: PostgresError.self) { try connection.integer("SELECT 1") }
      #expect(queryError.isConnectionFailure)
      #expect(!connection.isConnected)
      let connectError = try #require(throws: PostgresError.self) { try PostgresConnection(database) }
      #expect(connectError.isConnectionFailure)
      #expect(connectError.message.contains("cannot connect to PostgreSQL"))
      let resetError = try #require(throws: PostgresError.self) { try connection.reset() }
      #expect(resetError.isConnectionFailure)
      let listenerError = try await #require(throws: PostgresError.self) {
        for try await _ in listener.notifications {}
      }
      #expect(listenerError.isConnectionFailure)

      try await cluster.start()

      #expect(try PostgresConnection(database).integer("SELECT 2") == 2)
      try connection.reset()
      #expect(connection.isConnected)
      #expect(try connection.integer("SELECT 3") == 3)
    }
  }

  @Test func aDatabaseConnectsAgainOnTheFirstCallAfterTheServerIsBack() async throws {
    try await TestPostgres.withCluster { cluster in
      let database = try await PostgresDatabase(try await cluster.makeDatabase())
      try await database.write { try $0.execute("CREATE TABLE books (title text PRIMARY KEY)") }

      try await cluster.stop(mode: .immediate)

      for _ in 0..<2 {
        let error = try await #require(throws: PostgresError.self) {
          try await database.read { try $0.integer("SELECT count(*) FROM books") }
        }
        #expect(error.isConnectionFailure)
      }

      try await cluster.start()

      _ = try await database.write { try $0.run("INSERT INTO books (title) VALUES ($1)", ["작별하지 않는다"]) }
      #expect(try await database.read { try $0.integer("SELECT count(*) FROM books") } == 1)
    }
  }
}
