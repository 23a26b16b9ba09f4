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

extension BookSearchError {
  /// The failure in the reader's words (the page's; ``description`` is for scripts and the log).
  var readerMessage: String {
    if ranOutOfTime { return "검색이 너무 오래 걸려 멈췄어요. 낱말을 줄이거나 더 길게 써 보세요." }
    if isKeyProblem { return "\(provider) API 키가 맞지 않아 검색할 수 없어요. 서버의 키 설정을 확인해 주세요." }
    if isCatalogFailure { return "오프라인 목록에서 찾지 못했어요. 잠시 뒤 다시 해 주세요." }
    return "\(provider)에 연결하지 못해 검색할 수 없어요. 잠시 뒤 다시 해 주세요."
  }
}
