import Dispatch
import SQLStore

/// A PostgreSQL database through one connection, on the actor's own serial executor: a dispatch
/// queue whose thread waits for the server, so that no call blocks Swift's cooperative pool and
/// the connection is never touched from two threads.
///
/// A connection found lost (the server restarted, the network dropped) fails its call with a
/// connection failure (``PostgresError/isConnectionFailure``: a server answers 503), and is
/// connected again at the start of the next call, which fails the same way while the server is
/// still away.
public actor PostgresDatabase {
  private let executor: QueueExecutor
  private let connection: PostgresConnection
  private let watch: PostgresCommits

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Connects, on the actor's queue, to the server that `connectionString` names.
  ///
  /// - Parameters:
  ///   - connectionString: libpq's `key=value` or `postgresql://` form.
  ///   - statementTimeout: how long one statement may run (see
  ///     ``PostgresConnection/init(_:statementTimeout:)``).
  /// - Throws: a ``PostgresError`` whose ``PostgresError/isConnectionFailure`` is `true` when the
  ///   server cannot be reached.
  public init(_ connectionString: String, statementTimeout: Duration? = nil) async throws {
    let executor = QueueExecutor(label: "chaek.postgres")
    self.executor = executor
    watch = PostgresCommits(connectionString: connectionString)
    self.connection = try await withCheckedThrowingContinuation { continuation in
      executor.queue.async {
        continuation.resume(
          with: Result { try PostgresConnection(connectionString, statementTimeout: statementTimeout) })
      }
    }
  }

  /// Runs `body` with the connection, outside any transaction unless `body` opens one.
  public func withConnection<T: Sendable>(_ body: @Sendable (PostgresConnection) throws -> T) throws -> T {
    try body(try connected())
  }

  /// Runs `body` in a transaction: all of it commits, or nothing does (see
  /// ``PostgresConnection/inTransaction(isolation:_:)``).
  public func write<T: Sendable>(
    isolation: PostgresIsolation = .readCommitted, _ body: @Sendable (PostgresConnection) throws -> T
  ) throws -> T {
    let connection = try connected()
    return try connection.inTransaction(isolation: isolation) { try body(connection) }
  }

  /// Runs `body` in a read-only transaction on one snapshot (see
  /// ``PostgresConnection/inReadTransaction(_:)``).
  public func read<T: Sendable>(_ body: @Sendable (PostgresConnection) throws -> T) throws -> T {
    let connection = try connected()
    return try connection.inReadTransaction { try body(connection) }
  }

  /// A stream that yields after each commit of a ``PostgresSchema`` write to `schema`, from any
  /// server, while iterated; it starts listening before it returns (see ``PostgresSchema/commits()``).
  public nonisolated func commits(of schema: String) async -> AsyncStream<Void> {
    await watch.watch(schema)
  }

  /// The connection, connected again first if it was lost.
  private func connected() throws(PostgresError) -> PostgresConnection {
    if !connection.isConnected { try connection.reset() }
    return connection
  }
}
