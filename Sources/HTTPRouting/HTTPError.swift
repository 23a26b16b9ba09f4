import HTTPTransport

/// An error with a status and a message for the client: the routing layer's own (no route, a
/// method the path does not allow, a refused request), and one a handler may throw.
///
/// A ``Responder`` renders it with its error format, so that an app gives every error the same
/// shape; the default is the message as plain text.
public struct HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The status: 400, 404, 405, ...
  public let status: Int
  /// What went wrong, for the client: `POST is not allowed here; use GET, HEAD`.
  public let message: String
  /// Headers the response must have, such as `Allow` for a 405.
  public let headers: HTTPHeaders

  /// An error with `status`, `message` and `headers`.
  public init(status: Int, message: String, headers: HTTPHeaders = [:]) {
    self.status = status
    self.message = message
    self.headers = headers
  }

  /// The error the server's `refusal` stands for.
  public init(_ refusal: HTTPRefusal) {
    self.init(status: refusal.status, message: refusal.message)
  }

  /// The message.
  public var description: String { message }

  /// The message as plain text, with the status and the headers: the default error format.
  public var plainText: HTTPResponse {
    var response = HTTPResponse.text(message, status: status)
    for (name, value) in headers { response.headers[name] = value }
    return response
  }
}
