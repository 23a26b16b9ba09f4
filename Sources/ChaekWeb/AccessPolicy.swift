import ChaekApp
import Foundation
import HTTPRouting
import HTTPTransport

/// Who may use the server, and as which reader: same-origin browsers for state changes; once an
/// account exists, only signed-in readers (``AccessPolicy+SignIn``); before that, everyone holding
/// the token when one is set (required when listening beyond loopback).
///
/// Without a token the server answers only requests addressed to this machine by name
/// (`localhost`, `127.0.0.1`, `[::1]`, with any port): a web page whose own name an attacker
/// re-points to 127.0.0.1 (DNS rebinding) sends its name as `Host` and is refused. The read-only
/// Kakao search, `GET /v3/search/book`, may be read by pages of any origin (CORS), as Kakao's own
/// is; nothing else says so to browsers.
///
/// As middleware it answers before any route: a misdirected request (421), a preflight (204), a
/// token login (303), a missing token or sign-in (401, or 303 to `/signin` for a page) or a
/// cross-site change (403) never reach the router.
struct AccessPolicy: Middleware {
  /// The use cases that say whether accounts exist and who a session or token belongs to.
  let chaek: Chaek
  /// The shared secret, or `nil` on a loopback-only server. It is not asked for once accounts exist.
  let token: String?
  /// Whether a proxy in front says how the request came (`X-Forwarded-Proto`, `X-Forwarded-For`).
  let trustsProxy: Bool

  /// The cookie that carries the token for a browser after it opened `/?token=...`.
  static let cookieName = "chaek_token"

  // MARK: - Middleware

  /// The policy's own answer, or the routes' response with the CORS header where it belongs.
  func respond(to request: HTTPRequest, next: Responder.Next) async -> HTTPResponse {
    let signingIn: Bool
    do {
      signingIn = try await chaek.hasAccounts()
    } catch {
      return Self.accountsUnreadable.response
    }
    if let answer = ownAnswer(to: request, signingIn: signingIn) { return answer }
    guard signingIn else { return shared(await next(request), for: request) }
    return shared(await signedIn(request, next: next), for: request)
  }

  /// As ``respond(to:next:)``, at once: while no reader has an account (as remembered), since
  /// reading a session waits for the store.
  func immediateResponse(to request: HTTPRequest, next: Responder.ImmediateNext) -> HTTPResponse? {
    guard chaek.remembersAccounts == false else { return nil }
    if let answer = ownAnswer(to: request, signingIn: false) { return answer }
    return next(request).map { shared($0, for: request) }
  }

  /// The policy's answer before any route (misdirected, a preflight, a token login, a refusal),
  /// or `nil` when the request may go on.
  private func ownAnswer(to request: HTTPRequest, signingIn: Bool) -> HTTPResponse? {
    if !signingIn, let misdirected = misdirection(for: request) { return misdirected.response }
    if let preflight = preflight(for: request) { return preflight }
    if !signingIn, let login = tokenLogin(for: request) { return login }
    if let refusal = refusal(for: request, signingIn: signingIn) {
      return shared(refusal.response, for: request)
    }
    return nil
  }

  /// The answer when whether accounts exist, or whose a session is, cannot be read.
  static let accountsUnreadable = APIError(
    status: 503, errorType: "ServiceUnavailable",
    message: "the readers' accounts cannot be read now: try again soon",
    headers: ["Retry-After": "1"])

  // MARK: - Host

  /// The names that mean this machine.
  static let loopbackNames = ["localhost", "127.0.0.1", "[::1]"]

  /// 403 for a request from another machine, and 421 for one addressed to a name other than this
  /// machine's, while the server has neither token nor accounts (a server listening beyond
  /// loopback whose last reader was removed serves no one else); `nil` otherwise. A request
  /// without `Host` (HTTP/1.0) may proceed.
  private func misdirection(for request: HTTPRequest) -> APIError? {
    guard token == nil else { return nil }
    if let address = request.clientAddress, address != "::1", !address.hasPrefix("127.") {
      return APIError.forbidden("this server has no readers and no token: it answers this machine only")
    }
    guard let host = request.headers["Host"] else { return nil }
    guard !Self.namesThisMachine(host) else { return nil }
    return APIError(
      status: 421, errorType: "MisdirectedRequest",
      message: "this server answers only localhost, 127.0.0.1 and [::1]; Host \(host) is another name")
  }

  /// `true` for `localhost`, `127.0.0.1` or `[::1]`, alone or with a port. Read as bytes: a name
  /// with any other byte is another name.
  private static func namesThisMachine(_ host: String) -> Bool {
    var name = host.utf8[...]
    if let colon = name.lastIndex(of: UInt8(ascii: ":")), name.last != UInt8(ascii: "]") {
      let port = name[name.index(after: colon)...]
      guard (1...5).contains(port.count), port.allSatisfy((UInt8(ascii: "0")...UInt8(ascii: "9")).contains)
      else { return false }
      name = name[..<colon]
    }
    return loopbackNames.contains { loopback in
      loopback.utf8.elementsEqual(name) {
        $0 == $1 | ($1 >= UInt8(ascii: "A") && $1 <= UInt8(ascii: "Z") ? 0x20 : 0)
      }
    }
  }

  // MARK: - Token and origin

  /// Why a request is refused, or `nil` when it may proceed (to signing in, when `signingIn`).
  private func refusal(for request: HTTPRequest, signingIn: Bool) -> APIError? {
    if !signingIn, let token, !Self.presents(token, in: request) {
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
  private func tokenLogin(for request: HTTPRequest) -> HTTPResponse? {
    guard let token, request.method == .GET, let given = request.query["token"] else { return nil }
    guard Self.constantTimeEqual(given, token) else { return nil }
    var response = HTTPResponse.redirect(to: request.path)
    response.headers["Set-Cookie"] = "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
    return response
  }

  // MARK: - Checks

  private static func presents(_ token: String, in request: HTTPRequest) -> Bool {
    let candidates = [request.bearerToken].compactMap { $0 } + request.cookies(cookieName)
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
