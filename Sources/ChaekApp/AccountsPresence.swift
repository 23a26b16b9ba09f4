import Synchronization

/// Whether any reader has an account: every request asks, so the answer is remembered for
/// ``freshness`` (another process adding or removing a reader is seen within it), and forgotten at
/// once when this process adds or removes one (``forget()``).
final class AccountsPresence: Sendable {
  private struct Known {
    let exists: Bool
    let at: ContinuousClock.Instant
  }

  /// How long an answer is remembered: asking the store on every request costs a static file half
  /// its rate (`Benchmarks/http-bench`).
  static let freshness = Duration.milliseconds(100)

  private let known = Mutex<Known?>(nil)

  /// The answer, remembered or read with `read`.
  func exists(_ read: () async throws -> Bool) async throws -> Bool {
    let now = ContinuousClock.now
    if let remembered = remembered(at: now) { return remembered }
    let exists = try await read()
    known.withLock { $0 = Known(exists: exists, at: now) }
    return exists
  }

  /// The answer while it is remembered, else `nil`.
  func remembered(at now: ContinuousClock.Instant = .now) -> Bool? {
    guard let known = known.withLock({ $0 }), now - known.at < Self.freshness else { return nil }
    return known.exists
  }

  /// Forgets the answer: this process added or removed a reader.
  func forget() { known.withLock { $0 = nil } }
}
