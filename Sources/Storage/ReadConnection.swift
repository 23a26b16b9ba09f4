import CSQLite
import SQLStore

/// A read-only connection to a database file, on a serial executor of its own: one of a
/// ``Database``'s readers. It is opened with `SQLITE_OPEN_READONLY`, so no statement run on it can
/// write, whatever its SQL.
actor ReadConnection {
  private let executor: QueueExecutor
  private let connection: Connection

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// How much of a file a reader maps: SQLite's largest (`SQLITE_MAX_MMAP_SIZE`), 2 GB.
  static let mapSize = 0x7FFF_0000

  /// Opens the existing database at `path` for reading; `busyTimeout` is in milliseconds.
  ///
  /// The file is read through a memory map (its first 2 GB, SQLite's limit in Debian's build):
  /// a page read is then a memory access into the kernel's page cache instead of a `pread` that
  /// copies it, and the readers share those pages rather than each caching its own. No Chaek
  /// database file is ever made shorter (no `VACUUM`, no `auto_vacuum`: freed pages are reused),
  /// which is what would make a mapped page vanish under a reader. A read the disk fails stops
  /// the process (`SIGBUS`) instead of failing its query: a failing disk is not served around.
  init(path: String, label: String, busyTimeout: Int) throws {
    executor = QueueExecutor(label: label)
    connection = try Connection(path: path, readOnly: true)
    try connection.execute("PRAGMA busy_timeout = \(busyTimeout)")
    try connection.execute("PRAGMA mmap_size = \(Self.mapSize)")
    try connection.execute("PRAGMA query_only = ON")
  }

  /// Runs `body` in a read transaction, within `limit` when there is one.
  func read<T: Sendable>(within limit: ReadLimit?, _ body: @Sendable (Connection) throws -> T) throws -> T {
    try connection.read(within: limit) { try body(connection) }
  }
}
