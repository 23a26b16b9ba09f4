import PostgresClient
import TestSupport
import Testing

/// PostgreSQL for the tests: databases on the test process's shared throwaway cluster.
///
/// Tests that need a server are enabled by ``isAvailable``: skipped, saying why, on a machine
/// without PostgreSQL 15's server; required, and failing without it, where
/// `CHAEK_REQUIRE_POSTGRES=1` (`.ci/run` sets it).
enum Postgres {
  /// The condition of a test that needs a PostgreSQL server.
  static let isAvailable = ConditionTrait.enabled(
    if: TestPostgres.isInstalled || TestPostgres.isRequired,
    Comment(
      rawValue: "needs PostgreSQL 15's server in \(TestPostgres.binDirectory) (apt-get install postgresql); "
        + "CHAEK_REQUIRE_POSTGRES=1 makes its absence a failure"))

  /// The connection string of a new, empty database on the shared cluster.
  static func database() async throws -> String {
    try await TestPostgres.shared().makeDatabase()
  }

  /// A connection to a new, empty database on the shared cluster.
  static func connection(statementTimeout: Duration? = nil) async throws -> PostgresConnection {
    try PostgresConnection(try await database(), statementTimeout: statementTimeout)
  }
}
