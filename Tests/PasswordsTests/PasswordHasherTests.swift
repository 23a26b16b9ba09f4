import Dispatch
import Testing

@testable import Passwords

@Suite("Password hashes", .timeLimit(.minutes(10)))
struct PasswordHasherTests {
  static let fast = PasswordHasher(strength: .minimum)

  @Test func aHashVerifiesItsPasswordAndNoOther() async throws {
    let hash = try await Self.fast.hash("correct horse battery staple")
    #expect(await Self.fast.verify("correct horse battery staple", against: hash))
    #expect(await !Self.fast.verify("correct horse battery stapler", against: hash))
    #expect(await !Self.fast.verify("", against: hash))
  }

  @Test func aHashIsAnArgon2idStringWithItsStrength() async throws {
    let hash = try await Self.fast.hash("비밀번호")
    #expect(hash.hasPrefix("$argon2id$v=19$m=8,t=1,p=1$"))
  }

  @Test func twoHashesOfOnePasswordDifferAndBothVerify() async throws {
    let first = try await Self.fast.hash("same password")
    let second = try await Self.fast.hash("same password")
    #expect(first != second)
    #expect(await Self.fast.verify("same password", against: first))
    #expect(await Self.fast.verify("same password", against: second))
  }

  @Test(arguments: [
    "", "not a hash", "$argon2id$", "$argon2id$v=19$m=8,t=1,p=1$c2FsdA$", "$2b$10$abcdefghijklmnopqrstuv",
    String(repeating: "$argon2id$", count: 20),
  ])
  func aMalformedHashVerifiesNothing(hash: String) async {
    #expect(await !Self.fast.verify("password", against: hash))
  }

  @Test func aHashWithANULVerifiesNothing() async throws {
    let hash = try await Self.fast.hash("password")
    #expect(await !Self.fast.verify("password", against: hash + "\0junk"))
  }

  @Test func composedAndDecomposedHangulAreOnePassword() async throws {
    let composed = "한글"
    let decomposed = "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}"
    #expect(Array(composed.utf8) != Array(decomposed.utf8))
    let hash = try await Self.fast.hash(composed)
    #expect(await Self.fast.verify(decomposed, against: hash))
  }

  @Test func aNULInAPasswordIsPartOfIt() async throws {
    let hash = try await Self.fast.hash("abc\0def")
    #expect(await Self.fast.verify("abc\0def", against: hash))
    #expect(await !Self.fast.verify("abc", against: hash))
  }

  @Test func aHashOfOneStrengthVerifiesWithAHasherOfAnother() async throws {
    let hash = try await Self.fast.hash("password")
    #expect(await PasswordHasher(strength: .interactive).verify("password", against: hash))
  }

  @Test func theInteractiveStrengthUses64MiBAndVerifies() async throws {
    #expect(PasswordHasher.Strength.interactive.memoryBytes == 64 << 20)
    #expect(PasswordHasher.Strength.interactive.description == "Argon2id, 2 passes over 64 MiB")
    let hasher = PasswordHasher()
    let hash = try await hasher.hash("a real password")
    #expect(hash.hasPrefix("$argon2id$v=19$m=65536,t=2,p=1$"))
    #expect(await hasher.verify("a real password", against: hash))
    #expect(await !hasher.verify("a real passwork", against: hash))
  }

  @Test func aHashLibsodiumCannotMakeThrowsAnErrorThatSaysSo() async throws {
    // More memory than libsodium takes: it refuses before allocating any.
    let hasher = PasswordHasher(strength: .init(operations: 1, memoryBytes: .max))
    let error = await #expect(throws: PasswordError.self) { try await hasher.hash("password") }
    #expect(error?.description.hasPrefix("the password could not be hashed (Argon2id, 1 pass over") == true)
  }

  // MARK: - Verifying nothing

  @Test func verifyingNothingMakesOneDummyHashOfTheHashersStrength() async throws {
    let hasher = PasswordHasher(strength: .minimum)
    #expect(hasher.dummyHash == nil)
    await hasher.verifyNothing("guess")
    let dummy = try #require(hasher.dummyHash)
    #expect(dummy.hasPrefix("$argon2id$v=19$m=8,t=1,p=1$"))
    await hasher.verifyNothing("another guess")
    #expect(hasher.dummyHash == dummy)
  }

  // MARK: - At most so many at once

  @Test(arguments: [1, 2])
  func manyVerificationsAtOnceAllAnswerRightWithinTheBound(concurrentHashes: Int) async throws {
    let hasher = PasswordHasher(strength: .minimum, concurrentHashes: concurrentHashes)
    let hash = try await hasher.hash("right")
    let results = await withTaskGroup(of: (Int, Bool).self) { group in
      for index in 0..<40 {
        group.addTask {
          if index % 5 == 4 {
            await hasher.verifyNothing("nobody")
            return (index, false)
          }
          return (index, await hasher.verify(index.isMultiple(of: 2) ? "right" : "wrong", against: hash))
        }
      }
      return await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
    }
    #expect(results.count == 40)
    for (index, verified) in results {
      #expect(verified == (index.isMultiple(of: 2) && index % 5 != 4), "verification \(index)")
    }
    #expect(hasher.lanes.mostRunning <= concurrentHashes)
    #expect(hasher.lanes.waitingCount == 0)
  }

  @Test func callersBeyondTheBoundWaitInLineWithoutHoldingTheirThreads() async throws {
    let hasher = PasswordHasher(strength: .minimum, concurrentHashes: 1)
    let gate = Gate()
    // The one lane is busy until the gate opens.
    let blocker = Task { try await hasher.lanes.run { gate.wait() } }
    while hasher.lanes.mostRunning == 0 { await Task.yield() }
    // More callers than the machine has threads for tasks: had any waiter held one, this test's
    // own task could not go on to count them.
    let waiters = (0..<16).map { index in
      Task { try await hasher.hash("password \(index)") }
    }
    while hasher.lanes.waitingCount < waiters.count { await Task.yield() }
    gate.open()
    try await blocker.value
    for (index, waiter) in waiters.enumerated() {
      #expect(await hasher.verify("password \(index)", against: try await waiter.value))
    }
    #expect(hasher.lanes.mostRunning == 1)
  }

  @Test func aCallerCancelledInLineLeavesItWithoutHashing() async throws {
    let hasher = PasswordHasher(strength: .minimum, concurrentHashes: 1)
    let gate = Gate()
    let blocker = Task { try await hasher.lanes.run { gate.wait() } }
    while hasher.lanes.mostRunning == 0 { await Task.yield() }
    let waiter = Task { try await hasher.hash("password") }
    while hasher.lanes.waitingCount == 0 { await Task.yield() }
    waiter.cancel()
    await #expect(throws: CancellationError.self) { try await waiter.value }
    #expect(hasher.lanes.waitingCount == 0)
    gate.open()
    try await blocker.value
    #expect(try await hasher.hash("password").hasPrefix("$argon2id$"))
  }
}

/// Holds a lane's thread until the test opens it.
private final class Gate: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)

  /// Blocks the calling thread (a lane's, never the test's) until ``open()``.
  func wait() { semaphore.wait() }

  func open() { semaphore.signal() }
}
