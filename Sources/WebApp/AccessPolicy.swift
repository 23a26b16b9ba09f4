import Foundation
import HTTPServer

/// Who may use the server: same-origin browsers for state changes, and everyone holding the token
/// when one is set (required when listening beyond loopback).
struct AccessPolicy: Sendable {
  /// The shared secret, or `nil` on a loopback-only server.
  let token: String?

  /// The cookie that carries the token for a browser after it opened `/?token=...`.
  static let cookieName = "chaek_token"

  /// Why a request is refused, or `nil` when it may proceed.
  func refusal(for request: HTTPRequest) -> HTTPResponse? {
    if let token, !Self.presents(token, in: request) {
      return APIError.unauthorized(
        "this server needs its token: open /?token=TOKEN once, or send Authorization: Bearer TOKEN")
    }
    if request.method != .GET && request.method != .HEAD, let reason = Self.crossSiteReason(request) {
      return APIError.forbidden(reason)
    }
    return nil
  }

  /// A browser's first visit with `?token=`: sets the cookie and redirects to the same page
  /// without the token in the address bar.
  func tokenLogin(for request: HTTPRequest) -> HTTPResponse? {
    guard let token, request.method == .GET, let given = request.query["token"] else { return nil }
    guard Self.constantTimeEqual(given, token) else { return nil }
    var response = HTTPResponse.redirect(to: request.path)
    response.headers["Set-Cookie"] = "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
    return response
  }

  // MARK: - Checks

  private static func presents(_ token: String, in request: HTTPRequest) -> Bool {
    var candidates: [String] = []
    if let authorization = request.headers["Authorization"] {
      for scheme in ["Bearer ", "KakaoAK "] where authorization.hasPrefix(scheme) {
        candidates.append(String(authorization.dropFirst(scheme.count)))
      }
    }
    if let cookies = request.headers["Cookie"] {
      for pair in cookies.split(separator: ";") {
        let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
        if parts.count == 2, parts[0] == cookieName { candidates.append(String(parts[1])) }
      }
    }
    return candidates.contains { constantTimeEqual($0, token) }
  }

  /// Browsers say where a request comes from; a state change from another site is refused.
  /// Requests without these headers (curl, scripts) are not from a browser page and may proceed.
  private static func crossSiteReason(_ request: HTTPRequest) -> String? {
    if let site = request.headers["Sec-Fetch-Site"] {
      return site == "same-origin" || site == "none"
        ? nil : "cross-site requests may not change data (\(site))"
    }
    if let origin = request.headers["Origin"] {
      let host = request.headers["Host"] ?? ""
      guard let url = URL(string: origin), let originHost = url.host else {
        return "cross-origin requests may not change data (Origin \(origin))"
      }
      let originAuthority = url.port.map { "\(originHost):\($0)" } ?? originHost
      return originAuthority == host ? nil : "cross-origin requests may not change data (Origin \(origin))"
    }
    return nil
  }

  private static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
    let left = Array(a.utf8)
    let right = Array(b.utf8)
    guard left.count == right.count else { return false }
    return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
