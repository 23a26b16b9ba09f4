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
}
