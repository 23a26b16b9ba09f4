import ChaekApp
import Foundation
import HTTPRouting
import HTTPTransport

/// Signing in and out: `GET`/`POST /signin` (the page and its form) and `POST /signout` (the
/// page's button), `GET`/`POST`/`DELETE /api/session` (the same as JSON, for scripts and apps).
extension WebApp {
  /// `{"name","admin"}`: who a session is.
  struct SessionBody: Encodable {
    let name: String
    let admin: Bool

    init(_ reader: Reader) {
      name = reader.name
      admin = reader.isAdmin
    }
  }

  /// `POST /api/session`'s body.
  struct Credentials: RequestBody {
    enum Field: String, CodingKey, CaseIterable { case name, password }
    let name: String
    let password: String
  }

  /// `GET /api/session`: the reader signed in (the owner on a Chaek without accounts).
  func session(_ request: HTTPRequest) async throws -> HTTPResponse {
    try .json(SessionBody(request.reader))
  }

  /// `POST /api/session`: signs in with `{"name","password"}`; 200 with the session cookie, 401 for a
  /// wrong name or password (the same for both), 429 with `Retry-After` after too many failures.
  func signIn(_ request: HTTPRequest) async throws -> HTTPResponse {
    let credentials = try request.input(Credentials.self)
    let signIn = try await signIn(credentials.name, credentials.password, request)
    var response = try HTTPResponse.json(SessionBody(signIn.reader))
    response.headers["Set-Cookie"] = policy.sessionCookie(signIn.session, for: request)
    return response
  }

  /// `DELETE /api/session`: signs out; the cookie no longer signs anyone in, anywhere. The browser
  /// is told to forget what it kept of the reader (`Clear-Site-Data`: the service worker's copies
  /// of pages and answers, the offline queue), so whoever uses the device next finds none of it.
  func signOut(_ request: HTTPRequest) async throws -> HTTPResponse {
    for session in request.cookies(AccessPolicy.sessionCookie) { try await chaek.signOut(session: session) }
    var response = HTTPResponse(status: 204)
    response.headers["Set-Cookie"] = AccessPolicy.expiredSessionCookie
    response.headers["Clear-Site-Data"] = "\"cache\", \"storage\""
    return response
  }

  /// `POST /signout`, the page's 로그아웃 button: signs out and goes to the sign-in page.
  func signOutForm(_ request: HTTPRequest) async throws -> HTTPResponse {
    var response = try await signOut(request)
    response.status = 303
    response.headers["Location"] = "/signin"
    return response
  }

  /// `GET /signin`: the sign-in page; the page asked for (`next`) on a Chaek without accounts or
  /// for a reader signed in already.
  func signInPage(_ request: HTTPRequest) async throws -> HTTPResponse {
    let next = Self.localAddress(request.query["next"])
    guard try await chaek.hasAccounts(), request.reader == .nobody else { return .redirect(to: next) }
    return .html(SignInPage(next: next).body.description)
  }

  /// `POST /signin`, the page's form (`name`, `password`, `next`): signs in and goes to `next`
  /// (303), or shows the page again saying what went wrong (401, or 429 with `Retry-After`).
  func signInForm(_ request: HTTPRequest) async throws -> HTTPResponse {
    let form: [String: String]
    do { form = try request.form() } catch { throw APIError.badRequest("the sign-in form cannot be read") }
    let next = Self.localAddress(form["next"])
    let name = form["name"] ?? ""
    do {
      let signIn = try await signIn(name, form["password"] ?? "", request)
      var response = HTTPResponse.redirect(to: next)
      response.headers["Set-Cookie"] = policy.sessionCookie(signIn.session, for: request)
      return response
    } catch let error as SignInError {
      let page = SignInPage(next: next, name: name, problem: SignInPage.message(for: error))
      var response = HTTPResponse.html(page.body.description, status: error.response.status)
      if let wait = error.response.headers["Retry-After"] { response.headers["Retry-After"] = wait }
      return response
    }
  }

  /// Signs in; a session the browser already had ends, so that one browser holds one session.
  private func signIn(_ name: String, _ password: String, _ request: HTTPRequest) async throws -> SignIn {
    let signIn = try await chaek.signIn(
      name: name, password: password, from: request.client(behindProxy: policy.trustsProxy))
    for earlier in request.cookies(AccessPolicy.sessionCookie) { try await chaek.signOut(session: earlier) }
    return signIn
  }

  /// `next` when it is a path of this site, else `/`: a sign-in never sends a reader elsewhere.
  static func localAddress(_ next: String?) -> String {
    guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\"),
      !next.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { return "/" }
    return next
  }
}
