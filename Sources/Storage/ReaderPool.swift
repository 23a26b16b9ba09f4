import Synchronization

/// A database file's read-only connections: a read takes a free one, or waits in line for the
/// first one given back. Reads run side by side, and never wait for a write (WAL).
final class ReaderPool: Sendable {
  private struct State {
    var free: [Int]
    var waiting: [CheckedContinuation<Int, Never>] = []
  }

  private let readers: [ReadConnection]
  private let state: Mutex<State>

  /// Opens `size` readers of the existing database at `path`.
  init(path: String, size: Int, busyTimeout: Int) throws {
    readers = try (0..<size).map {
      try ReadConnection(path: path, label: "chaek.database.\(path).reader\($0)", busyTimeout: busyTimeout)
    }
    state = Mutex(State(free: Array(readers.indices)))
  }

  /// Runs `body` on a free reader, in a read transaction, within `limit` when there is one; time
  /// spent waiting for a reader counts against the limit's deadline.
  func read<T: Sendable>(within limit: ReadLimit?, _ body: @Sendable (Connection) throws -> T) async throws
    -> T
  {
    let index = await checkOut()
    defer { checkIn(index) }
    return try await readers[index].read(within: limit, body)
  }

  private func checkOut() async -> Int {
    await withCheckedContinuation { continuation in
      let index: Int? = state.withLock { state in
        if let index = state.free.popLast() { return index }
        state.waiting.append(continuation)
        return nil
      }
      if let index { continuation.resume(returning: index) }
    }
  }

  /// Gives reader `index` back: to the first read in line, else to the free ones.
  private func checkIn(_ index: Int) {
    let next: CheckedContinuation<Int, Never>? = state.withLock { state in
      guard !state.waiting.isEmpty else {
        state.free.append(index)
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume(returning: index)
  }
}
