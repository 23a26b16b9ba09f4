import HTTPTransport

/// An error that knows its response: thrown from a handler or a middleware, it is sent as
/// ``response``, and the layers outside the one that threw it see that response.
///
/// Errors that do not conform (and are not an ``HTTPError`` or an ``HTTPRequestError``) become a
/// plain 500 whose body holds only a request id; their description goes to the server's log.
public protocol HTTPResponseError: Error {
  /// The response that tells the client about this error. Its text is for clients: it must not
  /// hold what only the server's operator may see (SQL, file paths, a provider's words).
  var response: HTTPResponse { get }
}
