import Dispatch
import Synchronization

/// Where password hashes run: a few lanes, each a serial queue of its own, and a line of callers
/// waiting for a free lane.
///
/// Argon2 at the interactive strength takes 64 MiB and a core for a tenth of a second or more. On
/// the threads every task shares (one per core), two sign-ins would hold up every request; without a
/// bound, a burst of them would take memory by the gigabyte. So each hash takes a lane, runs on the
/// lane's queue (threads Dispatch makes for it, never the cooperative pool's), and gives the lane
/// back. A caller with no free lane waits in line suspended, holding no thread, and leaves the line
/// if its task is cancelled.
final class HashingLanes: Sendable {
  /// A caller waiting for a lane: resumed with the lane's index, or `nil` when it leaves the line.
  private struct Waiter {
    let id: Int
    let continuation: CheckedContinuation<Int?, Never>
  }

  private struct State {
    var free: [Int]
    var waiting: [Waiter] = []
    var nextWaiter = 0
    var running = 0
    var mostRunning = 0

    /// Counts a lane taken from the free ones.
    mutating func take() {
      running += 1
      mostRunning = max(mostRunning, running)
    }
  }

  private let queues: [DispatchQueue]
  private let state: Mutex<State>

  /// `count` lanes (at least one).
  init(count: Int) {
    queues = (0..<max(1, count)).map { DispatchQueue(label: "chaek.passwords.lane\($0)") }
    state = Mutex(State(free: Array(queues.indices.reversed())))
  }

  /// How many lanes there are: the most hashes that run at once.
  var count: Int { queues.count }

  /// How many callers wait in line for a lane.
  var waitingCount: Int { state.withLock { $0.waiting.count } }

  /// The most lanes that have been busy at once.
  var mostRunning: Int { state.withLock { $0.mostRunning } }

  /// Runs `work` on a free lane's queue, once one is free, and returns what it returns.
  /// - Throws: `CancellationError` when the task is cancelled while it waits (work that has started
  ///   runs to its end).
  func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws -> T {
    guard let lane = await checkOut() else { throw CancellationError() }
    defer { checkIn(lane) }
    return await withCheckedContinuation { continuation in
      queues[lane].async { continuation.resume(returning: work()) }
    }
  }

  // MARK: - The line

  /// A free lane's index, at once or when one is given back; `nil` when the task is cancelled first.
  private func checkOut() async -> Int? {
    // A free lane is taken at once, in one lock; only a caller that may wait gets a place in line.
    let (free, id) = state.withLock { state in
      if let lane = state.free.popLast() {
        state.take()
        return (Optional(lane), 0)
      }
      defer { state.nextWaiter += 1 }
      return (nil, state.nextWaiter)
    }
    if let free { return free }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let served: Int?? = state.withLock { state in
          if let lane = state.free.popLast() {
            state.take()
            return lane
          }
          if Task.isCancelled { return .some(nil) }
          state.waiting.append(Waiter(id: id, continuation: continuation))
          return .none
        }
        if let served { continuation.resume(returning: served) }
      }
    } onCancel: {
      leave(id)
    }
  }

  /// Takes caller `id` out of the line, if it is still in it, and resumes it without a lane.
  private func leave(_ id: Int) {
    let waiter: Waiter? = state.withLock { state in
      state.waiting.firstIndex { $0.id == id }.map { state.waiting.remove(at: $0) }
    }
    waiter?.continuation.resume(returning: nil)
  }

  /// Gives lane `index` back: to the first caller in line, else to the free ones.
  private func checkIn(_ index: Int) {
    let next: Waiter? = state.withLock { state in
      guard !state.waiting.isEmpty else {
        state.running -= 1
        state.free.append(index)
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.continuation.resume(returning: index)
  }
}
