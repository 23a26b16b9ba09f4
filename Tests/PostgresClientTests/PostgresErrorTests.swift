import PostgresClient
import TestSupport
import Testing

@Suite("PostgreSQL errors", Postgres.isAvailable, .timeLimit(.minutes(10)))
struct PostgresErrorTests {
  @Test func aDuplicateKeyIsAUniqueViolationNamingTheKey() async throws {
    let connection = try await Postgres.connection()
    try connection.execute("CREATE TABLE readers (name text PRIMARY KEY)")
    try connection.run("INSERT INTO readers (name) VALUES ($1)", ["지수"])
    let sql = "INSERT INTO readers (name) VALUES ($1)"
    let error = try #require(throws: PostgresError.self) { try connection.run(sql, ["지수"]) }
    #expect(error.isUniqueViolation)
    #expect(error.code == "23505")
    #expect(error.sql == sql)
    #expect(error.message.contains("readers_pkey") && error.message.contains("지수"))
    #expect(!error.isConnectionFailure && !error.isSerializationFailure)
    #expect(try connection.integer("SELECT count(*) FROM readers") == 1)
  }

  @Test func aMistakeInTheSQLSaysWhereAndLeavesTheConnectionWorking() async throws {
    let connection = try await Postgres.connection()
    let error = try #require(throws: PostgresError.self) { try connection.execute("SELEC 1") }
    #expect(error.code == "42601")
    #expect(error.description.contains("SELEC 1"))
    #expect(!error.isConnectionFailure)
    let missing = try #require(throws: PostgresError.self) {
      try connection.integer("SELECT count(*) FROM nowhere")
    }
    #expect(missing.code == "42P01")
    #expect(connection.isConnected)
    #expect(try connection.integer("SELECT 1") == 1)
  }

  @Test func tooFewParametersIsAnErrorOfTheStatementNotOfTheConnection() async throws {
    let connection = try await Postgres.connection()
    let error = try #require(throws: PostgresError.self) {
      try connection.integer("SELECT $1::int + $2::int", [1])
    }
    #expect(!error.isConnectionFailure)
    #expect(try connection.integer("SELECT $1::int + $2::int", [1, 2]) == 3)
  }

  @Test func aStatementPastItsTimeoutIsCanceledAndTheConnectionGoesOn() async throws {
    let connection = try await Postgres.connection(statementTimeout: .milliseconds(100))
    let error = try #require(throws: PostgresError.self) { try connection.execute("SELECT pg_sleep(30)") }
    #expect(error.isCanceled)
    #expect(!error.isConnectionFailure)
    #expect(try connection.integer("SELECT 1") == 1)
  }

  @Test func aDatabaseThatDoesNotExistIsNamedInTheError() async throws {
    let cluster = try await TestPostgres.shared()
    let error = try #require(throws: PostgresError.self) {
      try PostgresConnection(cluster.connectionString(database: "no_such_library"))
    }
    #expect(error.isConnectionFailure)
    #expect(error.message.contains("no_such_library"))
  }
}
