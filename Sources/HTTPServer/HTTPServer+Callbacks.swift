import CMicroHTTPD
import Foundation

/// The daemon's C callbacks, called on libmicrohttpd's threads. None of them waits for Swift work:
/// a request whose body is in is suspended while its handler runs in a task.
enum Callbacks {
  // MARK: - Access handler

  /// `MHD_AccessHandlerCallback`: called with the request head, then once per body chunk, then
  /// with no data when the request is complete, and again after the connection is resumed.
  static func access(
    server: ServerContext, connection: OpaquePointer, method: String, url: String,
    upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
    state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  ) -> MHD_Result {
    guard let existing = state.pointee else {
      let request = RequestContext(connection: connection, method: method, url: url)
      state.pointee = Unmanaged.passRetained(request).toOpaque()
      guard request.expectsBodyOver(server.maximumBodySize) else { return .YES }
      return queue(
        RequestContext.tooLarge(limit: server.maximumBodySize), for: request, on: connection, server)
    }
    let request = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()
    if uploadSize.pointee > 0 {
      if let upload { request.receive(upload, count: uploadSize.pointee, limit: server.maximumBodySize) }
      uploadSize.pointee = 0
      return .YES
    }
    switch request.nextStep() {
    case .handle:
      guard request.startHandler(in: server) else {
        return queue(RequestContext.stopping, for: request, on: connection, server)
      }
      return .YES
    case .respond(let response):
      return queue(response, for: request, on: connection, server)
    }
  }

  /// `MHD_OPTION_NOTIFY_COMPLETED`: the request is over (answered, failed or the server stopped);
  /// releases its state.
  static func completed(state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
    guard let existing = state.pointee else { return }
    Unmanaged<RequestContext>.fromOpaque(existing).release()
    state.pointee = nil
  }

  // MARK: - Responses

  /// Queues `response` on `connection`, adding `X-Content-Type-Options: nosniff`. A `HEAD` request
  /// gets the headers only; an event stream becomes a callback response.
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
      made = EventStream.response(for: events, on: connection, server: server)
    }
    guard let made else { return .NO }
    defer { MHD_destroy_response(made) }
    var headers = response.headers
    headers["X-Content-Type-Options"] = "nosniff"
    for (name, value) in headers {
      _ = MHD_add_response_header(made, name, value)
    }
    return MHD_queue_response(connection, UInt32(clamping: response.status), made)
  }
}
