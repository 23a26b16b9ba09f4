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
