import Foundation
import PostgresClient
import TestSupport
import Testing

@testable import Accounts

/// The engines the accounts are tried on: SQLite always; PostgreSQL where its server is installed
/// (or required: CI sets `CHAEK_REQUIRE_POSTGRES=1`, and its absence then fails the tests).
enum Engine: String, CaseIterable, CustomTestStringConvertible {
  case sqlite, postgresql

  static let available: [Engine] =
    TestPostgres.isInstalled || TestPostgres.isRequired ? allCases : [.sqlite]

  var testDescription: String { rawValue }

  /// Empty accounts on this engine, telling the time with `now`.
  func accounts(now: @escaping @Sendable () -> Date) async throws -> Accounts {
    switch self {
    case .sqlite: try Accounts(path: ":memory:", now: now)
    case .postgresql:
      try await Accounts.open(
        postgres: PostgresDatabase(try await TestPostgres.shared().makeDatabase()), now: now)
    }
  }
}

@Suite("Accounts keep readers, their password hashes and the digests of their sessions and tokens")
struct AccountsTests {
  private let clock = WallClock()
  private func store(_ engine: Engine) async throws -> Accounts {
    try await engine.accounts { [clock] in clock.now }
  }

  @Test(arguments: Engine.available) func theFirstAccountIsAnAdminAndTakesOverTheLibraryKeptBeforeAccounts(
    engine: Engine
  ) async throws {
    let accounts = try await store(engine)
    #expect(try await accounts.count() == 0)
    let first = try await accounts.add(name: "민지", passwordHash: "h1", admin: false)
    let second = try await accounts.add(name: "준호", passwordHash: "h2", admin: false)
    #expect(first.isAdmin && first.library == "library.sqlite")
    #expect(!second.isAdmin && second.library == "readers/\(second.id).sqlite")
    #expect(try await accounts.all().map(\.name) == ["민지", "준호"])
    #expect(try await accounts.credentials(named: "준호")?.passwordHash == "h2")
  }

  @Test(arguments: Engine.available) func namesAreCheckedAndUniqueInNFC(engine: Engine) async throws {
    let accounts = try await store(engine)
    _ = try await accounts.add(name: " 민지 ", passwordHash: "h", admin: true)
    let decomposed = "민지".decomposedStringWithCanonicalMapping
    await #expect(throws: AccountError.nameTaken("민지")) {
      try await accounts.add(name: decomposed, passwordHash: "h", admin: false)
    }
    #expect(try await accounts.account(named: decomposed)?.name == "민지")
    for bad in ["", "   ", "a/b", "a\u{0}b", String(repeating: "가", count: 41)] {
      await #expect(throws: AccountError.self) {
        try await accounts.add(name: bad, passwordHash: "h", admin: false)
      }
    }
    #expect(try await accounts.count() == 1)
  }

  @Test(arguments: Engine.available) func theLastAdminCannotBeRemovedWhileOtherReadersRemain(engine: Engine)
    async throws
  {
    let accounts = try await store(engine)
    _ = try await accounts.add(name: "admin", passwordHash: "h", admin: true)
    _ = try await accounts.add(name: "reader", passwordHash: "h", admin: false)
    await #expect(throws: AccountError.lastAdmin("admin")) { try await accounts.remove(named: "admin") }
    await #expect(throws: AccountError.noSuchAccount("nobody")) { try await accounts.remove(named: "nobody") }
    #expect(try await accounts.remove(named: "reader").name == "reader")
    #expect(try await accounts.remove(named: "admin").name == "admin")
    #expect(try await accounts.count() == 0)
  }

  @Test(arguments: Engine.available) func aSessionLastsItsLifetimeAndEndsOnSignOutPasswordChangeOrRemoval(
    engine: Engine
  ) async throws {
    let accounts = try await store(engine)
    let reader = try await accounts.add(name: "reader", passwordHash: "h", admin: false)
    try await accounts.startSession(digest: "s1", for: reader)
    #expect(try await accounts.account(forSession: "s1") == reader)
    #expect(try await accounts.account(forSession: "other") == nil)
    clock.advance(by: Accounts.sessionLifetime + 1)
    #expect(try await accounts.account(forSession: "s1") == nil, "past its lifetime")

    try await accounts.startSession(digest: "s2", for: reader)
    #expect(try await accounts.endSession(digest: "s2"))
    #expect(try await accounts.account(forSession: "s2") == nil)

    try await accounts.startSession(digest: "s3", for: reader)
    try await accounts.setPasswordHash("new", forAccountNamed: "reader")
    #expect(try await accounts.account(forSession: "s3") == nil)
    #expect(try await accounts.credentials(named: "reader")?.passwordHash == "new")

    try await accounts.startSession(digest: "s4", for: reader)
    try await accounts.addToken(digest: "t1", for: reader)
    _ = try await accounts.add(name: "admin", passwordHash: "h", admin: true)
    _ = try await accounts.remove(named: "reader")
    #expect(try await accounts.account(forSession: "s4") == nil)
    #expect(try await accounts.account(forToken: "t1") == nil)
  }

  @Test(arguments: Engine.available) func tokensActForTheirAccountUntilRevoked(engine: Engine) async throws {
    let accounts = try await store(engine)
    let reader = try await accounts.add(name: "reader", passwordHash: "h", admin: false)
    try await accounts.addToken(digest: "t1", for: reader)
    try await accounts.addToken(digest: "t2", for: reader)
    #expect(try await accounts.account(forToken: "t1") == reader)
    clock.advance(by: Accounts.sessionLifetime * 10)
    #expect(try await accounts.account(forToken: "t1") == reader, "a token does not expire")
    #expect(try await accounts.revokeTokens(of: reader, digest: "t1") == 1)
    #expect(try await accounts.account(forToken: "t1") == nil)
    #expect(try await accounts.tokenCounts() == [reader.id: 1])
    try await accounts.setPasswordHash("new", forAccountNamed: "reader")
    #expect(try await accounts.account(forToken: "t2") == reader, "a new password keeps the tokens")
    #expect(try await accounts.revokeTokens(of: reader) == 1)
    #expect(try await accounts.tokenCounts() == [:])
  }

  @Test func aStoreFileKeepsItsAccountsAcrossOpenings() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("accounts-\(UUID()).sqlite").path
    defer {
      for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
    let added = try await Accounts(path: path) { [clock] in clock.now }.add(
      name: "민지", passwordHash: "h", admin: false)
    #expect(try await Accounts(path: path).account(named: "민지") == added)
  }
}
