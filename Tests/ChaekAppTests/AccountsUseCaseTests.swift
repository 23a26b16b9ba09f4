import BookCatalog
import BookModel
import BookProviders
import Foundation
import TestLibraries
import TestSupport
import Testing
import UserLibrary

@testable import ChaekApp

@Suite("Readers sign in, are throttled when guessed at, and each has a library of their own")
struct AccountsUseCaseTests {
  private let clock = WallClock()
  private let owner: Library
  private let chaek: Chaek

  init() async throws {
    owner = try await TestLibrary.make()
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    chaek = Chaek(
      library: owner, catalog: catalog, settings: try ProviderSettings(environment: [:]), strength: .minimum,
      now: { [clock] in clock.now })
  }

  private static let book = Book(title: "채식주의자", isbn: "9788936433598", authors: ["한강"])

  @Test func theFirstReaderKeepsTheBooksSavedBeforeAccountsAndTheNextStartsEmpty() async throws {
    _ = try await chaek.save(Self.book, for: .owner)
    #expect(try await !chaek.hasAccounts())
    let first = try await chaek.addReader(name: "민지", password: "correct horse", admin: false)
    let second = try await chaek.addReader(name: "준호", password: "battery staple", admin: false)
    #expect(first.isAdmin && !second.isAdmin)
    #expect(try await chaek.hasAccounts())
    #expect(try await chaek.savedIDs(for: first) == [Self.book.id])
    #expect(try await chaek.savedIDs(for: second).isEmpty)
    _ = try await chaek.save(Self.book, for: second)
    _ = try await chaek.removeAll(for: first)
    #expect(try await chaek.savedIDs(for: second) == [Self.book.id], "one reader's change leaves the other's")
  }

  @Test func aSignInGivesASessionThatSignsOutAndAWrongNameOrPasswordFailAlike() async throws {
    _ = try await chaek.addReader(name: "민지", password: "correct horse", admin: true)
    let signIn = try await chaek.signIn(name: "민지", password: "correct horse", from: "10.0.0.1")
    #expect(signIn.session.count == 43)
    #expect(try await chaek.reader(forSession: signIn.session)?.name == "민지")
    for (name, password) in [("민지", "wrong horse"), ("없는사람", "correct horse"), ("민지", "")] {
      await #expect(throws: SignInError.wrongNameOrPassword) {
        try await chaek.signIn(name: name, password: password, from: "10.0.0.2")
      }
    }
    try await chaek.signOut(session: signIn.session)
    #expect(try await chaek.reader(forSession: signIn.session) == nil)
  }

  @Test func tenFailuresInAMinutePauseSignInsForAMinuteThenTheRightPasswordWorks() async throws {
    _ = try await chaek.addReader(name: "민지", password: "correct horse", admin: true)
    for _ in 1...10 {
      await #expect(throws: SignInError.wrongNameOrPassword) {
        try await chaek.signIn(name: "민지", password: "guess", from: "10.0.0.9")
      }
    }
    await #expect(throws: SignInError.throttled(retryAfter: 60)) {
      try await chaek.signIn(name: "민지", password: "correct horse", from: "10.0.0.1")
    }
    await #expect(throws: SignInError.throttled(retryAfter: 60), "the guesser's address is paused too") {
      try await chaek.signIn(name: "other", password: "guess", from: "10.0.0.9")
    }
    clock.advance(by: 30)
    await #expect(throws: SignInError.throttled(retryAfter: 30)) {
      try await chaek.signIn(name: "민지", password: "correct horse", from: "10.0.0.1")
    }
    clock.advance(by: 30)
    _ = try await chaek.signIn(name: "민지", password: "correct horse", from: "10.0.0.1")
  }

  @Test func aGuesserGetsOneTryAMinuteAfterThePause() async throws {
    _ = try await chaek.addReader(name: "민지", password: "correct horse", admin: true)
    for _ in 1...10 { _ = try? await chaek.signIn(name: "민지", password: "guess", from: nil) }
    for _ in 1...3 {
      clock.advance(by: 60)
      await #expect(throws: SignInError.wrongNameOrPassword) {
        try await chaek.signIn(name: "민지", password: "guess", from: nil)
      }
      await #expect(throws: SignInError.throttled(retryAfter: 60)) {
        try await chaek.signIn(name: "민지", password: "guess", from: nil)
      }
    }
  }

  @Test func tokensActForTheirReaderUntilRevoked() async throws {
    _ = try await chaek.addReader(name: "민지", password: "correct horse", admin: true)
    let token = try await chaek.newToken(for: "민지")
    #expect(try await chaek.reader(forToken: token)?.name == "민지")
    #expect(try await chaek.reader(forToken: token + "x") == nil)
    #expect(try await chaek.revokeTokens(of: "민지", token: token) == 1)
    #expect(try await chaek.reader(forToken: token) == nil)
  }

  @Test func aNewPasswordEndsTheSessionsAndShortPasswordsAreRefused() async throws {
    _ = try await chaek.addReader(name: "민지", password: "correct horse", admin: true)
    let signIn = try await chaek.signIn(name: "민지", password: "correct horse", from: nil)
    await #expect(throws: AppError.self) { try await chaek.changePassword(of: "민지", to: "short") }
    #expect(try await chaek.reader(forSession: signIn.session) != nil, "a refused change changes nothing")
    try await chaek.changePassword(of: "민지", to: "another horse")
    #expect(try await chaek.reader(forSession: signIn.session) == nil)
    _ = try await chaek.signIn(name: "민지", password: "another horse", from: nil)
    await #expect(throws: AppError.self) {
      try await chaek.addReader(name: "준호", password: "1234567", admin: false)
    }
  }

  @Test func aRemovedReadersDataIsGoneAndTheNameStartsAfresh() async throws {
    _ = try await chaek.addReader(name: "민지", password: "correct horse", admin: true)
    let reader = try await chaek.addReader(name: "준호", password: "battery staple", admin: false)
    _ = try await chaek.save(Self.book, for: reader)
    let session = try await chaek.signIn(name: "준호", password: "battery staple", from: nil).session
    _ = try await chaek.removeReader(named: "준호")
    #expect(try await chaek.reader(forSession: session) == nil)
    let again = try await chaek.addReader(name: "준호", password: "battery staple", admin: false)
    #expect(try await chaek.savedIDs(for: again).isEmpty)
  }

  @Test func theThrottleKnowsANameHoweverItIsWritten() async throws {
    _ = try await chaek.addReader(name: "민지", password: "correct horse", admin: true)
    for _ in 1...10 { _ = try? await chaek.signIn(name: "민지", password: "guess", from: nil) }
    for spelling in [" 민지", "\t민지", "민지 ", "민지".decomposedStringWithCanonicalMapping] {
      await #expect(throws: SignInError.throttled(retryAfter: 60)) {
        try await chaek.signIn(name: spelling, password: "correct horse", from: nil)
      }
    }
  }

  @Test func guessesSentAtOnceAreCheckedTenAtMost() async throws {
    _ = try await chaek.addReader(name: "민지", password: "correct horse", admin: true)
    let outcomes = await withTaskGroup(of: SignInError?.self) { group in
      for _ in 1...30 {
        group.addTask {
          do {
            _ = try await chaek.signIn(name: "민지", password: "guess", from: "10.0.0.9")
            return nil
          } catch { return error as? SignInError }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(outcomes.count { $0 == .wrongNameOrPassword } <= SignInThrottle.limit)
    #expect(outcomes.allSatisfy { $0 != nil })
  }

  @Test func signingInToOnesOwnAccountDoesNotWipeTheAddressesGuesses() async throws {
    _ = try await chaek.addReader(name: "victim", password: "correct horse", admin: true)
    _ = try await chaek.addReader(name: "guesser", password: "guesser's own", admin: false)
    for _ in 1...9 { _ = try? await chaek.signIn(name: "victim", password: "guess", from: "10.0.0.9") }
    _ = try await chaek.signIn(name: "guesser", password: "guesser's own", from: "10.0.0.9")
    _ = try? await chaek.signIn(name: "other", password: "guess", from: "10.0.0.9")
    await #expect(throws: SignInError.throttled(retryAfter: 60)) {
      try await chaek.signIn(name: "another", password: "guess", from: "10.0.0.9")
    }
  }

  @Test func anIPv6AddressIsThrottledByItsSlash64() {
    #expect(Chaek.addressKey("2001:db8:1:2::5") == Chaek.addressKey("2001:db8:1:2:ffff::1"))
    #expect(Chaek.addressKey("2001:db8:1:2::5") != Chaek.addressKey("2001:db8:1:3::5"))
    #expect(Chaek.addressKey("10.0.0.1") == "10.0.0.1")
  }

  @Test func nobodyReachesNoReadersData() async throws {
    _ = try await chaek.save(Self.book, for: .owner)
    _ = try await chaek.addReader(name: "민지", password: "correct horse", admin: true)
    await #expect(throws: SignInError.signedOut) { try await chaek.savedIDs(for: .nobody) }
    await #expect(throws: SignInError.signedOut) { try await chaek.save(Self.book, for: .nobody) }
  }
}

@Suite("Readers added and removed by another process while Chaek runs")
struct RemovedReaderTests {
  @Test func aReaderAddedOrRemovedElsewhereIsSeenWithinAMoment() async throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-readers-\(UUID())")
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = AppEnvironment(["CHAEK_HOME": home.path])
    let server = try Chaek(environment: environment, source: .local)
    let command = try Chaek(environment: environment, source: .local)
    #expect(try await !server.hasAccounts())
    _ = try await command.addReader(name: "A", password: "password A", admin: true)
    #expect(try await command.hasAccounts(), "the process that added one knows at once")
    #expect(await eventually { (try? await server.hasAccounts()) == true }, "the other sees it soon")
    _ = try await command.removeReader(named: "A")
    #expect(await eventually { (try? await server.hasAccounts()) == false })
  }

  @Test func aLibraryFileMadeAgainUnderItsNameIsOpenedAgain() async throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-readers-\(UUID())")
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = AppEnvironment(["CHAEK_HOME": home.path])
    let server = try Chaek(environment: environment, source: .local)
    let command = try Chaek(environment: environment, source: .local)
    let book = Book(title: "채식주의자", isbn: "9788936433598", authors: ["한강"])
    let first = try await command.addReader(name: "A", password: "password A", admin: true)
    _ = try await server.save(book, for: first)
    _ = try await command.removeReader(named: "A")
    let again = try await command.addReader(name: "D", password: "password D", admin: true)
    #expect(try await server.savedIDs(for: again).isEmpty, "D gets a new library.sqlite, not A's old file")
    _ = try await server.save(book, for: again)
    #expect(try await command.savedIDs(for: again) == [book.id])
  }
}

@Suite("Whether readers have accounts, remembered for a moment")
struct AccountsPresenceTests {
  @Test func anAnswerIsRememberedFromTheEndOfItsRead() async throws {
    let presence = AccountsPresence()
    #expect(presence.remembered == nil)
    let answer = try await presence.exists {
      try await Task.sleep(for: AccountsPresence.freshness * 2)  // a read slower than the moment
      return true
    }
    #expect(answer)
    #expect(presence.remembered == true)
    #expect(
      try await presence.exists {
        Issue.record("a remembered answer was read again")
        return false
      })
  }

  @Test func aReadThatSpansAChangeOfThisProcessIsNotRemembered() async throws {
    let presence = AccountsPresence()
    let answer = try await presence.exists {
      presence.forget()  // a reader added while the store was being read
      return false
    }
    #expect(!answer)
    #expect(presence.remembered == nil)
    _ = try await presence.exists { true }
    #expect(presence.remembered == true)
    presence.forget()
    #expect(presence.remembered == nil)
  }
}
