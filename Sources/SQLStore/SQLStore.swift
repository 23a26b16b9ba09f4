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

  /// Starts watching for commits to the store by any connection, of this process or another: the
  /// stream yields after each commit made after this call (or after a few together), and also
  /// when the watch starts or lost track for a while, so that no commit made after the call is
  /// missed, though one may be told late. Watching stops when the caller stops iterating. SQLite
  /// polls the file's data version; PostgreSQL listens for the notifications the store's writes
  /// send.
  func commits() async -> AsyncStream<Void>
}

/// The engine behind an ``SQLStore``.
public enum SQLDialect: Sendable {
  /// SQLite.
  case sqlite
  /// PostgreSQL.
  case postgresql

  /// The SQL that orders by `column` with ASCII letters folded to lower case, as SQLite's `NOCASE`
  /// does (where its index on `column COLLATE NOCASE` serves), and PostgreSQL's `lower()` on a
  /// column of collation "C".
  public func caseFolded(_ column: String) -> String {
    self == .sqlite ? "\(column) COLLATE NOCASE" : "lower(\(column))"
  }

  /// The SQL of the code point of `text`'s first character (SQLite's `unicode`, PostgreSQL's
  /// `ascii`, which reads a code point from UTF-8); NULL or 0 for an empty text.
  public func firstCodePoint(_ text: String) -> String {
    self == .sqlite ? "unicode(\(text))" : "ascii(\(text))"
  }

  /// The SQL of the first element, as text, of the array under `key` in the JSON object that
  /// `column` holds as text (NULL when there is none), compared by code point on both engines: a
  /// sort key. PostgreSQL refuses to read a JSON text with an escaped U+0000 anywhere in it, so
  /// those escapes are dropped first (a sort key may lose a NUL, never the sort).
  public func firstElement(of key: String, inJSON column: String) -> String {
    self == .sqlite
      ? "json_extract(\(column), '$.\(key)[0]')"
      : #"((replace(\#(column), '\u0000', '')::json -> '\#(key)' ->> 0) COLLATE "C")"#
  }

  /// The SQL of the smaller of two values (SQLite's two-argument `min`, PostgreSQL's `LEAST`).
  public func smaller(_ first: String, _ second: String) -> String {
    self == .sqlite ? "min(\(first), \(second))" : "LEAST(\(first), \(second))"
  }

  /// The SQL of the larger of two values (SQLite's two-argument `max`, PostgreSQL's `GREATEST`).
  public func larger(_ first: String, _ second: String) -> String {
    self == .sqlite ? "max(\(first), \(second))" : "GREATEST(\(first), \(second))"
  }
}

/// A connection inside one of an ``SQLStore``'s transactions.
public protocol SQLSession {
  /// Which engine it is, for the few statements that differ.
  var dialect: SQLDialect { get }

  /// Runs a statement with `values` bound to its `?` parameters (`?1`, `?2`… name them by
  /// position); returns the number of rows it inserted, changed or deleted.
  @discardableResult
  func run(_ sql: String, _ values: [any SQLValueConvertible]) throws -> Int

  /// Runs a query and maps every row.
  func fetch<T>(_ sql: String, _ values: [any SQLValueConvertible], _ map: (any SQLRow) throws -> T) throws
    -> [T]
}

extension SQLSession {
  /// Runs a statement without parameters; returns the number of rows it changed.
  @discardableResult
  public func run(_ sql: String) throws -> Int { try run(sql, []) }

  /// Runs a query and maps every row.
  public func fetch<T>(_ sql: String, _ map: (any SQLRow) throws -> T) throws -> [T] {
    try fetch(sql, [], map)
  }

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

extension SQLRow {
  /// The column as text, or `nil` when NULL.
  public func optionalText(_ index: Int) -> String? { isNull(index) ? nil : text(index) }
}

/// A store could not be used now, through no fault of the statement: its database server is down,
/// restarting or unreachable, or took longer than a statement may. Trying again later may work; a
/// server answers 503 with `Retry-After`.
public struct SQLStoreUnavailable: Error, CustomStringConvertible, Sendable {
  /// What happened, for the operator's log.
  public let reason: String

  /// The error for `reason`.
  public init(_ reason: String) { self.reason = reason }

  public var description: String { "the database is unavailable: \(reason)" }
}
