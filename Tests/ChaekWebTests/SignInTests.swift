import ChaekApp
import Foundation
import HTTPTransport
import TestSupport
import Testing

/// Signing in once readers have accounts: what needs a reader, the session cookie, tokens, sign-out,
/// one answer for a wrong name or password, and the throttle.
@Suite("Signing in")
struct SignInTests {
  private static let password = "correct horse"

  /// The app with one reader, 민지 (an admin), and a client of it.
  private static func withReader(
    trustsProxy: Bool = false, now: @escaping @Sendable () -> Date = Date.init,
    _ body: (AppFixture, TestClient) async throws -> Void
  ) async throws {
    try await AppFixture.with(trustsProxy: trustsProxy, now: now) { fixture in
      _ = try await fixture.chaek.addReader(name: "민지", password: password, admin: true)
      try await body(fixture, fixture.client)
    }
  }

  private static func signIn(
    _ client: TestClient, name: String = "민지", password: String = password, headers: HTTPHeaders = [:]
  ) async -> TestClient.Response {
    var headers = headers
    headers["Content-Type"] = "application/json"
    let body = try! JSONSerialization.data(withJSONObject: ["name": name, "password": password])
    return await client.send(.POST, "/api/session", headers: headers, body: body)
  }

  private static func cookie(of response: TestClient.Response) -> String? {
    response.headers["Set-Cookie"]?.split(separator: ";").first.map(String.init)
  }

  @Test func withoutAccountsNothingAsksToSignIn() async throws {
    try await AppFixture.with { fixture in
      let client = fixture.client
      #expect(await client.get("/api/library").status == 200)
      #expect(await client.get("/").status == 200)
      #expect(await client.get("/signin?next=/saved").headers["Location"] == "/saved")
      #expect(await client.get("/api/session").text == #"{"admin":true,"name":"owner"}"#)
    }
  }

  @Test func onceAReaderExistsPagesGoToSignInAndTheAPIsAnswer401() async throws {
    try await Self.withReader { _, client in
      let page = await client.get("/saved?tag=소설")
      #expect(page.status == 303)
      let location = try #require(page.headers["Location"].flatMap(URLComponents.init(string:)))
      #expect(location.path == "/signin")
      #expect(location.queryItems == [URLQueryItem(name: "next", value: "/saved?tag=%EC%86%8C%EC%84%A4")])
      for path in [
        "/api/library", "/v3/search/book?query=한강", "/fragments/saved", "/api/events", "/covers/x.svg",
      ] {
        let reply = await client.get(path)
        #expect(reply.status == 401, "\(path)")
        #expect(reply.text.contains(#""errorType":"Unauthorized""#), "\(path): Kakao's error shape")
      }
      #expect(await client.send(.PUT, "/api/library/9788936433598").status == 401)
      for path in [
        "/healthz", "/signin", "/static/app.css", "/manifest.webmanifest", "/sw.js", "/icons/icon-192.png",
      ] {
        #expect(await client.get(path).status == 200, "\(path) is open to everyone")
      }
      #expect(await client.get("/signin").text.contains("로그인"))
    }
  }

  @Test func aSignInSetsAnHttpOnlyLaxCookieThatActsAsTheReaderUntilSignOut() async throws {
    try await Self.withReader { fixture, client in
      let signIn = await Self.signIn(client)
      #expect(signIn.status == 200)
      #expect(signIn.text == #"{"admin":true,"name":"민지"}"#)
      let setCookie = try #require(signIn.headers["Set-Cookie"])
      #expect(setCookie.hasPrefix("chaek_session="))
      for attribute in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        #expect(setCookie.contains("; \(attribute)"))
      }
      #expect(!setCookie.contains("Secure"), "not over HTTPS")
      let cookie: HTTPHeaders = ["Cookie": try #require(Self.cookie(of: signIn))]
      #expect(await client.get("/api/session", headers: cookie).text == #"{"admin":true,"name":"민지"}"#)
      #expect(await client.get("/api/library", headers: cookie).status == 200)
      #expect(await client.get("/", headers: cookie).status == 200)

      let signOut = await client.send(.DELETE, "/api/session", headers: cookie)
      #expect(signOut.status == 204)
      #expect(signOut.headers["Set-Cookie"]?.contains("Max-Age=0") == true)
      #expect(await client.get("/api/library", headers: cookie).status == 401)
      #expect(await client.get("/", headers: cookie).status == 303)
    }
  }

  @Test func theCookieIsSecureOnlyBehindATrustedProxyThatSaysHTTPS() async throws {
    let https: HTTPHeaders = ["X-Forwarded-Proto": "https"]
    try await Self.withReader(trustsProxy: true) { _, client in
      #expect(await Self.signIn(client, headers: https).headers["Set-Cookie"]?.hasSuffix("; Secure") == true)
      #expect(await Self.signIn(client).headers["Set-Cookie"]?.contains("Secure") == false)
    }
    try await Self.withReader { _, client in
      #expect(await Self.signIn(client, headers: https).headers["Set-Cookie"]?.contains("Secure") == false)
    }
  }

  @Test func aWrongNameAndAWrongPasswordGetTheSameAnswer() async throws {
    try await Self.withReader { _, client in
      let wrongPassword = await Self.signIn(client, password: "wrong horse")
      let wrongName = await Self.signIn(client, name: "준호")
      #expect(wrongPassword.status == 401)
      #expect(wrongPassword.status == wrongName.status)
      #expect(wrongPassword.body == wrongName.body)
      #expect(Array(wrongPassword.headers).map(\.name) == Array(wrongName.headers).map(\.name))
      #expect(wrongPassword.headers["Set-Cookie"] == nil)
    }
  }

  @Test func afterTenFailuresSignInsGet429WithRetryAfterThenTheRightPasswordWorks() async throws {
    let clock = WallClock()
    let now: @Sendable () -> Date = { clock.now }
    try await Self.withReader(now: now) { _, client in
      for _ in 1...10 { #expect(await Self.signIn(client, password: "guess").status == 401) }
      let refused = await Self.signIn(client)
      #expect(refused.status == 429)
      let wait = try #require(Int(refused.headers["Retry-After"] ?? ""))
      #expect((1...60).contains(wait))
      clock.advance(by: TimeInterval(wait))
      #expect(await Self.signIn(client).status == 200)
    }
  }

  @Test func aTokenActsForItsReaderOnTheAPIsAsBearerOrKakaoAK() async throws {
    try await Self.withReader { fixture, client in
      let token = try await fixture.chaek.newToken(for: "민지")
      for scheme in ["Bearer", "KakaoAK"] {
        let headers: HTTPHeaders = ["Authorization": "\(scheme) \(token)"]
        #expect(await client.get("/v3/search/book?query=한강", headers: headers).status == 200)
        #expect(await client.get("/api/session", headers: headers).text.contains("민지"))
      }
      #expect(await client.get("/api/library", headers: ["Authorization": "Bearer nope"]).status == 401)
      #expect(
        await client.get("/", headers: ["Authorization": "Bearer \(token)"]).status == 303, "pages sign in")
    }
  }

  @Test func theSignInFormGoesOnToTheAddressAskedForAndOnlyOnThisSite() async throws {
    try await Self.withReader { _, client in
      func submit(_ fields: String) async -> TestClient.Response {
        await client.send(
          .POST, "/signin", headers: ["Content-Type": "application/x-www-form-urlencoded"],
          body: Data(fields.utf8))
      }
      let signedIn = await submit("name=%EB%AF%BC%EC%A7%80&password=correct+horse&next=%2Fsaved")
      #expect(signedIn.status == 303)
      #expect(signedIn.headers["Location"] == "/saved")
      #expect(signedIn.headers["Set-Cookie"]?.hasPrefix("chaek_session=") == true)
      #expect(
        await submit("name=%EB%AF%BC%EC%A7%80&password=correct+horse&next=%2F%2Fevil.example").headers[
          "Location"] == "/")
      let wrong = await submit("name=%EB%AF%BC%EC%A7%80&password=nope&next=%2Fsaved")
      #expect(wrong.status == 401)
      #expect(wrong.text.contains("이름 또는 비밀번호가 맞지 않아요"))
      #expect(wrong.text.contains(#"value="민지""#), "the name typed stays")
    }
  }

  @Test func aSignInFromAnotherSiteIsRefused() async throws {
    try await Self.withReader { _, client in
      #expect(await Self.signIn(client, headers: ["Sec-Fetch-Site": "cross-site"]).status == 403)
    }
  }

  @Test func behindAProxyTheAddressIsTheLastForwardedOneWhateverTheClientSends() async throws {
    let clock = WallClock()
    let now: @Sendable () -> Date = { clock.now }
    try await Self.withReader(trustsProxy: true, now: now) { fixture, client in
      _ = try await fixture.chaek.addReader(name: "준호", password: "battery staple", admin: false)
      for attempt in 1...10 {
        var headers = HTTPHeaders()
        headers.add("X-Forwarded-For", "6.6.6.\(attempt)")  // the client's own line
        headers.add("X-Forwarded-For", "203.0.113.5")  // the proxy's
        #expect(await Self.signIn(client, name: "준호", password: "guess", headers: headers).status == 401)
      }
      var headers = HTTPHeaders()
      headers.add("X-Forwarded-For", "6.6.6.99, 203.0.113.5")
      #expect(await Self.signIn(client, headers: headers).status == 429, "the address is paused")
      #expect(await Self.signIn(client, headers: ["X-Forwarded-For": "198.51.100.7"]).status == 200)
    }
  }

  @Test func signingOutTellsTheBrowserToForgetWhatItKept() async throws {
    try await Self.withReader { _, client in
      let cookie: HTTPHeaders = ["Cookie": try #require(Self.cookie(of: await Self.signIn(client)))]
      #expect(
        await client.send(.DELETE, "/api/session", headers: cookie).headers["Clear-Site-Data"]
          == #""cache", "storage""#)
      #expect(
        await client.send(.POST, "/signout", headers: cookie).headers["Clear-Site-Data"]
          == #""cache", "storage""#)
    }
  }

  @Test func withoutAccountsOrATokenOnlyThisMachineIsServed() async throws {
    try await AppFixture.with { fixture in
      #expect(await fixture.client.send(.GET, "/api/library", from: "192.168.1.5").status == 403)
      #expect(await fixture.client.send(.GET, "/api/library", from: "127.0.0.1").status == 200)
      _ = try await fixture.chaek.addReader(name: "민지", password: Self.password, admin: true)
      #expect(
        await fixture.client.send(.GET, "/signin", from: "192.168.1.5").status == 200,
        "readers sign in from anywhere")
    }
  }

  @Test func noOneSignedInIsNoOneEvenWhereNoSignInIsNeeded() async throws {
    try await Self.withReader { _, client in
      #expect(await client.get("/api/session").status == 401)
      #expect(await client.get("/api/session", headers: ["Authorization": "bearer nope"]).status == 401)
    }
  }

  @Test func signingInAgainEndsTheBrowsersEarlierSessionAndASignedInReaderSkipsThePage() async throws {
    try await Self.withReader { _, client in
      let first: HTTPHeaders = ["Cookie": try #require(Self.cookie(of: await Self.signIn(client)))]
      #expect(await client.get("/signin?next=/saved", headers: first).headers["Location"] == "/saved")
      let second = await Self.signIn(client, headers: first)
      #expect(second.status == 200)
      #expect(await client.get("/api/library", headers: first).status == 401, "the earlier session ended")
      let cookie: HTTPHeaders = ["Cookie": try #require(Self.cookie(of: second))]
      #expect(await client.get("/api/library", headers: cookie).status == 200)
    }
  }
}
