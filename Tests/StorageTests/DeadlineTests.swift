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
    try await Database(path: path).write { try $0.run("INSERT INTO notes (body) VALUES ('after')") }
    #expect(try await database.read { try $0.integer("SELECT count(*) FROM notes") } == 1)
  }

  @Test func aReadThatGetsTheConnectionAfterItsDeadlineFailsWithoutRunning() async throws {
    let database = try Database(path: ":memory:", migrations: notes)
    let ran = Atomic(false)
    let started = Atomic(false)
    // The slow read holds the connection for half a second after it has it (then runs until its
    // deadline stops it), and the queued read is sent only once it has the connection: the queued
    // one's 100 ms pass while it waits, however busy the machine is.
    let slow = Task {
      try await database.read(within: .init(deadline: .now + .seconds(5), processorTime: .seconds(30))) {
        started.store(true, ordering: .relaxed)
        Thread.sleep(forTimeInterval: 0.5)
        return try $0.integer(Self.endless)
      }
    }
    for _ in 0..<6_000 where !started.load(ordering: .relaxed) { try await Task.sleep(for: .milliseconds(5)) }
    let holding = started.load(ordering: .relaxed)
    try #require(holding)
    let queued = await #expect(throws: DatabaseError.self) {
      try await database.read(within: .init(deadline: .now + .milliseconds(100), processorTime: .seconds(30)))
      {
        _ in ran.store(true, ordering: .relaxed)
      }
    }
    #expect(queued?.isInterrupted == true)
    let didRun = ran.load(ordering: .relaxed)
    #expect(!didRun)
    await #expect(throws: DatabaseError.self) { try await slow.value }
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
