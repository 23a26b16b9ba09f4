/// Why a search provider could not answer, with a message a person can act on.
public struct BookSearchError: Error, Equatable, Sendable, CustomStringConvertible {
  private enum Reason: Equatable, Sendable {
    case missingKey
    case rejectedKey(message: String)
    case rejectedRequest(status: Int, errorType: String, message: String)
    case rateLimited
    case serverError(status: Int)
    case unreachable(detail: String)
    case invalidResponse(detail: String)
    case catalog(detail: String)
  }

  private let reason: Reason
  /// The provider that failed (`Kakao`, `Open Library`, `catalog`).
  public let provider: String

  private init(_ reason: Reason, provider: String) {
    self.reason = reason
    self.provider = provider
  }

  /// No API key is configured for a provider that needs one.
  public static func missingKey(provider: String) -> Self { .init(.missingKey, provider: provider) }
  /// The provider refused the API key (HTTP 401/403).
  public static func rejectedKey(provider: String, message: String) -> Self {
    .init(.rejectedKey(message: message), provider: provider)
  }
  /// The provider refused the request itself (another 4xx), with its own error type and message.
  public static func rejectedRequest(
    provider: String, status: Int, errorType: String, message: String
  ) -> Self {
    .init(.rejectedRequest(status: status, errorType: errorType, message: message), provider: provider)
  }
  /// Too many requests (HTTP 429).
  public static func rateLimited(provider: String) -> Self { .init(.rateLimited, provider: provider) }
  /// The provider failed (HTTP 5xx).
  public static func serverError(provider: String, status: Int) -> Self {
    .init(.serverError(status: status), provider: provider)
  }
  /// The provider could not be reached: no network, refused connection, timeout.
  public static func unreachable(provider: String, detail: String) -> Self {
    .init(.unreachable(detail: detail), provider: provider)
  }
  /// The provider answered with something that is not its documented JSON.
  public static func invalidResponse(provider: String, detail: String) -> Self {
    .init(.invalidResponse(detail: detail), provider: provider)
  }
  /// The offline catalog failed (a database error).
  public static func catalog(_ detail: String) -> Self {
    .init(.catalog(detail: detail), provider: "catalog")
  }

  /// `true` when the API key is missing or refused: retrying will not help until it is fixed.
  public var isKeyProblem: Bool {
    switch reason {
    case .missingKey, .rejectedKey: true
    default: false
    }
  }

  /// The HTTP status the provider answered with, if it answered.
  public var status: Int? {
    switch reason {
    case .rejectedKey: 401
    case .rejectedRequest(let status, _, _): status
    case .rateLimited: 429
    case .serverError(let status): status
    default: nil
    }
  }

  public var description: String {
    switch reason {
    case .missingKey:
      "\(provider) needs an API key: set KAKAO_REST_API_KEY to your Kakao REST API key"
    case .rejectedKey(let message):
      "\(provider) rejected the API key (check KAKAO_REST_API_KEY): \(message)"
    case .rejectedRequest(let status, let errorType, let message):
      "\(provider) refused the request (HTTP \(status) \(errorType)): \(message)"
    case .rateLimited:
      "\(provider) is limiting requests (HTTP 429); try again in a moment"
    case .serverError(let status):
      "\(provider) failed (HTTP \(status)); try again later"
    case .unreachable(let detail):
      "\(provider) could not be reached: \(detail)"
    case .invalidResponse(let detail):
      "\(provider) answered with an invalid response: \(detail)"
    case .catalog(let detail):
      "the offline catalog failed: \(detail)"
    }
  }
}
