/// An async request handler that answers every request: the closure form of ``HTTPResponder``.
public typealias HTTPHandler = @Sendable (HTTPRequest) async -> HTTPResponse

/// What answers the requests an ``HTTPServer`` reads: the layer above the transport, such as a
/// router with its middleware.
public protocol HTTPResponder: Sendable {
  /// The response to a complete request, called in a Swift task. The server sends no body for
  /// `HEAD`.
  func respond(to request: HTTPRequest) async -> HTTPResponse

  /// The response to a complete `GET` or `HEAD` request when it is ready at once, without waiting
  /// for anything (a static file); `nil` when the request needs ``respond(to:)``. Called on one of
  /// libmicrohttpd's threads before any task is made, so it must not block. It must answer as
  /// ``respond(to:)`` would.
  func immediateResponse(to request: HTTPRequest) -> HTTPResponse?

  /// The response to a request the server refuses before any handler runs. Called on one of
  /// libmicrohttpd's threads, so it must not block; the server then adds the headers the refusal
  /// needs (see ``HTTPRefusal``).
  func response(for refusal: HTTPRefusal) -> HTTPResponse
}

extension HTTPResponder {
  /// `nil`: every request goes to ``respond(to:)``.
  public func immediateResponse(to request: HTTPRequest) -> HTTPResponse? { nil }

  /// The refusal's message as plain text, with its status.
  public func response(for refusal: HTTPRefusal) -> HTTPResponse {
    .text(refusal.message, status: refusal.status)
  }
}

/// A closure as a responder, with refusals in plain text.
struct HandlerResponder: HTTPResponder {
  let handler: HTTPHandler

  func respond(to request: HTTPRequest) async -> HTTPResponse { await handler(request) }
}
