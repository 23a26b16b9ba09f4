import HTTPTransport

/// A piece of a ``Responder`` around its router: it sees each request on its way in and each
/// response on its way out (an access policy, compression).
///
/// Middleware throws like handlers do: what it throws becomes a response at once (see
/// ``Responder``), which the middleware outside it sees as it would any other. `next` never
/// throws: errors inside have already become responses.
public protocol Middleware: Sendable {
  /// The response to `request`: usually `await next(request)`, changed or not, or an answer of its
  /// own without calling `next`.
  func respond(to request: HTTPRequest, next: Responder.Next) async throws -> HTTPResponse

  /// The response to `request` when this layer and those inside answer at once: usually
  /// `next(request)` (the inner layers' immediate response, or `nil`), changed or not, or an answer
  /// of its own. `nil` sends the request to ``respond(to:next:)``, which must give the same answer
  /// to a request this answers.
  ///
  /// Called on the server's thread before any task is made, so it must not block. By default
  /// `nil`: every request goes to ``respond(to:next:)``.
  func immediateResponse(to request: HTTPRequest, next: Responder.ImmediateNext) throws -> HTTPResponse?
}

extension Middleware {
  /// `nil`: every request goes to ``respond(to:next:)``.
  public func immediateResponse(to request: HTTPRequest, next: Responder.ImmediateNext) throws
    -> HTTPResponse?
  { nil }
}
