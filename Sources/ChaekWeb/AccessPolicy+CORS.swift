import HTTPTransport

/// Cross-origin reads: the Kakao search may be read by pages of any origin, as Kakao's own is.
extension AccessPolicy {
  /// The routes any origin may read: Kakao's search, as browser clients of Kakao's API call it.
  static let sharedPaths: Set<String> = ["/v3/search/book"]

  /// How long a browser may cache a preflight's answer (Chromium keeps it at most 2 hours).
  static let preflightMaxAge = 7200

  /// The answer to a CORS preflight (`OPTIONS`) for a shared route: 204 allowing any origin to
  /// `GET` it with `Authorization`. Preflights carry no token, so this comes before the token check.
  func preflight(for request: HTTPRequest) -> HTTPResponse? {
    guard request.method == .OPTIONS, Self.sharedPaths.contains(request.path) else { return nil }
    return HTTPResponse(
      status: 204,
      headers: [
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
        "Access-Control-Allow-Headers": "Authorization, Content-Type",
        "Access-Control-Max-Age": "\(Self.preflightMaxAge)",
        "Allow": "GET, HEAD, OPTIONS",
      ])
  }

  /// `response` with `Access-Control-Allow-Origin: *` when it answers a `GET` or `HEAD` of a shared
  /// route (errors included, so that a page can read them); unchanged otherwise.
  func shared(_ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
    guard request.method == .GET || request.method == .HEAD, Self.sharedPaths.contains(request.path)
    else { return response }
    var response = response
    response.headers["Access-Control-Allow-Origin"] = "*"
    return response
  }
}
