/// A database a store keeps its data in, whichever engine it is: an SQLite file (`Storage`'s
/// `Database`) or a PostgreSQL server (`PostgresClient`'s `PostgresDatabase`). A store written
/// against it behaves the same on both; what differs (the schema's types, how a migration is
/// recorded) stays in the engine's module.
///
/// Statements use `?` for their parameters, in order, and SQL both engines read alike (`INSERT …
/// RETURNING`, `ON CONFLICT`, `LIMIT`/`OFFSET`, joins).
public protocol SQLStore: Sendable {
  /// Which engine it is, for the few statements that differ.
  var dialect: SQLDialect { get }

  /// Runs `body` in a transaction that only reads, all its statements seeing one snapshot.
  func read<T: Sendable>(_ body: @Sendable (any SQLSession) throws -> T) async throws -> T

  /// Runs `body` in a transaction that commits all of it or, when it throws, none of it. Writes are
  /// serialized: no two run at once on the same store, from this process or another.
  func write<T: Sendable>(_ body: @Sendable (any SQLSession) throws -> T) async throws -> T
}

/// The engine behind an ``SQLStore``.
public enum SQLDialect: Sendable {
  /// SQLite.
  case sqlite
  /// PostgreSQL.
  case postgresql
}

/// A connection inside one of an ``SQLStore``'s transactions.
public protocol SQLSession {
  /// Runs a statement with `values` bound to its `?` parameters.
  func run(_ sql: String, _ values: [any SQLValueConvertible]) throws

  /// Runs a query and maps every row.
  func fetch<T>(_ sql: String, _ values: [any SQLValueConvertible], _ map: (any SQLRow) throws -> T) throws
    -> [T]
}

extension SQLSession {
  /// Runs a query and maps its first row, if any.
  public func fetchFirst<T>(
    _ sql: String, _ values: [any SQLValueConvertible] = [], _ map: (any SQLRow) throws -> T
  ) throws -> T? {
    try fetch(sql, values, map).first
  }

  /// The integer in the first column of the first row (`0` when there is no row).
  public func fetchInteger(_ sql: String, _ values: [any SQLValueConvertible] = []) throws -> Int {
    try fetchFirst(sql, values) { $0.int(0) } ?? 0
  }
}

/// A row of a query's answer; columns are read by index, from 0.
public protocol SQLRow {
  /// `true` when the column is NULL.
  func isNull(_ index: Int) -> Bool
  /// The column as an integer (NULL → 0).
  func int(_ index: Int) -> Int
  /// The column as a double (NULL → 0).
  func double(_ index: Int) -> Double
  /// The column as text (NULL → empty).
  func text(_ index: Int) -> String
}
