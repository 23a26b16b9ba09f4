import BookImport
import HTTPRouting
import HTTPTransport

extension ImportFailure: HTTPResponseError {
  /// An import that did not run, or stopped, as Kakao-shaped JSON: 409 `ImportRunning` while another
  /// import runs (nothing was changed), 500 `ImportInterrupted` when it stopped partway, saying that
  /// what it stored is kept (the cause is for the server's log, not the client).
  public var response: HTTPResponse {
    let (status, errorType) =
      switch self {
      case .anotherImportRunning: (409, "ImportRunning")
      case .interrupted: (500, "ImportInterrupted")
      }
    return APIError(status: status, errorType: errorType, message: summary).response
  }
}
