import CSQLite
import Dispatch

/// An SQLite database file (or `:memory:`) behind one connection, on its own serial executor.
///
/// The actor's executor is the connection's dispatch queue, so the connection is only ever used
/// from that queue. Files are opened in WAL mode with foreign keys on and a busy timeout, so that
/// several processes can share them; every write runs in an immediate transaction.
public actor Database {
  /// The file path, or `:memory:`.
  public nonisolated let path: String
  private let executor: QueueExecutor
  private let connection: Connection

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Opens the database and applies any migrations not yet applied.
  ///
  /// - Parameters:
  ///   - path: a file path, created if missing, or `":memory:"`.
  ///   - migrations: the schema, as named migrations in order (see ``Migration``).
  ///   - busyTimeout: how long to wait for another connection's lock, in milliseconds.
  public init(path: String, migrations: [Migration] = [], busyTimeout: Int = 5_000) throws {
    self.path = path
    self.executor = QueueExecutor(label: "chaek.database.\(path)")
    let connection = try Connection(path: path)
    try connection.execute("PRAGMA busy_timeout = \(busyTimeout)")
    if path != ":memory:" {
      _ = try connection.first("PRAGMA journal_mode = WAL") { $0.text(0) }
      try connection.execute("PRAGMA synchronous = NORMAL")
    }
    try connection.execute("PRAGMA foreign_keys = ON")
    try Migration.apply(migrations, on: connection)
    self.connection = connection
  }

  /// Runs `body` in a read transaction: its statements all see one snapshot of the database, so
  /// a read of several statements (a search, a list and its count) never mixes states.
  public func read<T: Sendable>(_ body: @Sendable (Connection) throws -> T) throws -> T {
    try connection.inReadTransaction { try body(connection) }
  }

  /// Runs `body` in a read transaction within `limit`: a statement still running when the limit is
  /// reached is stopped, and a read that only gets the connection after its deadline (queued behind
  /// others) fails at once. Either way the error's ``DatabaseError/isInterrupted`` is `true`.
  public func read<T: Sendable>(within limit: ReadLimit, _ body: @Sendable (Connection) throws -> T) throws
    -> T
  {
    try connection.inReadTransaction { try connection.within(limit) { try body(connection) } }
  }

  /// Runs `body` in an immediate transaction: all of it commits, or nothing does.
  public func write<T: Sendable>(_ body: @Sendable (Connection) throws -> T) throws -> T {
    try connection.inTransaction { try body(connection) }
  }

  /// `PRAGMA data_version`: changes whenever another connection commits to this database.
  public func dataVersion() throws -> Int {
    try connection.integer("PRAGMA data_version")
  }
}

/// A serial executor backed by a dispatch queue, so an actor's jobs all run on that queue.
final class QueueExecutor: SerialExecutor {
  private let queue: DispatchQueue

  init(label: String) { queue = DispatchQueue(label: label) }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}
