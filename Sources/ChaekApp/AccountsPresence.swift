import Synchronization

/// Whether any reader has an account: every request asks, so the answer is remembered for
/// ``freshness`` (another process adding or removing a reader is seen within it), and forgotten at
/// once when this process adds or removes one (``forget()``).
final class AccountsPresence: Sendable {
  private struct State {
    /// The answer and when its read ended.
    var known: (exists: Bool, at: ContinuousClock.Instant)?
    /// How many times the answer was forgotten: a read that began before the last time may have
    /// seen the store before that change, so its answer is not remembered.
    var forgotten = 0
  }

  /// How long an answer is remembered: asking the store on every request costs a static file half
  /// its rate (`Benchmarks/http-bench`).
  static let freshness = Duration.milliseconds(100)

  private let state = Mutex(State())

  /// The answer, remembered or read with `read`. A read answer is remembered from when the read
  /// ends, so that a slow read (a busy machine) is remembered for as long as a fast one, unless
  /// this process added or removed a reader meanwhile.
  func exists(_ read: () async throws -> Bool) async throws -> Bool {
    if let remembered { return remembered }
    let forgotten = state.withLock { $0.forgotten }
    let exists = try await read()
    state.withLock { state in
      if state.forgotten == forgotten { state.known = (exists, .now) }
    }
    return exists
  }

  /// The answer while it is remembered, else `nil`.
  var remembered: Bool? {
    guard let known = state.withLock({ $0.known }), ContinuousClock.now - known.at < Self.freshness else {
      return nil
    }
    return known.exists
  }

  /// Forgets the answer: this process added or removed a reader.
  func forget() {
    state.withLock { state in
      state.known = nil
      state.forgotten += 1
    }
  }
}
