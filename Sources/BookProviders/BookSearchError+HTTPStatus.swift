import BookModel
import Foundation

// MARK: - HTTP statuses

extension BookSearchError {
  /// The error for an HTTP answer that is not a success, read from Kakao's error body
  /// (`{"errorType":"...","message":"..."}`) when there is one.
  ///
  /// 401 and 403 mean a rejected key for a `keyed` provider and a rejected request otherwise; 429 means
  /// rate limiting; other 4xx a rejected request; 5xx a server error; anything else an invalid response.
  /// The provider's message goes into the error's ``detail`` (for the server's log), with every one of
  /// `secrets` replaced by `[redacted]`.
  static func forStatus(
    _ status: Int, body: Data, provider: String, keyed: Bool, redacting secrets: [String] = []
  ) -> BookSearchError {
    let details = try? JSONDecoder().decode(ErrorBody.self, from: body)
    let message = secrets.filter { !$0.isEmpty }.reduce(
      details?.message.flatMap { $0.isEmpty ? nil : $0 } ?? "HTTP \(status) with no message"
    ) { $0.replacingOccurrences(of: $1, with: "[redacted]") }
    if keyed && (status == 401 || status == 403) {
      return .rejectedKey(provider: provider, message: message)
    }
    switch status {
    case 429:
      return .rateLimited(provider: provider)
    case 400..<500:
      let errorType =
        details?.errorType.flatMap { $0.isEmpty ? nil : $0 }
        ?? "HTTP \(status)"
      return .rejectedRequest(provider: provider, status: status, errorType: errorType, message: message)
    case 500..<600:
      return .serverError(provider: provider, status: status)
    default:
      return .invalidResponse(provider: provider, detail: "unexpected HTTP status \(status)")
    }
  }
}

// MARK: - Error body

/// Kakao's error body: `{"errorType":"AccessDeniedError","message":"cannot find appkey"}`.
private struct ErrorBody: Decodable {
  let errorType: String?
  let message: String?
}
