import BookModel
import HTTPRouting
import HTTPTransport

extension BookSearchError: HTTPResponseError {
  /// A failed search as Kakao-shaped JSON: 503 when the provider rests after failing (with
  /// `Retry-After`) or the search ran out of time, 502 when the provider failed. The message is
  /// Chaek's own, never the provider's.
  public var response: HTTPResponse {
    if ranOutOfTime {
      return APIError(status: 503, errorType: "ServiceUnavailable", message: description).response
    }
    guard let retryAfter else {
      return APIError(status: 502, errorType: "ProviderError", message: description).response
    }
    return APIError(
      status: 503, errorType: "ServiceUnavailable", message: description,
      headers: ["Retry-After": String(max(1, Int(retryAfter.components.seconds) + 1))]
    ).response
  }
}
