import Foundation

/// Tells watchers of a schema when a write to it committed, on any server: every
/// ``PostgresSchema`` write sends a notification on ``channel`` with its schema's name, and one
/// ``PostgresListener`` per database and process hands them out.
///
/// The listener starts with the first watcher and stops with the last. Every time it starts
/// listening (the first time, and again after its connection was lost, trying every
/// ``retryDelay``), every watcher is told, since a commit may have gone unheard before: so a
/// watch never waits for the server, and misses nothing it could not catch up with.
actor PostgresCommits {
  /// The channel writes notify.
  static let channel = "chaek_commits"
  /// How long to wait before listening again after the connection was lost.
  static let retryDelay = Duration.seconds(1)

  private let connectionString: String
  private var watchers: [String: [UUID: AsyncStream<Void>.Continuation]] = [:]
  private var loop: Task<Void, Never>?

  init(connectionString: String) { self.connectionString = connectionString }

  /// A stream that yields after writes to `schema` commit, and whenever the listener (re)starts.
  func watch(_ schema: String) -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let id = UUID()
    watchers[schema, default: [:]][id] = continuation
    continuation.onTermination = { _ in Task { await self.unwatch(schema, id) } }
    if loop == nil { loop = Task { await self.listen() } }
    return stream
  }

  private func unwatch(_ schema: String, _ id: UUID) {
    watchers[schema]?[id] = nil
    if watchers[schema]?.isEmpty == true { watchers[schema] = nil }
    if watchers.isEmpty {
      loop?.cancel()
      loop = nil
    }
  }

  private func listen() async {
    while !Task.isCancelled {
      if let listener = try? await PostgresListener(connectionString, channels: [Self.channel]) {
        for watcher in watchers.values.flatMap(\.values) { watcher.yield() }
        do {
          for try await notification in listener.notifications {
            for watcher in watchers[notification.payload, default: [:]].values { watcher.yield() }
          }
        } catch {}
        listener.stop()
      }
      try? await Task.sleep(for: Self.retryDelay)
    }
  }
}
