import CMicroHTTPD
import Foundation

/// The daemon's C callbacks, called on libmicrohttpd's threads. None of them waits for Swift work:
/// a complete `GET` or `HEAD` that the responder answers at once is answered there; any other
/// request's handler runs in a task, which a `GET` starts on the calling thread until it first
/// waits; the connection is suspended while it waits.
enum Callbacks {
  // MARK: - Access handler

  /// `MHD_AccessHandlerCallback`: called with the request head, then once per body chunk, then
  /// with no data when the request is complete, and again after the connection is resumed.
  static func access(
    server: ServerContext, connection: OpaquePointer, method: String, url: String,
    version: UnsafePointer<CChar>?, upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
    state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  ) -> MHD_Result {
    let request: RequestContext
    if let existing = state.pointee {
      request = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()
    } else {
      // The URI log callback makes the state, except for a request line without a target, for
      // which libmicrohttpd gives it no URI.
      request = RequestContext(connection: connection, target: Array(url.utf8))
      state.pointee = Unmanaged.passRetained(request).toOpaque()
    }
    guard request.hasHead else {
      if let refusal = request.readHead(
        method: method, version: version.map { String(cString: $0) } ?? "",
        versionStart: UInt(bitPattern: version))
      {
        return queue(server.response(for: refusal), for: request, on: connection, server)
      }
      let limit = server.bodyLimit(of: request)
      if request.declaresBodyOver(limit) {
        return queue(
          server.response(for: .tooLarge(limit: limit, closing: true)), for: request, on: connection, server)
      }
      guard limit <= server.maximumBodySize || request.reserveUpload(limit: limit, from: server.uploads)
      else {
        let refusal = HTTPRefusal.uploadsFull(capacity: server.uploads.capacity, retryAfter: 5)
        return queue(server.response(for: refusal), for: request, on: connection, server)
      }
      return .YES
    }
    if uploadSize.pointee > 0 {
      if let upload {
        request.receive(upload, count: uploadSize.pointee, limit: server.bodyLimit(of: request))
      }
      uploadSize.pointee = 0
      return .YES
    }
    switch request.nextStep() {
    case .handle:
      server.connections.requestArrived(on: connection)
      switch request.startHandler(in: server) {
      case .answered(let response):
        return queue(response, for: request, on: connection, server)
      case .waiting:
        return .YES
      case .stopping:
        return queue(server.response(for: .stopping), for: request, on: connection, server)
      }
    case .respond(let response):
      return queue(response, for: request, on: connection, server)
    case .refuse(let refusal):
      return queue(server.response(for: refusal), for: request, on: connection, server)
    }
  }

  /// `MHD_OPTION_URI_LOG_CALLBACK`: the request line has arrived; makes the request's state with
  /// the target as sent (libmicrohttpd decodes it next, and a decoded NUL would end it early).
  static func requestLine(connection: OpaquePointer, target: UnsafePointer<CChar>) -> UnsafeMutableRawPointer
  {
    let bytes = UnsafeRawBufferPointer(start: target, count: strlen(target))
    let end = UInt(bitPattern: target) + UInt(bytes.count)
    return Unmanaged.passRetained(
      RequestContext(connection: connection, target: Array(bytes), targetEnd: end)
    )
    .toOpaque()
  }

  /// `MHD_OPTION_NOTIFY_COMPLETED`: the request is over (answered, failed or the server stopped);
  /// it no longer keeps a stopping server waiting, its state is released, and the connection's
  /// next request is due.
  static func completed(
    server: ServerContext, connection: OpaquePointer?,
    state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  ) {
    if let connection { server.connections.requestCompleted(on: connection) }
    guard let existing = state.pointee else { return }
    let request = Unmanaged<RequestContext>.fromOpaque(existing)
    server.endHandling(request.takeUnretainedValue())
    request.release()
    state.pointee = nil
  }

  // MARK: - Connections

  /// The accept policy: `false` (libmicrohttpd closes the new socket at once) when the server is
  /// stopping or has as many connections as it takes. libmicrohttpd's own limit is kept higher, because at its
  /// limit it stops accepting and new clients wait in the listen queue instead of being refused.
  static func accepts(server: ServerContext) -> Bool {
    !server.isStopping && server.connections.hasRoom()
  }

  /// `MHD_OPTION_NOTIFY_CONNECTION`: a connection started or is about to close.
  static func connection(
    server: ServerContext, connection: OpaquePointer, event: MHD_ConnectionNotificationCode
  ) {
    switch event {
    case .CONNECTION_NOTIFY_STARTED: server.connections.opened(connection)
    case .CONNECTION_NOTIFY_CLOSED: server.connections.closed(connection)
    default: break
    }
  }

  // MARK: - Responses

  /// Queues `response` on `connection`. A `HEAD` request gets the headers only; an event stream
  /// becomes a callback response.
  private static func queue(
    _ response: HTTPResponse, for request: RequestContext, on connection: OpaquePointer,
    _ server: ServerContext
  ) -> MHD_Result {
    let made: OpaquePointer?
    switch response.body {
    case .data(let data):
      made = data.withUnsafeBytes {
        MHD_create_response_from_buffer(
          $0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
      }
    case .events(let events) where request.method == .HEAD:
      EventStream.discard(events)
      made = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
    case .events(let events):
      switch EventStream.response(for: events, on: connection, server: server) {
      case .made(let response):
        made = response
      case .full:
        return queue(server.response(for: EventStream.tooMany(server)), for: request, on: connection, server)
      }
    }
    server.connections.requestArrived(on: connection)
    guard let made else { return .NO }
    defer { MHD_destroy_response(made) }
    for (name, value) in response.headers {
      _ = MHD_add_response_header(made, name, value)
    }
    return MHD_queue_response(connection, UInt32(clamping: response.status), made)
  }
}
