import Lanes
import SQLStore
import Synchronization

/// A PostgreSQL database through a few connections, each on a serial executor of its own (see
/// ``PostgresLink``): a call waits for a free connection, runs on its thread, and gives it back, so
/// that no call blocks Swift's cooperative pool and a connection is never touched from two threads.
///
/// A connection found lost (the server restarted, the network dropped) fails its call with a
/// connection failure (``PostgresError/isConnectionFailure``: a server answers 503), and is
/// connected again at the start of the next call that gets it. From then on, until a call gets
/// through again, one call at a time tries the server (which may take up to libpq's connection
/// timeout when its host is silent) and every other call fails at once the same way, rather than
/// waiting for it; a call that waits for a free connection longer than its wait limit fails so too.
public final class PostgresDatabase: Sendable {
  private let links: [PostgresLink]
  private let lanes: Lanes
  private let watch: PostgresCommits
  /// The turns that one schema's writes take in this process (see ``PostgresSchema``).
  let writeTurns = Turns()
  /// Whether the server was found away, and whether a call is trying it.
  private let reach = Mutex((away: false, trying: false))
  /// How long a call waits for a free connection.
  private let waitLimit: Duration

  /// Connects `connections` times to the server that `connectionString` names.
  ///
  /// - Parameters:
  ///   - connectionString: libpq's `key=value` or `postgresql://` form.
  ///   - statementTimeout: how long one statement may run (see
  ///     ``PostgresConnection/init(_:statementTimeout:)``).
  ///   - connections: how many calls run at once.
  ///   - waitLimit: how long a call waits for a free connection before it fails as a connection
  ///     failure (the server is taken to be overwhelmed).
  /// - Throws: a ``PostgresError`` whose ``PostgresError/isConnectionFailure`` is `true` when the
  ///   server cannot be reached.
  public init(
    _ connectionString: String, statementTimeout: Duration? = nil, connections: Int = 1,
    waitLimit: Duration = .seconds(5)
  ) async throws {
    var links: [PostgresLink] = []
    for _ in 0..<max(1, connections) {
      links.append(try await PostgresLink(connectionString, statementTimeout: statementTimeout))
    }
    self.links = links
    lanes = Lanes(count: links.count)
    self.waitLimit = waitLimit
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
  /// server, and whenever it starts listening, while iterated (see ``PostgresSchema/commits()``).
  public func commits(of schema: String) async -> AsyncStream<Void> {
    await watch.watch(schema)
  }

  /// Runs `body` with a free connection, waiting in line for one when all are busy.
  /// - Throws: `CancellationError` when the task is cancelled while it waits; a connection failure
  ///   at once while the server is away and another call tries it, or when no connection is free
  ///   within the wait limit.
  private func using<T>(_ body: (PostgresLink) async throws -> T) async throws -> T {
    let admitted = reach.withLock { reach in
      guard reach.away else { return true }
      guard !reach.trying else { return false }
      reach.trying = true
      return true
    }
    guard admitted else {
      throw PostgresError(
        code: PostgresError.cannotConnect, message: "PostgreSQL is away; another call tries it")
    }
    guard let index = await lanes.take(until: .now + waitLimit) else {
      reach.withLock { $0.trying = false }
      if Task.isCancelled { throw CancellationError() }
      throw PostgresError(
        code: PostgresError.cannotConnect, message: "no connection to PostgreSQL was free within \(waitLimit)"
      )
    }
    defer { lanes.giveBack(index) }
    do {
      let result = try await body(links[index])
      reach.withLock { $0 = (away: false, trying: false) }
      return result
    } catch let error as PostgresError where error.isConnectionFailure {
      reach.withLock { $0 = (away: true, trying: false) }
      throw error
    } catch {
      reach.withLock { $0.trying = false }
      throw error
    }
  }
}
