import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Storage

/// Reads on read-only connections: they cannot write, run side by side, do not wait for writes, and
/// one that waits for a connection past its deadline does not run.
@Suite("Readers")
struct ReaderTests {
  /// A database file with one note, in a directory the caller removes.
  static func noteFile() async throws -> (database: Database, directory: URL) {
    let directory = try temporaryDirectory()
    let database = try Database(
      path: directory.appendingPathComponent("notes.sqlite").path, migrations: notes)
    _ = try await database.write { try $0.run("INSERT INTO notes (body) VALUES ('one')") }
    return (database, directory)
  }

  /// Waits, on a reader's thread, until the test signals `semaphore`; `false` if it has not within
  /// 10 minutes (a bound on a failure, not a duration the test expects).
  static func wait(for semaphore: DispatchSemaphore) -> Bool {
    semaphore.wait(timeout: .now() + 600) == .success
  }

  @Test(arguments: [true, false])
  func aReadCannotWriteAndTheErrorCanBeCaughtByCode(onFile: Bool) async throws {
    let (database, directory) =
      onFile ? try await Self.noteFile() : (try Database(path: ":memory:", migrations: notes), nil)
    defer { directory.map { try? FileManager.default.removeItem(at: $0) } }
    var caught = false
    do {
      _ = try await database.read { try $0.run("INSERT INTO notes (body) VALUES ('sneaked in')") }
    } catch DatabaseError.Code.readOnly {
      caught = true
    }
    #expect(caught)
    _ = try await database.write { try $0.run("INSERT INTO notes (body) VALUES ('written')") }
    #expect(
      try await database.read { try $0.query("SELECT body FROM notes") { $0.text(0) } }.contains("written"))
    #expect(
      try await database.read { try $0.integer("SELECT count(*) FROM notes WHERE body = 'sneaked in'") } == 0)
  }

  @Test func readsRunSideBySide() async throws {
    let (database, directory) = try await Self.noteFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    let firstRunning = Signal()
    let secondDone = DispatchSemaphore(value: 0)
    async let first = database.read { _ in
      firstRunning.fire()
      return Self.wait(for: secondDone)
    }
    #expect(await firstRunning.wait())
    _ = try await database.read { try $0.integer("SELECT count(*) FROM notes") }
    secondDone.signal()
    #expect(try await first, "the first read saw the second finish while it ran")
  }

  @Test func aReadDoesNotWaitForAWriteInProgress() async throws {
    let (database, directory) = try await Self.noteFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    let writing = Signal()
    let readDone = DispatchSemaphore(value: 0)
    async let write: Bool = database.write { connection in
      try connection.run("INSERT INTO notes (body) VALUES ('two')")
      writing.fire()
      return Self.wait(for: readDone)
    }
    #expect(await writing.wait())
    let count = try await database.read { try $0.integer("SELECT count(*) FROM notes") }
    readDone.signal()
    #expect(try await write, "the write was still open when the read finished")
    #expect(count == 1, "the read saw the last commit, not the write in progress")
  }

  /// Four reads that hold every reader until released, and what the tests of the line share.
  private final class Holders: Sendable {
    let release = DispatchSemaphore(value: 0)
    let holding = Signal()
    let finished = Atomic(0)
    let ran = Atomic(false)
    let tasks: Mutex<[Task<Void, any Error>]> = Mutex([])

    /// Starts the holders and returns once all of them hold a reader.
    func hold(_ database: Database) async throws {
      let tasks = (0..<Database.readerCount).map { _ in
        Task {
          try await database.read { _ in
            self.holding.fire()
            _ = ReaderTests.wait(for: self.release)
          }
          self.finished.add(1, ordering: .relaxed)
        }
      }
      self.tasks.withLock { $0 = tasks }
      for _ in 0..<Database.readerCount { try #require(await holding.wait()) }
    }

    /// Lets the holders go and waits for them.
    func letGo() async throws {
      for _ in 0..<Database.readerCount { release.signal() }
      for task in tasks.withLock({ $0 }) { try await task.value }
    }
  }

  @Test func aReadWaitingForAReaderLeavesTheLineAtItsDeadlineWithoutRunning() async throws {
    let (database, directory) = try await Self.noteFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    let holders = Holders()
    try await holders.hold(database)
    let queued = Task {
      try await database.read(
        within: ReadLimit(deadline: .now + .milliseconds(100), processorTime: .seconds(30))
      ) {
        _ in holders.ran.store(true, ordering: .relaxed)
      }
    }
    let error = await #expect(throws: DatabaseError.self) { try await queued.value }
    let finishedMeanwhile = holders.finished.load(ordering: .relaxed)
    try await holders.letGo()
    #expect(error?.isInterrupted == true)
    #expect(finishedMeanwhile == 0, "it left the line while every reader was still held")
    let didRun = holders.ran.load(ordering: .relaxed)
    #expect(!didRun)
  }

  @Test func aCancelledReadLeavesTheLineWithoutRunning() async throws {
    let (database, directory) = try await Self.noteFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    let holders = Holders()
    try await holders.hold(database)
    let queued = Task { try await database.read { _ in holders.ran.store(true, ordering: .relaxed) } }
    #expect(await eventually { database.waitingReads == 1 })
    queued.cancel()
    await #expect(throws: CancellationError.self) { try await queued.value }
    let finishedMeanwhile = holders.finished.load(ordering: .relaxed)
    try await holders.letGo()
    #expect(finishedMeanwhile == 0, "it left the line while every reader was still held")
    let didRun = holders.ran.load(ordering: .relaxed)
    #expect(!didRun)
    #expect(
      try await database.read { try $0.integer("SELECT count(*) FROM notes") } == 1, "the line still works")
  }

  @Test func columnsAreReadByNameAndAMissingOneIsNamed() async throws {
    let database = try Database(path: ":memory:", migrations: notes)
    _ = try await database.write { try $0.run("INSERT INTO notes (body) VALUES ('named')") }
    let body = try await database.read {
      try $0.first("SELECT id AS number, body FROM notes") { try ($0.int("NUMBER"), $0.text("body")) }
    }
    #expect(body?.0 == 1 && body?.1 == "named")
    let error = await #expect(throws: DatabaseError.self) {
      try await database.read { try $0.first("SELECT body FROM notes") { try $0.text("title") } }
    }
    #expect(error?.message == "no column title in the result")
  }
}

@Suite("Closing a database file")
struct ClosingTests {
  @Test func onceReleasedTheFileAloneHoldsEveryCommittedWrite() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("notes.sqlite").path
    do {
      let database = try Database(path: path, migrations: notes)
      _ = try await database.write { try $0.run("INSERT INTO notes (body) VALUES ('kept')") }
      #expect(try await database.read { try $0.integer("SELECT count(*) FROM notes") } == 1)
    }
    let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
    #expect(wal == 0, "no committed write is left only in the WAL")
    let copy = directory.appendingPathComponent("copy.sqlite").path
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    let copied = try Database(path: copy)
    #expect(try await copied.read { try $0.integer("SELECT count(*) FROM notes") } == 1)
  }
}
