import Foundation
import HTTPRouting
import HTTPTransport

/// An error in Kakao's JSON shape, `{"errorType":"...","message":"..."}`, which every error the app
/// knows uses (bad input, not found, a provider's failure, a refusal); thrown from a handler, it
/// renders itself. An error the app does not know (a database failure) is not one of these: it
/// becomes the routing layer's plain `500 Internal error (id …)`, its description only in the log.
struct APIError: HTTPResponseError, Sendable {
  /// The status: 400, 404, ...
  let status: Int
  /// Kakao's `errorType`: `InvalidArgument`, `NotFound`, ...
  let errorType: String
  /// What went wrong, for the client.
  let message: String
  /// Headers the response must have (`WWW-Authenticate`, `Retry-After`, `Allow`).
  var headers: HTTPHeaders = [:]

  /// The error as JSON with its status and headers.
  var response: HTTPResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let body = (try? encoder.encode(Body(errorType: errorType, message: message))) ?? Data()
    var response = HTTPResponse.json(raw: body, status: status)
    for (name, value) in headers { response.headers[name] = value }
    return response
  }

  private struct Body: Encodable {
    let errorType: String
    let message: String
  }

  // MARK: - Kinds

  static func badRequest(_ message: String) -> APIError {
    APIError(status: 400, errorType: "InvalidArgument", message: message)
  }

  static func notFound(_ message: String) -> APIError {
    APIError(status: 404, errorType: "NotFound", message: message)
  }

  static func unsupportedMediaType(_ message: String) -> APIError {
    APIError(status: 415, errorType: "UnsupportedMediaType", message: message)
  }

  static func unreadableFile(_ message: String) -> APIError {
    APIError(status: 422, errorType: "UnreadableFile", message: message)
  }

  static func forbidden(_ message: String) -> APIError {
    APIError(status: 403, errorType: "Forbidden", message: message)
  }

  static func unauthorized(_ message: String) -> APIError {
    APIError(
      status: 401, errorType: "Unauthorized", message: message,
      headers: ["WWW-Authenticate": "Bearer realm=\"chaek\""])
  }
}

// MARK: - Routing errors

extension APIError {
  /// The routing layer's errors and the server's refusals, named by their status (`NotFound`,
  /// `MethodNotAllowed`, `PayloadTooLarge`, ...).
  init(_ error: HTTPError) {
    let types = [
      400: "BadRequest", 404: "NotFound", 405: "MethodNotAllowed", 413: "PayloadTooLarge",
      501: "NotImplemented", 503: "ServiceUnavailable",
    ]
    self.init(
      status: error.status, errorType: types[error.status] ?? "HTTP\(error.status)", message: error.message,
      headers: error.headers)
  }
}
