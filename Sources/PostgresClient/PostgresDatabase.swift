import Lanes
import SQLStore

/// A PostgreSQL database through a few connections, each on a serial executor of its own (see
/// ``PostgresLink``): a call waits for a free connection, runs on its thread, and gives it back, so
/// that no call blocks Swift's cooperative pool and a connection is never touched from two threads.
///
/// A connection found lost (the server restarted, the network dropped) fails its call with a
/// connection failure (``PostgresError/isConnectionFailure``: a server answers 503), and is
/// connected again at the start of the next call that gets it, which fails the same way while the
/// server is still away.
public final class PostgresDatabase: Sendable {
  private let links: [PostgresLink]
  private let lanes: Lanes
  private let watch: PostgresCommits

  /// Connects `connections` times to the server that `connectionString` names.
  ///
  /// - Parameters:
  ///   - connectionString: libpq's `key=value` or `postgresql://` form.
  ///   - statementTimeout: how long one statement may run (see
  ///     ``PostgresConnection/init(_:statementTimeout:)``).
  ///   - connections: how many calls run at once.
  /// - Throws: a ``PostgresError`` whose ``PostgresError/isConnectionFailure`` is `true` when the
  ///   server cannot be reached.
  public init(_ connectionString: String, statementTimeout: Duration? = nil, connections: Int = 1)
    async throws
  {
    var links: [PostgresLink] = []
    for _ in 0..<max(1, connections) {
      links.append(try await PostgresLink(connectionString, statementTimeout: statementTimeout))
    }
    self.links = links
    lanes = Lanes(count: links.count)
    watch = PostgresCommits(connectionString: connectionString)
  }

  /// Runs `body` with a connection, outside any transaction unless `body` opens one.
  public func withConnection<T: Sendable>(_ body: @Sendable (PostgresConnection) throws -> T) async throws
    -> T
  {
    try await using { try await $0.withConnection(body) }
  }

  /// Runs `body` in a transaction, started with `setup`: all of it commits, or nothing does (see
  /// ``PostgresConnection/inTransaction(isolation:setup:_:)``).
  public func write<T: Sendable>(
    isolation: PostgresIsolation = .readCommitted, setup: String? = nil,
    _ body: @Sendable (PostgresConnection) throws -> T
  ) async throws -> T {
    try await using { try await $0.write(isolation: isolation, setup: setup, body) }
  }

  /// Runs `body` in a read-only transaction on one snapshot, started with `setup` (see
  /// ``PostgresConnection/inReadTransaction(setup:_:)``).
  public func read<T: Sendable>(setup: String? = nil, _ body: @Sendable (PostgresConnection) throws -> T)
    async throws -> T
  {
    try await using { try await $0.read(setup: setup, body) }
  }

  /// A stream that yields after each commit of a ``PostgresSchema`` write to `schema`, from any
  /// server, while iterated; it starts listening before it returns (see ``PostgresSchema/commits()``).
  public func commits(of schema: String) async -> AsyncStream<Void> {
    await watch.watch(schema)
  }

  /// Runs `body` with a free connection, waiting in line for one when all are busy.
  /// - Throws: `CancellationError` when the task is cancelled while it waits.
  private func using<T>(_ body: (PostgresLink) async throws -> T) async throws -> T {
    guard let index = await lanes.take() else { throw CancellationError() }
    defer { lanes.giveBack(index) }
    return try await body(links[index])
  }
}
