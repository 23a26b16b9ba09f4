import CSQLite
import Foundation

/// One SQLite connection with its prepared-statement cache.
///
/// A connection is owned by a ``Database`` and used only on that database's executor, through the
/// closures of ``Database/read(_:)`` and ``Database/write(_:)``; it is never shared between threads.
public final class Connection {
  let handle: OpaquePointer
  private let isReadOnly: Bool
  private var statements: [String: Statement] = [:]
  /// The last few statements prepared or found, looked at before `statements`: a loop that runs a
  /// few statements of literal SQL finds them by comparing texts (for the same literal, `==` sees
  /// the same storage at once), not by hashing them. A run of more statements than it keeps misses
  /// it each time, at a few short comparisons, mostly ended by the first bytes that differ.
  private var recent: [Statement] = []
  /// The slot of `recent` the next statement not among them takes.
  private var nextRecent = 0
  /// While set, statements stop once it is reached (see ``within(_:_:)``).
  private var limit: RunningLimit?

  /// Opens (creating if needed) the database at `path`; `":memory:"` opens a private in-memory one.
  /// A `readOnly` connection opens an existing file and can never write to it.
  init(path: String, readOnly: Bool = false) throws(DatabaseError) {
    var handle: OpaquePointer?
    let flags =
      (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) }
      sqlite3_close_v2(handle)
      throw DatabaseError(code: code, message: message.map { "\($0) (\(path))" })
    }
    self.handle = handle
    self.isReadOnly = readOnly
    sqlite3_extended_result_codes(handle, 1)
  }

  /// A connection that writes folds the WAL into the file before it closes (readers of its
  /// database are idle by then), so that the file alone holds every committed write once the
  /// process lets go of it, even while other connections keep the WAL open.
  deinit {
    recent.removeAll()
    statements.removeAll()
    if !isReadOnly { sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil) }
    sqlite3_close_v2(handle)
  }

  /// The file of the main database; `nil` for an in-memory or temporary one.
  public var path: String? {
    guard let name = sqlite3_db_filename(handle, "main"), name.pointee != 0 else { return nil }
    return String(cString: name)
  }

  // MARK: - Executing

  /// Runs one or more statements without parameters (schema changes, pragmas).
  public func execute(_ sql: String) throws(DatabaseError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw error(code: code, sql: sql) }
  }

  /// Runs one statement with parameters, stepping it to completion; returns the number of rows it
  /// inserted, changed or deleted.
  @discardableResult
  public func run(_ sql: String, _ values: [any SQLValueConvertible] = []) throws(DatabaseError) -> Int {
    let statement = try prepared(sql, values)
    while try statement.step() {}
    return changes
  }

  /// Runs a query and maps every row.
  public func query<T>(
    _ sql: String, _ values: [any SQLValueConvertible] = [], _ map: (Row) throws -> T
  ) throws -> [T] {
    let statement = try prepared(sql, values)
    defer { sqlite3_reset(statement.handle) }
    var rows: [T] = []
    while try statement.step() { rows.append(try map(Row(statement: statement))) }
    return rows
  }

  /// Runs a query and passes every row to `body`.
  public func forEachRow(
    _ sql: String, _ values: [any SQLValueConvertible] = [], _ body: (Row) throws -> Void
  ) throws {
    let statement = try prepared(sql, values)
    defer { sqlite3_reset(statement.handle) }
    while try statement.step() { try body(Row(statement: statement)) }
  }

  /// Runs a query and maps its first row, if any.
  public func first<T>(
    _ sql: String, _ values: [any SQLValueConvertible] = [], _ map: (Row) throws -> T
  ) throws -> T? {
    let statement = try prepared(sql, values)
    defer { sqlite3_reset(statement.handle) }
    return try statement.step() ? map(Row(statement: statement)) : nil
  }

  /// The integer in the first column of the first row (`0` when there is no row).
  public func integer(_ sql: String, _ values: [any SQLValueConvertible] = []) throws(DatabaseError) -> Int {
    let statement = try prepared(sql, values)
    defer { sqlite3_reset(statement.handle) }
    return try statement.step() ? Row(statement: statement).int(0) : 0
  }

  /// The rowid of the last inserted row.
  public var lastInsertedRowID: Int { Int(sqlite3_last_insert_rowid(handle)) }

  /// Rows changed by the last INSERT, UPDATE or DELETE.
  public var changes: Int { Int(sqlite3_changes(handle)) }

  /// `true` while a transaction is open.
  public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  // MARK: - Transactions

  /// Runs `body` in an immediate transaction: commits when it returns, rolls back when it throws.
  /// Nested calls become savepoints.
  public func inTransaction<T>(_ body: () throws -> T) throws -> T {
    let nested = isInTransaction
    try execute(nested ? "SAVEPOINT nested" : "BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute(nested ? "RELEASE nested" : "COMMIT")
      return result
    } catch {
      if nested {
        try? execute("ROLLBACK TO nested; RELEASE nested")
      } else if isInTransaction {
        try? execute("ROLLBACK")
      }
      throw error
    }
  }

  /// Runs `body` in one read transaction, so that all of its statements see the database as it
  /// was at the first read, whatever other connections commit meanwhile (a WAL snapshot). Inside a
  /// transaction already, `body` simply runs in it.
  public func inReadTransaction<T>(_ body: () throws -> T) throws -> T {
    guard !isInTransaction else { return try body() }
    try execute("BEGIN DEFERRED")
    defer { if isInTransaction { try? execute("COMMIT") } }
    return try body()
  }

  /// Runs `body` in one read transaction (see ``inReadTransaction(_:)``), within `limit` when there
  /// is one (see ``within(_:_:)``).
  func read<T>(within limit: ReadLimit?, _ body: () throws -> T) throws -> T {
    try inReadTransaction { try limit.map { try within($0, body) } ?? body() }
  }

  // MARK: - Limits

  /// How many SQLite virtual-machine steps run between two looks at the clocks: a fraction of a
  /// millisecond of work, and rare enough that reading the thread's processor clock (a system
  /// call) costs nothing measurable.
  private static let stepsPerLimitCheck: Int32 = 10_000

  /// Runs `body` within `limit`: a statement running when the limit is reached stops (SQLite's
  /// progress handler interrupts it) and one prepared after it is not run (the processor clock
  /// is read before a statement once a millisecond at most: see
  /// ``RunningLimit/processorLookInterval``); both throw a
  /// ``DatabaseError`` whose ``DatabaseError/isInterrupted`` is `true`. The connection is usable
  /// again afterwards.
  public func within<T>(_ limit: ReadLimit, _ body: () throws -> T) throws -> T {
    var running = RunningLimit(limit)
    guard !running.isReached() else { throw DatabaseError.limitReached }
    self.limit = running
    sqlite3_progress_handler(
      handle, Self.stepsPerLimitCheck,
      { context in
        guard let context else { return 0 }
        let connection = Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue()
        return connection.limit?.isReached() == true ? 1 : 0
      }, Unmanaged.passUnretained(self).toOpaque())
    defer {
      self.limit = nil
      sqlite3_progress_handler(handle, 0, nil, nil)
    }
    return try body()
  }

  // MARK: - Internals

  private func prepared(_ sql: String, _ values: [any SQLValueConvertible]) throws(DatabaseError)
    -> Statement
  {
    guard limit?.isReachedBeforeStatement() != true else { throw DatabaseError.limitReached }
    let statement: Statement
    if let found = recent.first(where: { $0.sql == sql }) {
      statement = found
    } else {
      if let cached = statements[sql] {
        statement = cached
      } else {
        statement = try Statement(connection: self, sql: sql)
        statements[sql] = statement
      }
      if recent.count < Self.recentCount { recent.append(statement) } else { recent[nextRecent] = statement }
      nextRecent = (nextRecent + 1) % Self.recentCount
    }
    try statement.reset(binding: values)
    return statement
  }

  /// How many statements ``recent`` keeps.
  private static let recentCount = 8

  func error(code: Int32, sql: String?) -> DatabaseError {
    DatabaseError(
      code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
  }
}
