import ChaekApp
import HTTPRouting
import HTTPTransport

extension SignInError: HTTPResponseError {
  /// A failed sign-in as Kakao-shaped JSON: 401 for a wrong name or password (one answer for both)
  /// or for no one signed in, 429 with `Retry-After` when throttled.
  public var response: HTTPResponse {
    switch self {
    case .wrongNameOrPassword:
      APIError(status: 401, errorType: "Unauthorized", message: description).response
    case .signedOut:
      APIError.unauthorized("sign in first: POST /api/session, or send Authorization: Bearer TOKEN").response
    case .throttled(let seconds):
      APIError(
        status: 429, errorType: "TooManyRequests", message: description,
        headers: ["Retry-After": String(seconds)]
      ).response
    }
  }
}
