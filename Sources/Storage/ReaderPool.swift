import Lanes

/// A database file's read-only connections: a read takes a free one, or waits in line for the
/// first one given back. Reads run side by side, and never wait for a write (WAL). A read waiting
/// in line leaves it when its deadline passes or its task is cancelled, without running.
final class ReaderPool: Sendable {
  private let readers: [ReadConnection]
  private let lanes: Lanes

  /// Opens `size` readers of the existing database at `path`.
  init(path: String, size: Int, busyTimeout: Int) throws {
    readers = try (0..<size).map {
      try ReadConnection(path: path, label: "chaek.database.\(path).reader\($0)", busyTimeout: busyTimeout)
    }
    lanes = Lanes(count: size)
  }

  /// Runs `body` on a free reader, in a read transaction, within `limit` when there is one; time
  /// spent waiting for a reader counts against the limit's deadline.
  /// - Throws: ``DatabaseError/limitReached`` when the deadline passes while the read waits (or
  ///   runs); `CancellationError` when its task is cancelled while it waits.
  func read<T: Sendable>(within limit: ReadLimit?, _ body: @Sendable (Connection) throws -> T) async throws
    -> T
  {
    guard let index = await lanes.take(until: limit?.deadline) else {
      if Task.isCancelled { throw CancellationError() }
      throw DatabaseError.limitReached
    }
    defer { lanes.giveBack(index) }
    return try await readers[index].read(within: limit, body)
  }

  /// How many reads wait in line for a reader.
  var waitingCount: Int { lanes.waitingCount }
}
