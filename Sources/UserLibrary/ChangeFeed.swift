import BookModel
import Foundation
import SQLStore

/// Fans the library's change log out to subscribers.
///
/// Writes in this process publish at once (``publishPending()``); writes by other processes and
/// other servers are noticed through the store's ``SQLStore/SQLStore/commits()`` (SQLite polls the
/// file's data version, PostgreSQL listens for its notifications), which only run while someone is
/// subscribed.
actor ChangeFeed {
  private let store: any SQLStore
  private var subscribers: [UUID: AsyncStream<LibraryEvent>.Continuation] = [:]
  private var lastSeq: Int?
  private var watcher: Task<Void, Never>?

  init(store: any SQLStore) {
    self.store = store
  }

  /// A stream of events logged after this call.
  /// - Throws: the store's error when the log's position cannot be read (nothing is subscribed).
  func subscribe() async throws -> AsyncStream<LibraryEvent> {
    if watcher == nil {
      // Commits are watched before the log position is read, so a commit between the two is
      // still noticed.
      let commits = await store.commits()
      let seq = try await store.read { try $0.fetchInteger("SELECT coalesce(max(seq), 0) FROM changes") }
      if watcher == nil {  // another subscriber may have started it while this one was reading
        lastSeq = seq
        watcher = Task {
          for await _ in commits { await self.publishPending() }
        }
      }
    }
    let (stream, continuation) = AsyncStream<LibraryEvent>.makeStream(bufferingPolicy: .bufferingNewest(256))
    let id = UUID()
    subscribers[id] = continuation
    continuation.onTermination = { _ in Task { await self.unsubscribe(id) } }
    return stream
  }

  /// Reads log entries newer than the last one delivered and sends them to every subscriber.
  func publishPending() async {
    guard let since = lastSeq, !subscribers.isEmpty else { return }
    let entries =
      (try? await store.read { connection in
        try connection.fetch("SELECT seq, kind, book_id FROM changes WHERE seq > ? ORDER BY seq", [since]) {
          ($0.int(0), $0.text(1), $0.optionalText(2))
        }
      }) ?? []
    for (seq, kind, bookID) in entries where seq > (lastSeq ?? 0) {
      lastSeq = seq
      guard let event = LibraryEvent(kind: kind, bookID: bookID) else { continue }
      for continuation in subscribers.values { continuation.yield(event) }
    }
  }

  private func unsubscribe(_ id: UUID) {
    subscribers[id] = nil
    if subscribers.isEmpty {
      watcher?.cancel()
      watcher = nil
      lastSeq = nil
    }
  }
}
