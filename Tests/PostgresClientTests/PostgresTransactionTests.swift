import PostgresClient
import Testing

@Suite("PostgreSQL transactions", Postgres.isAvailable, .timeLimit(.minutes(10)))
struct PostgresTransactionTests {
  struct Refusal: Error {}

  private func connectionWithBooks() async throws -> PostgresConnection {
    let connection = try await Postgres.connection()
    try connection.execute("CREATE TABLE books (title text PRIMARY KEY)")
    return connection
  }

  @Test func aTransactionThatReturnsCommits() async throws {
    let connection = try await connectionWithBooks()
    let count = try connection.inTransaction {
      try connection.run("INSERT INTO books (title) VALUES ($1)", ["채식주의자"])
      return try connection.integer("SELECT count(*) FROM books")
    }
    #expect(count == 1)
    #expect(!connection.isInTransaction)
    #expect(try connection.integer("SELECT count(*) FROM books") == 1)
  }

  @Test func aTransactionThatThrowsRollsBack() async throws {
    let connection = try await connectionWithBooks()
    #expect(throws: Refusal.self) {
      try connection.inTransaction {
        try connection.run("INSERT INTO books (title) VALUES ($1)", ["소년이 온다"])
        throw Refusal()
      }
    }
    #expect(!connection.isInTransaction)
    #expect(try connection.integer("SELECT count(*) FROM books") == 0)
  }

  @Test func aFailedStatementCaughtInsideATransactionStillRollsItBack() async throws {
    let connection = try await connectionWithBooks()
    let error = try #require(throws: PostgresError.self) {
      try connection.inTransaction {
        try connection.run("INSERT INTO books (title) VALUES ($1)", ["흰"])
        _ = try? connection.run("INSERT INTO books (title) VALUES ($1)", ["흰"])
      }
    }
    #expect(error.code == "25P02")
    #expect(try connection.integer("SELECT count(*) FROM books") == 0)
  }

  @Test func aNestedTransactionThatThrowsRollsBackOnlyItself() async throws {
    let connection = try await connectionWithBooks()
    try connection.inTransaction {
      try connection.run("INSERT INTO books (title) VALUES ($1)", ["outer"])
      try? connection.inTransaction {
        try connection.run("INSERT INTO books (title) VALUES ($1)", ["inner"])
        try connection.run("INSERT INTO books (title) VALUES ($1)", ["outer"])
      }
    }
    #expect(try connection.query("SELECT title FROM books") { $0.text(0) } == ["outer"])
  }

  @Test func conflictingSerializableTransactionsFailOneWithASerializationFailure() async throws {
    let database = try await Postgres.database()
    let first = try PostgresConnection(database)
    let second = try PostgresConnection(database)
    try first.execute("CREATE TABLE duty (doctor text NOT NULL, on_call boolean NOT NULL)")
    try first.execute("INSERT INTO duty VALUES ('alice', true), ('bob', true)")
    // Write skew: each sees two on call and takes one off, which together leave none.
    let error = try #require(throws: PostgresError.self) {
      try first.inTransaction(isolation: .serializable) {
        _ = try first.integer("SELECT count(*) FROM duty WHERE on_call")
        try second.inTransaction(isolation: .serializable) {
          _ = try second.integer("SELECT count(*) FROM duty WHERE on_call")
          try second.run("UPDATE duty SET on_call = false WHERE doctor = $1", ["bob"])
        }
        try first.run("UPDATE duty SET on_call = false WHERE doctor = $1", ["alice"])
      }
    }
    #expect(error.isSerializationFailure)
    #expect(!first.isInTransaction)
    #expect(try first.integer("SELECT count(*) FROM duty WHERE on_call") == 1)
  }

  @Test func aReadTransactionSeesOneSnapshotAndCannotWrite() async throws {
    let database = try await Postgres.database()
    let reader = try PostgresConnection(database)
    let writer = try PostgresConnection(database)
    try writer.execute("CREATE TABLE books (title text PRIMARY KEY); INSERT INTO books VALUES ('a')")
    let counts = try reader.inReadTransaction {
      let before = try reader.integer("SELECT count(*) FROM books")
      try writer.run("INSERT INTO books (title) VALUES ($1)", ["b"])
      return [before, try reader.integer("SELECT count(*) FROM books")]
    }
    #expect(counts == [1, 1])
    let error = try #require(throws: PostgresError.self) {
      try reader.inReadTransaction { try reader.run("INSERT INTO books (title) VALUES ($1)", ["c"]) }
    }
    #expect(error.code == "25006")
    #expect(try reader.integer("SELECT count(*) FROM books") == 2)
  }
}
