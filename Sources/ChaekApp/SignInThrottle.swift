import Foundation
import Synchronization

/// Slows down whoever guesses passwords, per account name and per client address: after
/// ``limit`` failures within ``window``, sign-ins there are refused for ``pause``; from then on,
/// until the account signs in or ``memory`` passes without a failure, each failure pauses it again.
/// A guesser gets ``limit`` tries and then one a ``pause``; the owner, who knows the password,
/// waits at most one ``pause``.
///
/// Attempts are admitted before their password is checked and counted while it is (``admit(_:)``),
/// so guesses sent at once cannot all slip through; at most ``maximumChecking`` are checked at once
/// in all. Kept in memory (a restart forgets it) and bounded: at most ``maximumKeys`` names and
/// addresses are remembered; past that, the tenth whose last failure is oldest are forgotten.
final class SignInThrottle: Sendable {
  /// Failures within ``window`` before a pause.
  static let limit = 10
  /// How far back failures are counted.
  static let window: TimeInterval = 60
  /// How long sign-ins are refused after too many failures.
  static let pause: TimeInterval = 60
  /// How long a quiet name or address keeps its record.
  static let memory: TimeInterval = 10 * 60
  /// The most names and addresses remembered at once.
  static let maximumKeys = 10_000
  /// The most sign-ins whose passwords are checked (or wait to be) at once.
  static let maximumChecking = 32

  private struct Record {
    /// The failures within ``window``.
    var failures: [Date] = []
    /// The sign-ins admitted and not yet finished.
    var checking = 0
    var pausedUntil: Date?
    var wasPaused = false
    var lastFailure = Date.distantPast
  }

  private struct State {
    var records: [String: Record] = [:]
    var checking = 0
  }

  private let now: @Sendable () -> Date
  private let state = Mutex(State())

  /// A throttle telling the time with `now`.
  init(now: @escaping @Sendable () -> Date) { self.now = now }

  /// Admits a sign-in under `keys` (an account name, a client address): `nil` when its password may
  /// be checked now, counted as being checked until ``finish(_:succeeded:account:)``; otherwise the
  /// seconds to wait.
  func admit(_ keys: [String]) -> Int? {
    let now = now()
    return state.withLock { state in
      guard state.checking < Self.maximumChecking else { return 1 }
      var wait: TimeInterval = 0
      for key in keys {
        guard var record = state.records[key] else { continue }
        record.failures = record.failures.filter { now.timeIntervalSince($0) < Self.window }
        if let until = record.pausedUntil, until > now { wait = max(wait, until.timeIntervalSince(now)) }
        if record.failures.count + record.checking >= Self.limit {
          // Until the oldest failure leaves the window, or a moment for those being checked.
          let free = record.failures.first.map { $0.addingTimeInterval(Self.window) } ?? now + 1
          wait = max(wait, free.timeIntervalSince(now), 1)
        }
        state.records[key] = record
      }
      if wait > 0 { return Int(wait.rounded(.up)) }
      state.checking += 1
      for key in keys { state.records[key, default: Record()].checking += 1 }
      return nil
    }
  }

  /// Ends an admitted sign-in: a failure counts under every key; a success forgets the failures of
  /// `account`'s key only (an address's stay, so signing in to one's own account does not wipe the
  /// count of guesses at another's).
  func finish(_ keys: [String], succeeded: Bool, account: String) {
    let now = now()
    state.withLock { state in
      state.checking -= 1
      for key in keys {
        var record = state.records[key] ?? Record()
        record.checking = max(record.checking - 1, 0)
        if succeeded {
          if key == account { record = Record(checking: record.checking) }
        } else {
          if now.timeIntervalSince(record.lastFailure) > Self.memory {
            record = Record(checking: record.checking)
          }
          record.failures = record.failures.filter { now.timeIntervalSince($0) < Self.window } + [now]
          record.lastFailure = now
          if record.failures.count >= Self.limit || record.wasPaused {
            record.pausedUntil = now + Self.pause
            record.wasPaused = true
          }
        }
        state.records[key] = record
      }
      if state.records.count > Self.maximumKeys {
        let oldest = state.records.filter { $0.value.checking == 0 }.sorted {
          $0.value.lastFailure < $1.value.lastFailure
        }
        for (key, _) in oldest.prefix(Self.maximumKeys / 10) { state.records.removeValue(forKey: key) }
      }
    }
  }
}
