import SQLStore

/// One schema of a PostgreSQL database as an ``SQLStore/SQLStore``: a store's tables, apart from
/// every other store's in the same database (each reader's library has its own schema; the
/// accounts have theirs).
///
/// Each transaction first points `search_path` at the schema, so a store's statements name their
/// tables unqualified, as on SQLite. Writes take the schema's own lock (a transaction-level
/// advisory lock), so that the writes of one store take turns across every server, as SQLite's
/// immediate transactions do, while other stores' writes go on; within a process they take turns
/// before they take a connection. Each write notifies the database's watchers (``commits()``) when
/// it commits.
public struct PostgresSchema: SQLStore {
  /// The database.
  public let database: PostgresDatabase
  /// The schema's name: lowercase ASCII letters, digits and `_`, starting with a letter.
  public let name: String

  /// The schema `name` of `database` (created by ``migrate(_:)``).
  /// - Precondition: ``isValid(_:)`` accepts `name`.
  public init(_ name: String, in database: PostgresDatabase) {
    precondition(Self.isValid(name), "not a schema name Chaek makes: \(name)")
    self.name = name
    self.database = database
  }

  /// `true` for a name made of lowercase ASCII letters, digits and `_`, starting with a letter, at
  /// most 63 bytes, and none of PostgreSQL's own schemas (`public`, `information_schema`, `pg_…`).
  public static func isValid(_ name: String) -> Bool {
    guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first),
      name.utf8.count <= 63, !name.hasPrefix("pg_"), !["public", "information_schema"].contains(name)
    else { return false }
    return name.utf8.allSatisfy {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        || $0 == UInt8(ascii: "_")
    }
  }

  /// The name as an SQL identifier (quoted, so that a keyword is a name too). Names are checked by
  /// ``isValid(_:)``, which lets no quote in: safe to write into a statement.
  private var identifier: String { "\"\(name)\"" }

  /// PostgreSQL.
  public var dialect: SQLDialect { .postgresql }

  /// Runs `body` in a read-only transaction on one snapshot of the schema.
  /// - Throws: ``SQLStore/SQLStoreUnavailable`` when the server cannot be reached, a statement ran
  ///   out of time or a lock could not be had in time; what `body` throws; a ``PostgresError``.
  public func read<T: Sendable>(_ body: @Sendable (any SQLSession) throws -> T) async throws -> T {
    let setup = "SET LOCAL search_path TO \(identifier)"
    return try await Self.available {
      try await database.read(setup: setup) { (connection: PostgresConnection) in
        try body(PostgresSession(connection: connection))
      }
    }
  }

  /// Runs `body` in a transaction that holds the schema's write lock and, when it commits, tells
  /// every server watching the schema (``commits()``).
  /// - Throws: as ``read(_:)`` does. A write whose connection was lost before it heard the commit
  ///   may have committed.
  public func write<T: Sendable>(_ body: @Sendable (any SQLSession) throws -> T) async throws -> T {
    let setup = """
      SET LOCAL search_path TO \(identifier);
      SET LOCAL lock_timeout = '\(Self.lockTimeout)';
      SELECT pg_advisory_xact_lock(hashtext('chaek write: \(name)')), pg_notify('\(PostgresCommits.channel)', '\(name)')
      """
    await database.writeTurns.take(name)
    defer { database.writeTurns.giveBack(name) }
    return try await Self.available {
      try await database.write(isolation: .readCommitted, setup: setup) { (connection: PostgresConnection) in
        try body(PostgresSession(connection: connection))
      }
    }
  }

  /// How long a write waits for the schema's lock, held by a write of another server.
  static let lockTimeout = "5s"

  /// What `body` answers, with a lost or unreachable server, a statement out of time or a lock not
  /// had in time thrown as ``SQLStore/SQLStoreUnavailable``.
  private static func available<T>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as PostgresError
      where error.isConnectionFailure || error.isCanceled || error.isLockTimeout
    {
      throw SQLStoreUnavailable(error.description)
    }
  }

  /// The commits of writes to the schema from every server (see ``PostgresDatabase/commits(of:)``).
  public func commits() async -> AsyncStream<Void> {
    await database.commits(of: name)
  }

  /// Creates the schema if it is missing and applies the migrations of `migrations` not yet
  /// applied to it, in order, in one transaction that holds a lock of its own, so that servers
  /// starting together apply each once (one schema's migrations at a time); records them in
  /// `public.schema_migrations` with the schema's name.
  /// - Throws: ``PostgresNewerSchemaError`` before changing anything when the schema records a
  ///   migration that `migrations` does not have; ``SQLStore/SQLStoreUnavailable`` as ``read(_:)``
  ///   says; a ``PostgresError``.
  public func migrate(_ migrations: [PostgresMigration]) async throws {
    let (name, identifier) = (name, identifier)
    try await Self.available {
      try await database.write(isolation: .readCommitted, setup: Self.migrationSetup) { connection in
        try connection.execute("CREATE SCHEMA IF NOT EXISTS \(identifier)")
        let applied = Set(
          try connection.query("SELECT name FROM public.schema_migrations WHERE schema = $1", [name]) {
            $0.text(0)
          })
        let unknown = applied.subtracting(migrations.map(\.name)).sorted()
        guard unknown.isEmpty else { throw PostgresNewerSchemaError(unknown: unknown) }
        try connection.execute("SET LOCAL search_path TO \(identifier)")
        for migration in migrations where !applied.contains(migration.name) {
          try connection.execute(migration.sql)
          try connection.run(
            "INSERT INTO public.schema_migrations (schema, name) VALUES ($1, $2)", [name, migration.name])
        }
      }
    }
  }

  /// Deletes the schema with everything in it, and its record of migrations.
  /// - Throws: ``SQLStore/SQLStoreUnavailable`` as ``read(_:)`` says; a ``PostgresError``.
  public func drop() async throws {
    let (name, identifier) = (name, identifier)
    try await Self.available {
      try await database.write(isolation: .readCommitted, setup: Self.migrationSetup) { connection in
        try connection.execute("DROP SCHEMA IF EXISTS \(identifier) CASCADE")
        try connection.run("DELETE FROM public.schema_migrations WHERE schema = $1", [name])
      }
    }
  }

  /// How every migration and drop starts: with the one lock they all take (one at a time in the
  /// database, since they share `public.schema_migrations`, whose creation two schemas' first
  /// migrations would race for), then that table, made if it is missing.
  static let migrationSetup = """
    SELECT pg_advisory_xact_lock(hashtext('chaek migrations'));
    CREATE TABLE IF NOT EXISTS public.schema_migrations (
      schema text NOT NULL, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (schema, name))
    """
}
