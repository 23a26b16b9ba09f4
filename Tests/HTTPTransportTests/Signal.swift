import Synchronization

/// Something a test waits for (a handler started, a stream ended), with a deadline so that the test
/// fails instead of hanging when it never happens.
final class Signal: Sendable {
  private let pending = Mutex(0)

  /// Records that it happened; each call lets one ``wait(seconds:)`` return `true`.
  func fire() { pending.withLock { $0 += 1 } }

  /// `true` once it has happened, `false` if it has not within `seconds`.
  func wait(seconds: Double = 30) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
      let happened = pending.withLock { count in
        guard count > 0 else { return false }
        count -= 1
        return true
      }
      if happened { return true }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return false
  }
}
