import Synchronization

/// A clock that moves only when a test advances it, so that a test of a back-off, a deadline or a
/// heartbeat neither sleeps nor depends on how busy the machine is.
///
/// A task sleeping on it wakes when ``advance(by:)`` reaches its deadline. ``sleepers(atLeast:)``
/// waits until the code under test sleeps, so that a test advances the clock past a deadline that
/// has been set, never before it.
public final class ManualClock: Clock, Sendable {
  /// A moment of the clock: how far it has been advanced since it was made.
  public struct Instant: InstantProtocol {
    /// The time advanced since the clock was made.
    public var offset: Duration

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
  }

  private struct Sleeper {
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Int: Sleeper] = [:]
    var nextSleeper = 0
    /// Tasks waiting for at least `count` sleepers.
    var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = Mutex(State())

  /// A clock at offset zero.
  public init() {}

  public var now: Instant { state.withLock { $0.now } }
  public var minimumResolution: Duration { .zero }

  /// Suspends until the clock is advanced to `deadline`; throws `CancellationError` when the task
  /// is cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      defer { state.nextSleeper += 1 }
      return state.nextSleeper
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let outcome: Result<Void, any Error>? = state.withLock { state in
          if Task.isCancelled { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return nil
        }
        if let outcome {
          continuation.resume(with: outcome)
        } else {
          notifyWatchers()
        }
      }
    } onCancel: {
      state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(
        throwing: CancellationError())
    }
  }

  /// Moves the clock forward, waking every task whose deadline it reaches.
  public func advance(by duration: Duration) {
    let woken = state.withLock { state in
      state.now = state.now.advanced(by: duration)
      let due = state.sleepers.filter { $0.value.deadline <= state.now }
      for id in due.keys { state.sleepers[id] = nil }
      return due.values.map(\.continuation)
    }
    for continuation in woken { continuation.resume() }
  }

  /// Returns once at least `count` tasks sleep on the clock.
  public func sleepers(atLeast count: Int) async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        guard state.sleepers.count < count else { return true }
        state.watchers.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Resumes the watchers whose count of sleepers is reached.
  private func notifyWatchers() {
    let ready = state.withLock { state in
      let count = state.sleepers.count
      let ready = state.watchers.filter { $0.count <= count }
      state.watchers.removeAll { $0.count <= count }
      return ready.map(\.continuation)
    }
    for continuation in ready { continuation.resume() }
  }
}
