import SQLStore

extension Database: SQLStore {
  /// SQLite.
  public nonisolated var dialect: SQLDialect { .sqlite }

  /// ``read(_:)`` for a store written against ``SQLStore/SQLStore``.
  public nonisolated func read<T: Sendable>(_ body: @Sendable (any SQLSession) throws -> T) async throws -> T
  {
    try await read { (connection: Connection) in try body(connection) }
  }

  /// ``write(_:)`` (an immediate transaction, so writers of every process take turns) for a store
  /// written against ``SQLStore/SQLStore``.
  public func write<T: Sendable>(_ body: @Sendable (any SQLSession) throws -> T) throws -> T {
    try write { (connection: Connection) in try body(connection) }
  }

  /// How often ``commits()`` looks at the file's data version.
  static let commitPollInterval = Duration.milliseconds(250)

  /// Commits to the file by any connection, noticed by reading `PRAGMA data_version` every
  /// ``commitPollInterval`` (one cheap statement, only while someone watches). The version is read
  /// once before this returns, so a commit made after it is noticed.
  public nonisolated func commits() async -> AsyncStream<Void> {
    let start = try? await dataVersion()
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let poller = Task {
      var version = start
      while !Task.isCancelled {
        try? await Task.sleep(for: Self.commitPollInterval)
        let current = try? await dataVersion()
        if current != version {
          version = current
          continuation.yield()
        }
      }
    }
    continuation.onTermination = { _ in poller.cancel() }
    return stream
  }
}

extension Connection: SQLSession {
  /// SQLite.
  public var dialect: SQLDialect { .sqlite }

  /// ``query(_:_:_:)`` for a store written against ``SQLStore/SQLStore``.
  public func fetch<T>(_ sql: String, _ values: [any SQLValueConvertible], _ map: (any SQLRow) throws -> T)
    throws -> [T]
  {
    try query(sql, values) { (row: Row) in try map(row) }
  }
}

extension Row: SQLRow {}
