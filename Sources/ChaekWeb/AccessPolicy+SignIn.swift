import ChaekApp
import Foundation
import HTTPRouting
import HTTPTransport

/// The reader a request acts for, set by ``AccessPolicy`` around the routes once accounts exist.
enum SignedIn {
  /// The signed-in reader of the request being answered; the owner without accounts.
  @TaskLocal static var reader: Reader = .owner
}

extension HTTPRequest {
  /// The reader the request acts for: the signed-in reader once accounts exist (see
  /// ``AccessPolicy``), the owner before.
  var reader: Reader { SignedIn.reader }

  /// Whether the request's session (or token) still signs its reader in, for a response that goes
  /// on (an event stream) and asks before it sends more; always `true` without accounts.
  func stillSignedIn(through policy: AccessPolicy) async -> Bool {
    guard reader != .owner else { return true }
    return (try? await policy.signedInReader(of: self)) == reader
  }

  /// Where the request came from: the address the trusted proxy saw (the last of
  /// `X-Forwarded-For`) behind one, else the peer's.
  func client(behindProxy trustsProxy: Bool) -> String? {
    if trustsProxy, let forwarded = lastValue(of: "X-Forwarded-For") { return forwarded }
    return clientAddress
  }
}

extension AccessPolicy {
  /// The cookie that carries a signed-in reader's session.
  static let sessionCookie = "chaek_session"

  /// What anyone may ask for without signing in: the health check, the sign-in page, signing in
  /// and out, and what the page and an installed app load before it (the stylesheets and
  /// scripts, the manifest, the icons, the service worker).
  static func isPublic(_ request: HTTPRequest) -> Bool {
    let path = request.path
    if ["/healthz", "/signin", "/signout", "/sw.js", "/manifest.webmanifest"].contains(path) { return true }
    if path == "/api/session" { return request.method == .POST }
    return path.hasPrefix("/static/") || path.hasPrefix("/icons/")
  }

  /// The routes' response as the reader the request's session (or, for the APIs, its token) signs
  /// in; without one, 401 for the APIs and the script's fragments, and a redirect to `/signin` for
  /// a page.
  func signedIn(_ request: HTTPRequest, next: Responder.Next) async -> HTTPResponse {
    let reader: Reader?
    do {
      reader = try await signedInReader(of: request)
    } catch {
      return Self.accountsUnreadable.response
    }
    if let reader { return await SignedIn.$reader.withValue(reader) { await next(request) } }
    if Self.isPublic(request) { return await SignedIn.$reader.withValue(.nobody) { await next(request) } }
    guard Self.isPage(request) else {
      return APIError.unauthorized("sign in first: POST /api/session, or send Authorization: Bearer TOKEN")
        .response
    }
    return .redirect(
      to: "/signin?next=" + Self.address(of: request).addingPercentEncoding(
        withAllowedCharacters: .alphanumerics)!)
  }

  /// The reader the request's session (or, for the APIs, its token) signs in, if any.
  func signedInReader(of request: HTTPRequest) async throws -> Reader? {
    if Self.isAPI(request), let token = request.bearerToken { return try await chaek.reader(forToken: token) }
    for session in request.cookies(Self.sessionCookie) {
      if let reader = try await chaek.reader(forSession: session) { return reader }
    }
    return nil
  }

  /// The `Set-Cookie` value that keeps `session` in the browser; `Secure` when the request came
  /// over HTTPS through the trusted proxy.
  func sessionCookie(_ session: String, for request: HTTPRequest) -> String {
    let secure = trustsProxy && request.lastValue(of: "X-Forwarded-Proto")?.lowercased() == "https"
    let lifetime = Int(Chaek.sessionLifetime)
    return "\(Self.sessionCookie)=\(session); HttpOnly; SameSite=Lax; Path=/; Max-Age=\(lifetime)"
      + (secure ? "; Secure" : "")
  }

  /// The `Set-Cookie` value that removes the session cookie.
  static let expiredSessionCookie = "\(sessionCookie)=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0"

  private static func isAPI(_ request: HTTPRequest) -> Bool {
    request.path.hasPrefix("/api/") || request.path.hasPrefix("/v3/")
  }

  /// A page a person opens (not an API, a fragment for the script, or a cover).
  private static func isPage(_ request: HTTPRequest) -> Bool {
    !isAPI(request) && !request.path.hasPrefix("/fragments/") && !request.path.hasPrefix("/covers/")
      && (request.method == .GET || request.method == .HEAD)
  }

  /// The request's path and query, to come back to after signing in.
  private static func address(of request: HTTPRequest) -> String {
    var components = URLComponents()
    components.path = request.path
    if !request.query.isEmpty {
      components.queryItems = request.query.sorted { $0.key < $1.key }.map {
        URLQueryItem(name: $0.key, value: $0.value)
      }
    }
    return components.string ?? request.path
  }
}
