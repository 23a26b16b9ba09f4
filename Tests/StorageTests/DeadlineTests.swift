import Foundation
import Synchronization
import Testing

@testable import Storage

@Suite("Read limits: a deadline and a processor budget")
struct DeadlineTests {
  /// A statement that would count for minutes.
  static let endless =
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"

  /// Afterwards the connection holds no stale snapshot: it sees what another connection commits.
  @Test func aStatementOverItsProcessorBudgetIsStoppedAndTheConnectionWorksAfter() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("deadline.sqlite").path
    let database = try Database(path: path, migrations: notes)
    let error = await #expect(throws: DatabaseError.self) {
      try await database.read(within: .init(deadline: .now + .seconds(30), processorTime: .milliseconds(50)))
      {
        try $0.integer(Self.endless)
      }
    }
    #expect(error?.isInterrupted == true)
    _ = try await Database(path: path).write { try $0.run("INSERT INTO notes (body) VALUES ('after')") }
    #expect(try await database.read { try $0.integer("SELECT count(*) FROM notes") } == 1)
  }

  /// Work done between statements counts too: the progress handler only sees a statement's own
  /// steps (this one's come to its 10,000 after 2,500 runs), so the processor clock is also read
  /// before a statement, once a millisecond, and a read that spends its budget between cheap
  /// statements stops soon after.
  @Test func aReadThatSpendsItsBudgetBetweenStatementsIsStopped() async throws {
    let database = try Database(path: ":memory:", migrations: notes)
    let statements = Atomic(0)
    let work = Atomic(0)  // keeps the work between statements from being optimized away
    let error = await #expect(throws: DatabaseError.self) {
      try await database.read(within: .init(deadline: .now + .seconds(30), processorTime: .milliseconds(50)))
      { connection in
        for _ in 0..<1_000 {
          _ = try connection.integer("SELECT 1")
          statements.add(1, ordering: .relaxed)
          var mixed = UInt64(statements.load(ordering: .relaxed))
          for step in 0..<300_000 { mixed = mixed &* 6_364_136_223_846_793_005 &+ UInt64(step) }
          work.store(Int(truncatingIfNeeded: mixed), ordering: .relaxed)  // about a millisecond
        }
      }
    }
    #expect(error?.isInterrupted == true)
    #expect(statements.load(ordering: .relaxed) < 1_000)
  }

  /// A read that only gets the connection after its deadline (waiting behind others counts, since
  /// the deadline is taken before awaiting) fails at once, without running its body.
  @Test func aReadThatGetsTheConnectionAfterItsDeadlineFailsWithoutRunning() async throws {
    let database = try Database(path: ":memory:", migrations: notes)
    let ran = Atomic(false)
    let queued = await #expect(throws: DatabaseError.self) {
      try await database.read(within: .init(deadline: .now - .milliseconds(100), processorTime: .seconds(30)))
      {
        _ in ran.store(true, ordering: .relaxed)
      }
    }
    #expect(queued?.isInterrupted == true)
    let didRun = ran.load(ordering: .relaxed)
    #expect(!didRun)
  }

  @Test func aReadWithinItsDeadlineIsUntouched() async throws {
    let database = try Database(path: ":memory:", migrations: notes)
    let count = try await database.read(
      within: .init(deadline: .now + .seconds(30), processorTime: .seconds(30))
    ) {
      try $0.integer(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000) SELECT count(*) FROM n"
      )
    }
    #expect(count == 100_000)
  }
}
