import Foundation

/// One named step of a database schema.
///
/// Migrations are applied in order, each in its own immediate transaction, and recorded by name
/// in `schema_migrations`, so each runs exactly once per database even when several processes
/// open it at the same time (the immediate transaction serialises them).
public struct Migration: Sendable {
  /// The unique name recorded once applied; never rename a migration that shipped.
  public let name: String
  private let body: @Sendable (Connection) throws -> Void

  /// A migration that runs `body`.
  public init(_ name: String, _ body: @escaping @Sendable (Connection) throws -> Void) {
    self.name = name
    self.body = body
  }

  /// A migration that runs SQL statements.
  public init(_ name: String, sql: String) {
    self.init(name) { try $0.execute(sql) }
  }

  static func apply(_ migrations: [Migration], on connection: Connection) throws {
    guard !migrations.isEmpty else { return }
    try connection.execute(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at REAL NOT NULL)"
    )
    for migration in migrations {
      try connection.inTransaction {
        let applied = try connection.integer(
          "SELECT count(*) FROM schema_migrations WHERE name = ?", [migration.name])
        guard applied == 0 else { return }
        try migration.body(connection)
        try connection.run(
          "INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)",
          [migration.name, Date().timeIntervalSince1970])
      }
    }
  }
}
