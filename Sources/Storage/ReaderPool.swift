import Synchronization

/// A database file's read-only connections: a read takes a free one, or waits in line for the
/// first one given back. Reads run side by side, and never wait for a write (WAL). A read waiting
/// in line leaves it when its deadline passes or its task is cancelled, without running.
final class ReaderPool: Sendable {
  /// A read waiting for a reader: resumed with a reader's index, or `nil` when it leaves the line.
  private struct Waiter {
    let id: Int
    let continuation: CheckedContinuation<Int?, Never>
  }

  private struct State {
    var free: [Int]
    var waiting: [Waiter] = []
    var nextWaiter = 0
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
  /// - Throws: ``DatabaseError/limitReached`` when the deadline passes while the read waits (or
  ///   runs); `CancellationError` when its task is cancelled while it waits.
  func read<T: Sendable>(within limit: ReadLimit?, _ body: @Sendable (Connection) throws -> T) async throws
    -> T
  {
    guard let index = await checkOut(until: limit?.deadline) else {
      if Task.isCancelled { throw CancellationError() }
      throw DatabaseError.limitReached
    }
    defer { checkIn(index) }
    return try await readers[index].read(within: limit, body)
  }

  /// How many reads wait in line for a reader.
  var waitingCount: Int { state.withLock { $0.waiting.count } }

  /// A free reader's index, at once or when one is given back; `nil` when `deadline` passes or the
  /// task is cancelled first.
  private func checkOut(until deadline: ContinuousClock.Instant?) async -> Int? {
    // A free reader is taken at once, in one lock; only a read that may wait gets a place in line.
    let (free, id) = state.withLock { state in
      if let index = state.free.popLast() { return (Optional(index), 0) }
      defer { state.nextWaiter += 1 }
      return (nil, state.nextWaiter)
    }
    if let free { return free }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let served: Int?? = state.withLock { state in
          if let index = state.free.popLast() { return index }
          if Task.isCancelled { return .some(nil) }
          state.waiting.append(Waiter(id: id, continuation: continuation))
          return .none
        }
        if let served {
          continuation.resume(returning: served)
        } else if let deadline {
          Task {
            try? await Task.sleep(until: deadline)
            self.leave(id)
          }
        }
      }
    } onCancel: {
      leave(id)
    }
  }

  /// Takes waiter `id` out of the line, if it is still in it, and resumes it without a reader.
  private func leave(_ id: Int) {
    let waiter: Waiter? = state.withLock { state in
      state.waiting.firstIndex { $0.id == id }.map { state.waiting.remove(at: $0) }
    }
    waiter?.continuation.resume(returning: nil)
  }

  /// Gives reader `index` back: to the first read in line, else to the free ones.
  private func checkIn(_ index: Int) {
    let next: Waiter? = state.withLock { state in
      guard !state.waiting.isEmpty else {
        state.free.append(index)
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.continuation.resume(returning: index)
  }
}
