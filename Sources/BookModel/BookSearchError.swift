/// Why a search provider could not answer, with a message a person can act on.
///
/// The ``description`` is Chaek's own words, safe to show to any client: it never quotes a
/// provider's answer, which may echo the API key. What the provider said goes in ``detail``, for the
/// server's log only, with the key removed.
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
    case searchTooSlow(budget: Duration)
    case busy
    indirect case resting(retryIn: Duration, cause: BookSearchError)
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

  /// This process has as many requests in flight as it allows: nothing was asked of the provider.
  public static func busy(provider: String) -> Self { .init(.busy, provider: provider) }
  /// The catalog's search ran past its time budget and was stopped.
  public static func searchTooSlow(budget: Duration) -> Self {
    .init(.searchTooSlow(budget: budget), provider: "catalog")
  }
  /// The provider failed recently with `cause`, so it is not asked again for `retryIn` (see
  /// ``CircuitBreaker``).
  public static func resting(provider: String, retryIn: Duration, cause: BookSearchError) -> Self {
    .init(.resting(retryIn: retryIn, cause: cause), provider: provider)
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

  /// `true` when the provider itself is failing (unreachable, slow, erring, refusing the key, or
  /// answering garbage), so that asking it again at once is likely to fail too; `false` for a
  /// request it refused on its merits and for failures that are not the provider's.
  public var isProviderFailure: Bool {
    switch reason {
    case .rejectedKey, .rateLimited, .serverError, .unreachable, .invalidResponse: true
    case .missingKey, .rejectedRequest, .catalog, .searchTooSlow, .resting, .busy: false
    }
  }

  /// How long until the provider is asked again, when it rests after failing.
  public var retryAfter: Duration? {
    if case .resting(let retryIn, _) = reason { return retryIn }
    return nil
  }

  /// `true` when the offline catalog failed (its database), not a provider.
  public var isCatalogFailure: Bool {
    if case .catalog = reason { return true }
    return false
  }

  /// `true` when the catalog stopped a search that ran past its time budget.
  public var ranOutOfTime: Bool {
    if case .searchTooSlow = reason { return true }
    return false
  }

  /// Chaek's own words for the failure: safe for any client, with no text from the provider.
  public var description: String {
    switch reason {
    case .missingKey:
      "\(provider) needs an API key: set KAKAO_REST_API_KEY to your Kakao REST API key"
    case .rejectedKey:
      "\(provider) rejected the API key (check KAKAO_REST_API_KEY)"
    case .rejectedRequest(let status, _, _):
      "\(provider) refused the request (HTTP \(status))"
    case .rateLimited:
      "\(provider) is limiting requests (HTTP 429); try again in a moment"
    case .serverError(let status):
      "\(provider) failed (HTTP \(status)); try again later"
    case .unreachable(let detail):
      "\(provider) could not be reached: \(detail)"
    case .invalidResponse:
      "\(provider) answered with an invalid response"
    case .catalog:
      "the offline catalog failed"
    case .busy:
      "too many searches are waiting for \(provider) already; try again in a moment"
    case .searchTooSlow(let budget):
      "the search took longer than \(Self.seconds(budget)) s and was stopped; try fewer or longer words"
    case .resting(let retryIn, let cause) where retryIn > .zero:
      "\(cause.description); \(provider) is asked again in \(Self.seconds(retryIn)) s"
    case .resting(_, let cause):
      "\(cause.description); \(provider) is being asked again"
    }
  }

  /// What the provider (or the database) said, for the server's log: never for clients. `nil` when
  /// the ``description`` is all there is.
  public var detail: String? {
    switch reason {
    case .rejectedKey(let message): message
    case .rejectedRequest(_, let errorType, let message): "\(errorType): \(message)"
    case .invalidResponse(let detail), .catalog(let detail): detail
    case .resting(_, let cause): cause.detail
    case .missingKey, .rateLimited, .serverError, .unreachable, .searchTooSlow, .busy: nil
    }
  }

  /// The ``description`` followed by the ``detail``: a line for the server's log or the CLI's
  /// standard error, which only the person running Chaek sees.
  public var logDescription: String {
    detail.map { "\(description) (\($0))" } ?? description
  }

  private static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let total = Double(seconds) + Double(attoseconds) / 1e18
    return String(format: "%g", (total * 10).rounded() / 10)
  }
}
