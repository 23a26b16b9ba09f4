import Foundation
import Synchronization

/// Something a test waits for (a handler started, a stream ended, a read holds its connection): the
/// code under test fires it and the waiting test resumes at once, with no polling.
///
/// Each ``fire()`` lets one ``wait(seconds:)`` return `true`, whether the wait began before or
/// after it. The seconds given to a wait only bound a failure, so that a test whose event never
/// comes fails instead of hanging; they are never how long something is expected to take.
public final class Signal: Sendable {
  private struct State {
    var pending = 0
    var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    var nextWaiter = 0
  }

  private let state = Mutex(State())

  /// A signal that has not fired.
  public init() {}

  /// Records that it happened, resuming the longest waiting ``wait(seconds:)`` if there is one.
  public func fire() {
    let waiter: CheckedContinuation<Bool, Never>? = state.withLock { state in
      guard let first = state.waiters.keys.min() else {
        state.pending += 1
        return nil
      }
      return state.waiters.removeValue(forKey: first)
    }
    waiter?.resume(returning: true)
  }

  /// `true` once it has fired (consuming that firing); `false` if it has not within `seconds`, or
  /// the task is cancelled.
  public func wait(seconds: Double = 600) async -> Bool {
    let id = state.withLock { state in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let answer: Bool? = state.withLock { state in
          if state.pending > 0 {
            state.pending -= 1
            return true
          }
          if Task.isCancelled { return false }
          state.waiters[id] = continuation
          return nil
        }
        if let answer {
          continuation.resume(returning: answer)
        } else {
          DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { self.giveUp(id) }
        }
      }
    } onCancel: {
      giveUp(id)
    }
  }

  /// Ends wait `id` with `false`, if it still waits.
  private func giveUp(_ id: Int) {
    state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: false)
  }
}
