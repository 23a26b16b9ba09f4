import BookModel
import ChaekApp
import HTTPTransport

extension WebApp {
  /// `GET /api/events`: Server-Sent Events from the library's change feed, so every open window
  /// (and a CLI command in another process) refreshes the others: `event: saved|removed|cleared|
  /// viewed|journal|goal|searches`, `data: {"id":"..."}` for an event about one book, `{}` otherwise.
  /// The stream ends, sending nothing more, once its session no longer signs its reader in (signed
  /// out, on any server; the password changed; the reader removed).
  func events(_ request: HTTPRequest) async throws -> HTTPResponse {
    let changes = try await chaek.events(for: request.reader)
    let policy = policy
    let stream = AsyncStream<ServerSentEvent> { continuation in
      let task = Task {
        continuation.yield(ServerSentEvent(event: PageEvent.ready.rawValue, data: "{}"))
        for await change in changes {
          guard await request.stillSignedIn(through: policy) else { break }
          let data = change.bookID.map { "{\"id\":\"\($0.rawValue)\"}" } ?? "{}"
          continuation.yield(ServerSentEvent(event: PageEvent(change).rawValue, data: data))
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
    return .events(stream)
  }
}
