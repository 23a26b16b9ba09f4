import CSQLite
import SQLStore

/// A read-only connection to a database file, on a serial executor of its own: one of a
/// ``Database``'s readers. It is opened with `SQLITE_OPEN_READONLY`, so no statement run on it can
/// write, whatever its SQL.
actor ReadConnection {
  private let executor: QueueExecutor
  private let connection: Connection

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Opens the existing database at `path` for reading; `busyTimeout` is in milliseconds.
  init(path: String, label: String, busyTimeout: Int) throws {
    executor = QueueExecutor(label: label)
    connection = try Connection(path: path, readOnly: true)
    try connection.execute("PRAGMA busy_timeout = \(busyTimeout)")
    try connection.execute("PRAGMA query_only = ON")
  }

  /// Runs `body` in a read transaction, within `limit` when there is one.
  func read<T: Sendable>(within limit: ReadLimit?, _ body: @Sendable (Connection) throws -> T) throws -> T {
    try connection.read(within: limit) { try body(connection) }
  }
}
