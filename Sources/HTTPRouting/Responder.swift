import Foundation
import HTTPTransport

/// A router inside its middleware, as the ``HTTPResponder`` an `HTTPServer` answers with.
///
/// From the outside in: the `headers` every response gets; the middleware, the first outermost;
/// the router. What a handler or a middleware throws becomes a response where it was thrown, and
/// the layers outside see that response:
/// - an ``HTTPResponseError`` renders itself;
/// - an ``HTTPError`` is rendered by the error format, and so is an ``HTTPRequestError`` (as 400);
/// - anything else becomes a plain-text 500, `Internal error (id 3f2a9c01)`: the id and the error's
///   description go to the log, and the client never sees the description.
///
/// The server's refusals (``HTTPRefusal``) are rendered by the same error format and get the same
/// headers, so that every error an app sends has one shape.
public struct Responder: HTTPResponder {
  /// What a middleware calls to pass a request inwards: the response of the layers inside it.
  public typealias Next = @Sendable (HTTPRequest) async -> HTTPResponse
  /// What a middleware calls to pass a request inwards on the immediate path: the response of the
  /// layers inside it when they answer at once, else `nil`.
  public typealias ImmediateNext = @Sendable (HTTPRequest) -> HTTPResponse?
  /// How an ``HTTPError`` becomes a response: the shape an app gives its errors.
  public typealias ErrorFormat = @Sendable (HTTPError) -> HTTPResponse

  private let stack: Next
  private let immediateStack: ImmediateNext
  private let headers: HTTPHeaders
  private let errors: ErrorRenderer

  /// The responder for `router` inside `middleware`.
  ///
  /// - Parameters:
  ///   - router: the routes.
  ///   - middleware: the layers around the router; the first is the outermost.
  ///   - headers: headers set on every response, refusals and errors included
  ///     (`X-Content-Type-Options: nosniff`).
  ///   - errorFormat: renders ``HTTPError``s and refusals; by default their message as plain text.
  ///   - log: hears a line for each internal error, with its request id; by default standard error.
  public init(
    router: Router, middleware: [any Middleware] = [], headers: HTTPHeaders = [:],
    errorFormat: @escaping ErrorFormat = { $0.plainText },
    log: @escaping @Sendable (String) -> Void = Responder.logToStandardError
  ) {
    let errors = ErrorRenderer(format: errorFormat, log: log)
    var next: Next = { request in await errors.response(to: request) { try await router.handle(request) } }
    for layer in middleware.reversed() {
      let inner = next
      next = { request in
        await errors.response(to: request) { try await layer.respond(to: request, next: inner) }
      }
    }
    var immediate: ImmediateNext = { request in
      errors.immediateResponse(to: request) { try router.immediateResponse(to: request) }
    }
    for layer in middleware.reversed() {
      let inner = immediate
      immediate = { request in
        errors.immediateResponse(to: request) { try layer.immediateResponse(to: request, next: inner) }
      }
    }
    self.stack = next
    self.immediateStack = immediate
    self.headers = headers
    self.errors = errors
  }

  // MARK: - HTTPResponder

  /// The response of the middleware and the router, with the headers every response gets.
  public func respond(to request: HTTPRequest) async -> HTTPResponse {
    withHeaders(await stack(request))
  }

  /// The response of the middleware and the router when every layer answers at once (a route
  /// added with ``Router/getImmediate(_:_:)`` under middleware that answers it so), with the headers
  /// every response gets; `nil` when one of them must wait, or no route has the path.
  public func immediateResponse(to request: HTTPRequest) -> HTTPResponse? {
    immediateStack(request).map(withHeaders)
  }

  /// The refusal as an ``HTTPError`` in the error format, with the headers every response gets.
  public func response(for refusal: HTTPRefusal) -> HTTPResponse {
    withHeaders(errors.format(HTTPError(refusal)))
  }

  private func withHeaders(_ response: HTTPResponse) -> HTTPResponse {
    var response = response
    for (name, value) in headers { response.headers[name] = value }
    return response
  }

  // MARK: - Log

  /// Writes `line` to standard error.
  @Sendable public static func logToStandardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
