import HTTPServer

/// A JSON error in Kakao's shape, `{"errorType":"...","message":"..."}`, used by every API route.
struct APIError: Encodable, Sendable {
  let errorType: String
  let message: String

  /// The error as a response with `status`.
  func response(status: Int) -> HTTPResponse { .json(self, status: status) }

  static func badRequest(_ message: String) -> HTTPResponse {
    APIError(errorType: "InvalidArgument", message: message).response(status: 400)
  }

  static func notFound(_ message: String) -> HTTPResponse {
    APIError(errorType: "NotFound", message: message).response(status: 404)
  }

  static func forbidden(_ message: String) -> HTTPResponse {
    APIError(errorType: "Forbidden", message: message).response(status: 403)
  }

  static func unauthorized(_ message: String) -> HTTPResponse {
    var response = APIError(errorType: "Unauthorized", message: message).response(status: 401)
    response.headers["WWW-Authenticate"] = "Bearer realm=\"chaek\""
    return response
  }

  static func internalError(_ message: String) -> HTTPResponse {
    APIError(errorType: "InternalError", message: message).response(status: 500)
  }
}
