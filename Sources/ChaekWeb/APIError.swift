import Foundation
import HTTPTransport

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

  /// A 500 for a failure the client cannot act on: its description (SQL, file paths) goes to the
  /// server's standard error under an id, and the client gets only the id.
  static func internalError(_ error: any Error) -> HTTPResponse {
    let id = String(UInt32.random(in: .min ... .max), radix: 16)
    FileHandle.standardError.write(Data("chaek serve: internal error \(id): \(error)\n".utf8))
    return APIError(errorType: "InternalError", message: "the server failed (error \(id) in its log)")
      .response(status: 500)
  }
}
