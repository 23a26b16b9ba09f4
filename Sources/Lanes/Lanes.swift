import Synchronization

/// A fixed number of lanes (connections, queues) that callers take one at a time and give back,
/// with a line of callers waiting, first come first served, when all are taken.
///
/// A free lane is taken at once, in one lock; a caller that has to wait is suspended, holding no
/// thread, and leaves the line without a lane when its task is cancelled or its deadline passes.
/// A database's connections and the password hasher's queues are handed out this way.
public final class Lanes: Sendable {
  /// A caller waiting for a lane: resumed with the lane's index, or `nil` when it leaves the line.
  private struct Waiter {
    let id: Int
    let continuation: CheckedContinuation<Int?, Never>
  }

  private struct State {
    var free: [Int]
    var waiting: [Waiter] = []
    var nextWaiter = 0
    var taken = 0
    var mostTaken = 0

    /// A free lane, counted as taken; `nil` when none is free.
    mutating func takeFree() -> Int? {
      guard let lane = free.popLast() else { return nil }
      taken += 1
      mostTaken = max(mostTaken, taken)
      return lane
    }
  }

  private let state: Mutex<State>

  /// How many lanes there are.
  public let count: Int

  /// `count` lanes (at least one), numbered from 0.
  public init(count: Int) {
    self.count = max(1, count)
    state = Mutex(State(free: Array((0..<max(1, count)).reversed())))
  }

  /// How many callers wait in line.
  public var waitingCount: Int { state.withLock { $0.waiting.count } }

  /// The most lanes that have been taken at once.
  public var mostTaken: Int { state.withLock { $0.mostTaken } }

  /// A free lane's index, at once or when one is given back; `nil` when the task is cancelled or
  /// `deadline` passes first. Give it back with ``giveBack(_:)``.
  public func take(until deadline: ContinuousClock.Instant? = nil) async -> Int? {
    let (free, id) = state.withLock { state in
      if let lane = state.takeFree() { return (Optional(lane), 0) }
      defer { state.nextWaiter += 1 }
      return (nil, state.nextWaiter)
    }
    if let free { return free }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let served: Int?? = state.withLock { state in
          if let lane = state.takeFree() { return lane }
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

  /// Gives lane `index` back: to the first caller in line, else to the free ones.
  public func giveBack(_ index: Int) {
    let next: Waiter? = state.withLock { state in
      guard !state.waiting.isEmpty else {
        state.taken -= 1
        state.free.append(index)
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.continuation.resume(returning: index)
  }

  /// Takes caller `id` out of the line, if it is still in it, and resumes it without a lane.
  private func leave(_ id: Int) {
    let waiter: Waiter? = state.withLock { state in
      state.waiting.firstIndex { $0.id == id }.map { state.waiting.remove(at: $0) }
    }
    waiter?.continuation.resume(returning: nil)
  }
}
