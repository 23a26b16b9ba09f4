import BookModel
import HTTPRouting
import HTTPTransport

extension SearchQueryError: HTTPResponseError {
  /// A search request Kakao would refuse, with Kakao's 400 body.
  public var response: HTTPResponse {
    APIError(status: 400, errorType: errorType, message: message).response
  }
}
