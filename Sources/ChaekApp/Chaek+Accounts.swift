import Accounts
import Foundation
import Passwords

/// Why a sign-in failed. A wrong name and a wrong password are one case, answered in the same time,
/// so a guesser cannot learn which names exist.
public enum SignInError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No reader has this name and password.
  case wrongNameOrPassword
  /// Too many failures for this name or from this address (or too many sign-ins at once): try
  /// again after `retryAfter` seconds.
  case throttled(retryAfter: Int)
  /// No one is signed in, and what was asked needs a reader.
  case signedOut

  /// What went wrong, for a person.
  public var description: String {
    switch self {
    case .wrongNameOrPassword: "the name or the password is wrong"
    case .signedOut: "sign in first"
    case .throttled(let seconds): "too many failed sign-ins: try again in \(seconds) seconds"
    }
  }
}

/// A signed-in reader and their session's secret, which only their browser keeps (Chaek keeps its
/// digest).
public struct SignIn: Sendable {
  /// Who signed in.
  public let reader: Reader
  /// The session's secret, for the browser's cookie.
  public let session: String
}

/// A reader as `chaek users list` shows them.
public struct ReaderSummary: Sendable, Equatable {
  /// The reader's name.
  public let name: String
  /// Whether they are an admin.
  public let isAdmin: Bool
  /// When their account was added.
  public let created: Date
  /// How many API tokens they have.
  public let tokens: Int
}

extension Chaek {
  // MARK: - Signing in

  /// How long a session lasts after signing in, in seconds.
  public static let sessionLifetime = Accounts.sessionLifetime

  /// `true` once an account exists: then every request needs a signed-in reader. Remembered for a
  /// moment between calls (see ``AccountsPresence``).
  public func hasAccounts() async throws -> Bool {
    try await presence.exists { try await accounts.count() > 0 }
  }

  /// What ``hasAccounts()`` answers when it answers without reading the store (the answer is
  /// remembered for a moment); `nil` when it would read it.
  public var remembersAccounts: Bool? { presence.remembered }

  /// Signs in the reader named `name` whose password is `password`, from `client` (an address,
  /// when known): starts a session and returns its secret.
  /// - Throws: ``SignInError/wrongNameOrPassword`` for either mistake, in the same time;
  ///   ``SignInError/throttled(retryAfter:)`` after too many failures for the name or the address
  ///   (see ``SignInThrottle``), without checking the password.
  public func signIn(name: String, password: String, from client: String?) async throws -> SignIn {
    let name = Accounts.normalized(name)
    let account = "name:" + String(decoding: name.utf8.prefix(Accounts.maximumNameBytes), as: UTF8.self)
    let keys = [account] + (client.map { ["address:" + Self.addressKey($0)] } ?? [])
    if let wait = throttle.admit(keys) { throw SignInError.throttled(retryAfter: wait) }
    var succeeded = false
    defer { throttle.finish(keys, succeeded: succeeded, account: account) }
    let credentials = try await accounts.credentials(named: name)
    guard let credentials, Self.isAcceptable(password) else {
      await passwords.verifyNothing(password)
      throw SignInError.wrongNameOrPassword
    }
    guard await passwords.verify(password, against: credentials.passwordHash) else {
      throw SignInError.wrongNameOrPassword
    }
    succeeded = true
    let session = SecretToken.random()
    try await accounts.startSession(digest: SecretToken.digest(session), for: credentials.account)
    return SignIn(reader: Reader(credentials.account), session: session)
  }

  /// The throttle's key for a client address: an IPv6 address by its /64 (one machine's usual
  /// share), an IPv4 address whole.
  static func addressKey(_ address: String) -> String {
    guard address.contains(":") else { return address }
    var bytes = in6_addr()
    guard inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
    return withUnsafeBytes(of: &bytes) { raw in
      stride(from: 0, to: 8, by: 2).map { String(format: "%02x%02x", raw[$0], raw[$0 + 1]) }
        .joined(separator: ":") + "::/64"
    }
  }

  /// The reader whose session has the secret `session`, while it lasts.
  public func reader(forSession session: String) async throws -> Reader? {
    try await accounts.account(forSession: SecretToken.digest(session)).map(Reader.init)
  }

  /// The reader whose API token is `token`.
  public func reader(forToken token: String) async throws -> Reader? {
    try await accounts.account(forToken: SecretToken.digest(token)).map(Reader.init)
  }

  /// Ends the session whose secret is `session`: its cookie no longer signs anyone in, on any
  /// server.
  public func signOut(session: String) async throws {
    try await accounts.endSession(digest: SecretToken.digest(session))
  }

  // MARK: - Managing readers

  /// The reader named `name`, for a command run on their behalf.
  /// - Throws: ``AppError`` naming the readers there are when none has this name.
  public func reader(named name: String) async throws -> Reader {
    guard let account = try await accounts.account(named: name) else {
      let names = try await accounts.all().map(\.name)
      throw AppError(
        names.isEmpty
          ? "there are no readers yet: add one with `chaek users add NAME`"
          : "there is no reader named \(name) (readers: \(names.joined(separator: ", ")))")
    }
    return Reader(account)
  }

  /// Adds a reader named `name` with `password`; the first reader added is an admin and keeps the
  /// books and journal Chaek kept until then.
  /// - Throws: ``AppError`` for a password too short or too long; the store's error for a name taken
  ///   or not allowed.
  public func addReader(name: String, password: String, admin: Bool) async throws -> Reader {
    try Self.check(password)
    defer { presence.forget() }
    let account = try await accounts.add(name: name, passwordHash: passwords.hash(password), admin: admin)
    await libraries.reuse(account.library)
    return Reader(account)
  }

  /// Every reader, by name.
  public func readers() async throws -> [ReaderSummary] {
    let accounts = try accounts
    let tokens = try await accounts.tokenCounts()
    return try await accounts.all().map {
      ReaderSummary(name: $0.name, isAdmin: $0.isAdmin, created: $0.created, tokens: tokens[$0.id] ?? 0)
    }
  }

  /// Removes the reader named `name` and deletes their library: their books, journal, recent views
  /// and searches. Their sessions and tokens end.
  /// - Throws: the store's error for no such reader, or for the last admin while others remain.
  public func removeReader(named name: String) async throws -> Reader {
    defer { presence.forget() }
    let account = try await accounts.remove(named: name)
    try await libraries.delete(account.library)
    return Reader(account)
  }

  /// Gives the reader named `name` a new password, and signs out every browser they were signed in
  /// on.
  public func changePassword(of name: String, to password: String) async throws {
    try Self.check(password)
    try await accounts.setPasswordHash(passwords.hash(password), forAccountNamed: name)
  }

  /// Makes a new API token for the reader named `name` and returns it: Chaek keeps only its digest,
  /// so this is the only time it is shown.
  public func newToken(for name: String) async throws -> String {
    let account = try await account(named: name)
    let token = SecretToken.random()
    try await accounts.addToken(digest: SecretToken.digest(token), for: account)
    return token
  }

  /// Ends the API token `token` of the reader named `name`, or all of theirs when `token` is `nil`;
  /// returns how many ended.
  public func revokeTokens(of name: String, token: String?) async throws -> Int {
    try await accounts.revokeTokens(of: account(named: name), digest: token.map(SecretToken.digest))
  }

  private func account(named name: String) async throws -> Account {
    guard let account = try await accounts.account(named: name) else {
      throw AccountError.noSuchAccount(name)
    }
    return account
  }

  // MARK: - Passwords

  /// The shortest password, in characters.
  public static let minimumPasswordLength = 8
  /// The longest password, in bytes of UTF-8: what is hashed stays bounded.
  public static let maximumPasswordBytes = 1024

  private static func isAcceptable(_ password: String) -> Bool {
    password.utf8.count <= maximumPasswordBytes
  }

  private static func check(_ password: String) throws(AppError) {
    guard password.count >= minimumPasswordLength else {
      throw AppError("a password is at least \(minimumPasswordLength) characters")
    }
    guard isAcceptable(password) else {
      throw AppError("a password is at most \(maximumPasswordBytes) bytes")
    }
  }
}
