import PostgresClient
import TestSupport
import Testing

/// Needs libpq only: no server.
@Suite("Connecting to PostgreSQL", .timeLimit(.minutes(10)))
struct PostgresConnectingTests {
  @Test func connectingWhereNoServerListensFailsWithTheReason() throws {
    let port = try TestPostgres.freePort()
    let error = try #require(throws: PostgresError.self) {
      try PostgresConnection("host=127.0.0.1 port=\(port) user=chaek dbname=postgres")
    }
    #expect(error.isConnectionFailure)
    #expect(error.message.hasPrefix("cannot connect to PostgreSQL: "))
    #expect(error.message.contains("\(port)"))
    #expect(!error.message.contains("\n"))
  }

  @Test func aMalformedConnectionStringIsRefusedWithTheReason() throws {
    let error = try #require(throws: PostgresError.self) { try PostgresConnection("host=127.0.0.1 port") }
    #expect(error.message.contains("port"))
  }

  @Test(arguments: ["08001", "08006", "08003", "57P01", "57P02", "57P03"])
  func connectionCodesAreConnectionFailures(code: String) {
    #expect(PostgresError(code: code, message: "").isConnectionFailure)
  }

  @Test(arguments: ["08P01", "23505", "40001", "57014", "XX000"])
  func otherCodesAreNot(code: String) {
    #expect(!PostgresError(code: code, message: "").isConnectionFailure)
  }
}
