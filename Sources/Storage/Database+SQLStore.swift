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
}

extension Connection: SQLSession {
  /// ``query(_:_:_:)`` for a store written against ``SQLStore/SQLStore``.
  public func fetch<T>(_ sql: String, _ values: [any SQLValueConvertible], _ map: (any SQLRow) throws -> T)
    throws -> [T]
  {
    try query(sql, values) { (row: Row) in try map(row) }
  }
}

extension Row: SQLRow {}
