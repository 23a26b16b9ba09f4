import Foundation

/// One named step of a database schema.
///
/// Migrations are applied in order, each in its own immediate transaction, and recorded by name
/// in `schema_migrations`, so each runs exactly once per database even when several processes
/// open it at the same time (the immediate transaction serialises them).
///
/// Two kinds besides: a migration that creates a new database at its current schema in place of
/// its history (``init(_:replacing:_:)``), and a check run at every open
/// (``atEveryOpen(_:_:)``).
public struct Migration: Sendable {
  /// The unique name recorded once applied; never rename a migration that shipped.
  public let name: String
  private let body: @Sendable (Connection) throws -> Void
  private let kind: Kind

  private enum Kind: Sendable {
    case once
    case replacing([Migration])
    case atEveryOpen
    case knownOnly([String])
  }

  /// A migration that runs `body`.
  public init(_ name: String, _ body: @escaping @Sendable (Connection) throws -> Void) {
    self.init(name, kind: .once, body)
  }

  /// A migration that runs SQL statements.
  public init(_ name: String, sql: String) {
    self.init(name) { try $0.execute(sql) }
  }

  /// A migration that stands for `history` (Django's squashed migration): a new database, which has
  /// none of them, runs `body` (the schema as `history` leaves it, created at once) and records
  /// them all as applied; an older one applies those of `history` it has not applied.
  public init(
    _ name: String, replacing history: [Migration], _ body: @escaping @Sendable (Connection) throws -> Void
  ) {
    self.init(name, kind: .replacing(history), body)
  }

  /// A step that runs at every open, in its place among the migrations and in an immediate
  /// transaction, and is never recorded: for what is derived from the data and must be checked
  /// each time, such as an index that rebuilds itself when its stored format is not the current one.
  public static func atEveryOpen(_ name: String, _ body: @escaping @Sendable (Connection) throws -> Void)
    -> Migration
  {
    Migration(name, kind: .atEveryOpen, body)
  }

  /// This migration left out of an opening of the database (a catalog opened without its starter
  /// books): never applied there, but known, so a database that has it applied does not look as if
  /// a newer version wrote it.
  public var leftOut: Migration {
    Migration(name, kind: .knownOnly(recordedNames)) { _ in }
  }

  private init(_ name: String, kind: Kind, _ body: @escaping @Sendable (Connection) throws -> Void) {
    self.name = name
    self.kind = kind
    self.body = body
  }

  // MARK: - Applying

  /// Applies the migrations of `migrations` not yet applied to the database at `path`, after
  /// checking that it records none this version does not know.
  /// - Throws: ``NewerSchemaError`` for a database a newer version wrote, before changing anything.
  static func apply(_ migrations: [Migration], to path: String, on connection: Connection) throws {
    guard !migrations.isEmpty else { return }
    try connection.execute(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at REAL NOT NULL)"
    )
    let known = Set(migrations.flatMap(\.recordedNames))
    let unknown = try connection.query("SELECT name FROM schema_migrations ORDER BY applied_at, name") {
      $0.text(0)
    }.filter { !known.contains($0) }
    guard unknown.isEmpty else { throw NewerSchemaError(path: path, unknown: unknown) }
    for migration in migrations {
      try migration.apply(on: connection)
    }
  }

  /// The names this migration records once applied: its own and those of the history it replaces.
  private var recordedNames: [String] {
    switch kind {
    case .atEveryOpen: []
    case .once: [name]
    case .replacing(let history): [name] + history.flatMap(\.recordedNames)
    case .knownOnly(let names): names
    }
  }

  private func apply(on connection: Connection) throws {
    let history: [Migration]
    switch kind {
    case .atEveryOpen:
      return try connection.inTransaction { try body(connection) }
    case .knownOnly:
      return
    case .once:
      history = []
    case .replacing(let replaced):
      history = replaced
    }
    let names = [name] + history.filter(\.isRecorded).map(\.name)
    let upgrading = try connection.inTransaction {
      let applied = try Self.applied(names, on: connection)
      guard applied.isEmpty else { return !applied.contains(name) }
      try body(connection)
      for applied in names { try Self.record(applied, on: connection) }
      return false
    }
    guard upgrading else { return }
    for migration in history { try migration.apply(on: connection) }
    try connection.inTransaction { try Self.record(name, on: connection) }
  }

  /// `false` for a check run at every open, which is never recorded.
  private var isRecorded: Bool {
    if case .atEveryOpen = kind { false } else { true }
  }

  /// The names of `names` already applied.
  private static func applied(_ names: [String], on connection: Connection) throws -> Set<String> {
    try Set(
      names.filter {
        try connection.integer("SELECT count(*) FROM schema_migrations WHERE name = ?", [$0]) > 0
      })
  }

  private static func record(_ name: String, on connection: Connection) throws {
    try connection.run(
      "INSERT OR IGNORE INTO schema_migrations (name, applied_at) VALUES (?, ?)",
      [name, Date().timeIntervalSince1970])
  }
}
