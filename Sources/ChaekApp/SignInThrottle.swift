import Foundation
import Synchronization

/// Slows down whoever guesses passwords, per account name and per client address: after
/// ``limit`` failures within ``window``, sign-ins there are refused for ``pause``; from then on,
/// until a sign-in succeeds or ``memory`` passes without a failure, each failure pauses it again.
/// A guesser gets ``limit`` tries and then one a ``pause``; the owner, who knows the password,
/// waits at most one ``pause``.
///
/// Kept in memory (a restart forgets it) and bounded: at most ``maximumKeys`` names and addresses
/// are remembered: past that, the tenth whose last failure is oldest are forgotten.
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

  private struct Record {
    var failures: [Date] = []
    var pausedUntil: Date?
    var wasPaused = false
    var last: Date { failures.last ?? .distantPast }
  }

  private let now: @Sendable () -> Date
  private let records = Mutex<[String: Record]>([:])

  /// A throttle telling the time with `now`.
  init(now: @escaping @Sendable () -> Date) { self.now = now }

  /// The seconds to wait before signing in under `keys` (an account name, a client address), or
  /// `nil` when a sign-in may be tried now.
  func wait(for keys: [String]) -> Int? {
    let now = now()
    let waits = records.withLock { records in
      keys.compactMap { records[$0]?.pausedUntil }.map { $0.timeIntervalSince(now) }.filter { $0 > 0 }
    }
    return waits.max().map { Int($0.rounded(.up)) }
  }

  /// Counts a failed sign-in under every key.
  func failed(_ keys: [String]) {
    let now = now()
    records.withLock { records in
      for key in keys {
        var record = records[key] ?? Record()
        if now.timeIntervalSince(record.last) > Self.memory { record = Record() }
        record.failures = record.failures.filter { now.timeIntervalSince($0) < Self.window } + [now]
        if record.failures.count >= Self.limit || record.wasPaused {
          record.pausedUntil = now + Self.pause
          record.wasPaused = true
        }
        records[key] = record
      }
      if records.count > Self.maximumKeys {
        let oldest = records.sorted { $0.value.last < $1.value.last }.prefix(Self.maximumKeys / 10)
        for (key, _) in oldest { records.removeValue(forKey: key) }
      }
    }
  }

  /// Forgets the failures under every key: the sign-in succeeded.
  func succeeded(_ keys: [String]) {
    records.withLock { records in for key in keys { records.removeValue(forKey: key) } }
  }
}
