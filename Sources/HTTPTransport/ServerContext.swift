import Foundation
import Synchronization

/// What the daemon's callbacks share with the server: the responder, the limits, the requests whose
/// handler is running and the open event streams, so that stopping can finish them all.
///
/// Callbacks reach it through the daemon's context pointer, on libmicrohttpd's threads; the server
/// releases it after `MHD_stop_daemon`.
final class ServerContext: Sendable {
  /// What answers requests and renders refusals.
  let responder: any HTTPResponder
  /// Bodies above this many bytes get a 413 without reaching the handler.
  let maximumBodySize: Int
  /// Larger limits for uploads, by path (see ``HTTPServer/Configuration/uploadLimits``).
  let uploadLimits: [String: Int]
  /// The bytes of upload bodies held at once.
  let uploads: UploadBudget
  /// How often each event stream gets a `: ping` comment.
  let heartbeatInterval: Duration
  /// The clock heartbeats wait on.
  let clock: any Clock<Duration>
  /// The most event streams open at once; more get 503.
  let eventStreamLimit: Int
  /// The open connections and their deadlines.
  let connections: ConnectionTable

  private struct State {
    var stopping = false
    var handling: [ObjectIdentifier: RequestContext] = [:]
    var streams: [ObjectIdentifier: EventStream] = [:]
  }

  private let state = Mutex(State())

  init(
    responder: any HTTPResponder, maximumBodySize: Int, uploadLimits: [String: Int] = [:],
    uploadBudget: Int, heartbeatInterval: Duration, clock: any Clock<Duration>,
    eventStreamLimit: Int,
    connections: ConnectionTable
  ) {
    self.responder = responder
    self.maximumBodySize = maximumBodySize
    self.uploadLimits = uploadLimits
    self.uploads = UploadBudget(capacity: uploadBudget)
    self.heartbeatInterval = heartbeatInterval
    self.clock = clock
    self.eventStreamLimit = eventStreamLimit
    self.connections = connections
  }

  /// The most bytes of body `request` may carry: its path's upload limit for a `POST`, else
  /// ``maximumBodySize``.
  func bodyLimit(of request: RequestContext) -> Int {
    guard request.method == .POST, let path = request.path, let limit = uploadLimits[path] else {
      return maximumBodySize
    }
    return limit
  }

  // MARK: - Refusals

  /// The responder's answer to `refusal`, with the headers the refusal needs.
  func response(for refusal: HTTPRefusal) -> HTTPResponse {
    var response = responder.response(for: refusal)
    for (name, value) in refusal.headers { response.headers[name] = value }
    return response
  }

  // MARK: - Requests and streams

  /// Records that `request`'s handler runs; `false` once the server is stopping.
  func beginHandling(_ request: RequestContext) -> Bool {
    state.withLock { state in
      guard !state.stopping else { return false }
      state.handling[ObjectIdentifier(request)] = request
      return true
    }
  }

  /// Records that `request`'s response has been sent, or its handler has been given up on.
  func endHandling(_ request: RequestContext) {
    _ = state.withLock { $0.handling.removeValue(forKey: ObjectIdentifier(request)) }
  }

  /// Whether an event stream may open.
  enum Opening {
    case opened
    case stopping
    case full
  }

  /// Records an open event stream, unless the server is stopping or has as many as it allows.
  func open(_ stream: EventStream) -> Opening {
    state.withLock { state in
      guard !state.stopping else { return .stopping }
      guard state.streams.count < eventStreamLimit else { return .full }
      state.streams[ObjectIdentifier(stream)] = stream
      return .opened
    }
  }

  /// Forgets a stream whose response libmicrohttpd has freed.
  func close(_ stream: EventStream) {
    _ = state.withLock { $0.streams.removeValue(forKey: ObjectIdentifier(stream)) }
  }

  // MARK: - Stopping

  /// `true` once ``beginStopping()`` has been called: new connections are refused.
  var isStopping: Bool { state.withLock { $0.stopping } }

  /// From now on requests get 503 and no handler or stream starts; returns the open streams.
  func beginStopping() -> [EventStream] {
    state.withLock { state in
      state.stopping = true
      return Array(state.streams.values)
    }
  }

  /// Waits until every running handler has answered and every event stream has sent its end, or
  /// `timeout` has passed; returns the requests whose handler is still running.
  func waitUntilIdle(timeout: Duration) async -> [RequestContext] {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
      let (running, idle) = state.withLock {
        (Array($0.handling.values), $0.handling.isEmpty && $0.streams.isEmpty)
      }
      guard !idle, clock.now < deadline else { return running }
      try? await Task.sleep(for: .milliseconds(10))
    }
  }
}
