import Foundation

/// Tells watchers of a schema when a write to it committed, on any server: every
/// ``PostgresSchema`` write sends a notification on ``channel`` with its schema's name, and one
/// ``PostgresListener`` per database and process hands them out.
///
/// The listener starts with the first watcher and stops with the last. When its connection is lost
/// (the server restarted), it listens again every second until it can; every watcher is then told,
/// since a commit may have gone unheard meanwhile.
actor PostgresCommits {
  /// The channel writes notify.
  static let channel = "chaek_commits"
  /// How long to wait before listening again after the connection was lost.
  static let retryDelay = Duration.seconds(1)

  private let connectionString: String
  private var watchers: [String: [UUID: AsyncStream<Void>.Continuation]] = [:]
  private var loop: Task<Void, Never>?
  /// The first attempt to listen, which the first watchers wait for.
  private var opening: Task<PostgresListener?, Never>?

  init(connectionString: String) { self.connectionString = connectionString }

  /// A stream that yields after writes to `schema` commit, listening from before this returns (or,
  /// when the server cannot be reached, from when it can).
  func watch(_ schema: String) async -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let id = UUID()
    watchers[schema, default: [:]][id] = continuation
    continuation.onTermination = { _ in Task { await self.unwatch(schema, id) } }
    if loop == nil {
      let connectionString = connectionString
      let first = Task { try? await PostgresListener(connectionString, channels: [Self.channel]) }
      opening = first
      loop = Task { await self.listen(first: first) }
    }
    _ = await opening?.value
    return stream
  }

  private func unwatch(_ schema: String, _ id: UUID) {
    watchers[schema]?[id] = nil
    if watchers[schema]?.isEmpty == true { watchers[schema] = nil }
    if watchers.isEmpty {
      loop?.cancel()
      loop = nil
      opening = nil
    }
  }

  private func listen(first: Task<PostgresListener?, Never>) async {
    var listener = await first.value
    while !Task.isCancelled {
      if let listener {
        do {
          for try await notification in listener.notifications {
            for watcher in watchers[notification.payload, default: [:]].values { watcher.yield() }
          }
        } catch {}
        listener.stop()
      }
      try? await Task.sleep(for: Self.retryDelay)
      guard !Task.isCancelled else { return }
      listener = try? await PostgresListener(connectionString, channels: [Self.channel])
      if listener != nil {
        for watcher in watchers.values.flatMap(\.values) { watcher.yield() }
      }
    }
  }
}
