import BookModel
import Foundation
import Storage

/// Fans the library's change log out to subscribers.
///
/// Writes in this process publish at once (``publishPending()``); writes by other processes are
/// noticed by polling `PRAGMA data_version`, which costs one cheap statement per interval and only
/// runs while someone is subscribed.
actor ChangeFeed {
  private let database: Database
  private let interval: Duration
  private var subscribers: [UUID: AsyncStream<LibraryEvent>.Continuation] = [:]
  private var lastSeq: Int?
  private var poller: Task<Void, Never>?

  init(database: Database, interval: Duration = .milliseconds(250)) {
    self.database = database
    self.interval = interval
  }

  /// A stream of events logged after this call.
  func subscribe() async -> AsyncStream<LibraryEvent> {
    if poller == nil {
      // The version is read before the log position, so a commit between the two still changes
      // the version and is picked up by the first poll.
      let version = try? await database.dataVersion()
      let seq =
        (try? await database.read { try $0.integer("SELECT coalesce(max(seq), 0) FROM changes") }) ?? 0
      if poller == nil {  // another subscriber may have started it while this one was reading
        lastSeq = seq
        poller = Task { await self.poll(from: version) }
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
      (try? await database.read { connection in
        try connection.query("SELECT seq, kind, book_id FROM changes WHERE seq > ? ORDER BY seq", [since]) {
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
      poller?.cancel()
      poller = nil
      lastSeq = nil
    }
  }

  private func poll(from start: Int?) async {
    var version = start
    while !Task.isCancelled {
      try? await Task.sleep(for: interval)
      let current = try? await database.dataVersion()
      if current != version {
        version = current
        await publishPending()
      }
    }
  }
}
