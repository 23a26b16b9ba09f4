/// One named step of a PostgreSQL schema, applied once per database in its place among the others
/// (as Storage's `Migration` does for SQLite).
public struct PostgresMigration: Sendable {
  /// The unique name recorded once applied; never rename a migration that shipped.
  public let name: String
  /// Its statements.
  public let sql: String

  /// A migration that runs `sql`.
  public init(_ name: String, sql: String) {
    self.name = name
    self.sql = sql
  }
}

/// The database was migrated by a newer Chaek: its schema records migrations this one does not know.
public struct PostgresNewerSchemaError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The migrations recorded that this version does not know.
  public let unknown: [String]

  /// The error for a database that records `unknown`.
  public init(unknown: [String]) { self.unknown = unknown }

  /// What went wrong, for a person.
  public var description: String {
    "the database was set up by a newer Chaek (it has \(unknown.joined(separator: ", "))): run that version"
  }
}

extension PostgresDatabase {
  /// Applies the migrations of `migrations` not yet applied, in order, in one transaction that
  /// holds a lock of its own (`schema`'s name), so that servers starting together apply each
  /// once; records them in `schema_migrations` with the `schema` they belong to.
  /// - Throws: ``PostgresNewerSchemaError`` before changing anything when the database records a
  ///   migration of `schema` that `migrations` does not have; a ``PostgresError``.
  public func migrate(_ schema: String, _ migrations: [PostgresMigration]) throws {
    try write(isolation: .readCommitted) { connection in
      try connection.run("SELECT pg_advisory_xact_lock(hashtext($1))", ["chaek migrations: " + schema])
      try connection.execute(
        """
        CREATE TABLE IF NOT EXISTS schema_migrations (
          schema text NOT NULL, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (schema, name))
        """)
      let applied = Set(
        try connection.query("SELECT name FROM schema_migrations WHERE schema = $1", [schema]) { $0.text(0) })
      let unknown = applied.subtracting(migrations.map(\.name)).sorted()
      guard unknown.isEmpty else { throw PostgresNewerSchemaError(unknown: unknown) }
      for migration in migrations where !applied.contains(migration.name) {
        try connection.execute(migration.sql)
        try connection.run(
          "INSERT INTO schema_migrations (schema, name) VALUES ($1, $2)", [schema, migration.name])
      }
    }
  }
}
