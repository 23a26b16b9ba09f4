import Dispatch
import SQLStore

/// One connection of a ``PostgresDatabase``, on the actor's own serial executor (a dispatch queue
/// whose thread waits for the server), connected again at the start of a call when it was lost.
actor PostgresLink {
  private let executor: QueueExecutor
  private let connection: PostgresConnection

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Connects, on the actor's queue, to the server that `connectionString` names.
  init(_ connectionString: String, statementTimeout: Duration?) async throws {
    let executor = QueueExecutor(label: "chaek.postgres")
    self.executor = executor
    self.connection = try await withCheckedThrowingContinuation { continuation in
      executor.queue.async {
        continuation.resume(
          with: Result { try PostgresConnection(connectionString, statementTimeout: statementTimeout) })
      }
    }
  }

  func withConnection<T: Sendable>(_ body: @Sendable (PostgresConnection) throws -> T) throws -> T {
    try body(try connected())
  }

  func write<T: Sendable>(
    isolation: PostgresIsolation, setup: String?, _ body: @Sendable (PostgresConnection) throws -> T
  ) throws -> T {
    let connection = try connected()
    return try connection.inTransaction(isolation: isolation, setup: setup) { try body(connection) }
  }

  func read<T: Sendable>(setup: String?, _ body: @Sendable (PostgresConnection) throws -> T) throws -> T {
    let connection = try connected()
    return try connection.inReadTransaction(setup: setup) { try body(connection) }
  }

  /// The connection, connected again first if it was lost, and out of any transaction a call left
  /// open (so that a call never runs inside another's, with its `search_path`).
  private func connected() throws(PostgresError) -> PostgresConnection {
    if !connection.isConnected { try connection.reset() }
    if connection.isInTransaction { try connection.execute("ROLLBACK") }
    return connection
  }
}
