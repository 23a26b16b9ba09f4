import Synchronization

/// Whether any reader has an account: every request asks, so the answer is remembered and read
/// from the store again only when the store's files changed since (another process added or
/// removed a reader), when this process changed it (``forget()``), or after ``freshness``.
final class AccountsPresence: Sendable {
  private struct Known {
    let exists: Bool
    let stamps: [FileStamp?]
    let at: ContinuousClock.Instant
  }

  /// The longest an answer is remembered, whatever the files say.
  static let freshness = Duration.seconds(1)

  private let stamps: @Sendable () -> [FileStamp?]
  private let known = Mutex<Known?>(nil)

  /// Remembers answers while `stamps` (the store's files; none for a store in memory) are the same.
  init(stamps: @escaping @Sendable () -> [FileStamp?]) { self.stamps = stamps }

  /// The answer, remembered or read with `read`.
  func exists(_ read: () async throws -> Bool) async throws -> Bool {
    let now = ContinuousClock.now
    let stamps = stamps()
    if let known = known.withLock({ $0 }), known.stamps == stamps, now - known.at < Self.freshness {
      return known.exists
    }
    let exists = try await read()
    known.withLock { $0 = Known(exists: exists, stamps: stamps, at: now) }
    return exists
  }

  /// Forgets the answer: this process added or removed a reader.
  func forget() { known.withLock { $0 = nil } }
}
