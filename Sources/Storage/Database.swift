import CSQLite
import Dispatch
import SQLStore
import Synchronization

/// An SQLite database file (or `:memory:`): one connection that writes, on the actor's own serial
/// executor, and a pool of read-only connections that read side by side.
///
/// Each connection is only ever used from its own dispatch queue. Files are opened in WAL mode with
/// foreign keys on and a busy timeout, so that several processes can share them, and reads never
/// wait for a write; every write runs in an immediate transaction. Reads cannot write: a reader is
/// opened read-only, and an in-memory database (which only its one connection sees) reads on the
/// writer with `PRAGMA query_only` on.
public actor Database {
  /// The file path, or `:memory:`.
  public nonisolated let path: String
  private let executor: QueueExecutor
  /// The read-only connections of a file in WAL mode; `nil` for `:memory:` (or a file that could
  /// not be put in WAL mode, where readers would block the writer). Declared before the writer so
  /// that they close first, and the writer, closing last, folds the WAL into the file.
  private let readers: ReaderPool?
  /// How many reads wait in line for a read-only connection (none without them).
  nonisolated var waitingReads: Int { readers?.waitingCount ?? 0 }
  private let connection: Connection
  /// See ``commitCount``.
  private let commits = Atomic(0)

  /// How many read-only connections a database file in WAL mode has.
  static let readerCount = 4

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Opens the database and applies any migrations not yet applied.
  ///
  /// - Parameters:
  ///   - path: a file path, created if missing, or `":memory:"`.
  ///   - migrations: the schema, as named migrations in order (see ``Migration``).
  ///   - busyTimeout: how long to wait for another connection's lock, in milliseconds.
  ///   - writerCacheKiB: the page cache of the connection that writes, in KiB, when SQLite's
  ///     default (2,000) is too small: a batch written to a large file touches more pages than
  ///     that, and reads the ones it evicted again. Pages are cached only once read.
  public init(
    path: String, migrations: [Migration] = [], busyTimeout: Int = 5_000, writerCacheKiB: Int? = nil
  ) throws {
    self.path = path
    self.executor = QueueExecutor(label: "chaek.database.\(path)")
    let connection = try Connection(path: path)
    try connection.execute("PRAGMA busy_timeout = \(busyTimeout)")
    var isWAL = false
    if path != ":memory:" {
      isWAL = try connection.first("PRAGMA journal_mode = WAL") { $0.text(0) }?.lowercased() == "wal"
      try connection.execute("PRAGMA synchronous = NORMAL")
      if let writerCacheKiB { try connection.execute("PRAGMA cache_size = -\(writerCacheKiB)") }
    }
    try connection.execute("PRAGMA foreign_keys = ON")
    try Migration.apply(migrations, to: path, on: connection)
    self.connection = connection
    readers = isWAL ? try ReaderPool(path: path, size: Self.readerCount, busyTimeout: busyTimeout) : nil
  }

  /// Runs `body` in a read transaction on a read-only connection: its statements all see one
  /// snapshot of the database, so a read of several statements (a search, a list and its count)
  /// never mixes states, and none of them can write.
  public nonisolated func read<T: Sendable>(_ body: @Sendable (Connection) throws -> T) async throws -> T {
    try await read(limit: nil, body)
  }

  /// Runs `body` as ``read(_:)`` does, within `limit`: a statement still running when the limit is
  /// reached is stopped, and a read that only gets a connection after its deadline (queued behind
  /// others) fails as soon as it gets one, without running. Either way the error's
  /// ``DatabaseError/isInterrupted`` is `true`.
  public nonisolated func read<T: Sendable>(
    within limit: ReadLimit, _ body: @Sendable (Connection) throws -> T
  ) async throws -> T {
    try await read(limit: limit, body)
  }

  private nonisolated func read<T: Sendable>(
    limit: ReadLimit?, _ body: @Sendable (Connection) throws -> T
  ) async throws -> T {
    if let readers { return try await readers.read(within: limit, body) }
    return try await readOnWriter(within: limit, body)
  }

  /// A read on the only connection (an in-memory database, or a file not in WAL mode), with writes
  /// refused.
  private func readOnWriter<T: Sendable>(within limit: ReadLimit?, _ body: @Sendable (Connection) throws -> T)
    throws -> T
  {
    try connection.execute("PRAGMA query_only = ON")
    defer { try? connection.execute("PRAGMA query_only = OFF") }
    return try connection.read(within: limit) { try body(connection) }
  }

  /// Runs `body` in an immediate transaction: all of it commits, or nothing does.
  public func write<T: Sendable>(_ body: @Sendable (Connection) throws -> T) throws -> T {
    let result = try connection.inTransaction { try body(connection) }
    commits.add(1, ordering: .releasing)
    return result
  }

  /// How many transactions ``write(_:)`` has committed, raised right after each commit (other
  /// connections' commits are not counted; see ``dataVersion()``): the same count before and
  /// after a read means no write of this object landed in between.
  public nonisolated var commitCount: Int { commits.load(ordering: .acquiring) }

  /// Writes a consistent copy of the database to a new file at `destination` (SQLite's online
  /// backup API, not a file copy): the database as of one commit, written while readers go on and
  /// renamed into place only when whole.
  public func backup(to destination: String) throws {
    try connection.backup(to: destination)
  }

  /// `PRAGMA data_version`: changes whenever another connection commits to this database.
  public func dataVersion() throws -> Int {
    try connection.integer("PRAGMA data_version")
  }
}
