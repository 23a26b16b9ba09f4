import HTTPRouting
import HTTPTransport
import SQLStore

extension SQLStoreUnavailable: HTTPResponseError {
  /// 503 with `Retry-After: 1`, at once: the database is down or restarting (the reason is the
  /// operator's, in the log, not the client's).
  public var response: HTTPResponse {
    APIError(
      status: 503, errorType: "ServiceUnavailable",
      message: "the database cannot be reached now: try again soon",
      headers: ["Retry-After": "1"]
    ).response
  }
}
