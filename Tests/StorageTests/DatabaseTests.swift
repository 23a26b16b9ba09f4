import Foundation
import Testing

@testable import Storage

/// A fresh directory under the system temporary directory, removed by the caller.
func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-storage-\(UUID())")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

let notes = [
  Migration("create notes", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL UNIQUE)")
]

@Suite("Database")
struct DatabaseTests {
  @Test func writeCommitsAndReadSeesIt() async throws {
    let database = try Database(path: ":memory:", migrations: notes)
    _ = try await database.write { try $0.run("INSERT INTO notes (body) VALUES (?)", ["첫 메모"]) }
    let bodies = try await database.read { try $0.query("SELECT body FROM notes") { $0.text(0) } }
    #expect(bodies == ["첫 메모"])
  }

  @Test func aConnectionKnowsItsFileButNotAMemoryOne() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("notes.sqlite").path
    let file = try Database(path: path, migrations: notes)
    #expect(try await file.write { $0.path } == path)
    #expect(try await file.read { $0.path } == path)
    #expect(try await Database(path: ":memory:").write { $0.path } == nil)
  }

  @Test func throwingWriteRollsBackEverything() async throws {
    let database = try Database(path: ":memory:", migrations: notes)
    struct Stop: Error {}
    await #expect(throws: Stop.self) {
      try await database.write { connection in
        try connection.run("INSERT INTO notes (body) VALUES ('a')")
        throw Stop()
      }
    }
    await #expect(throws: DatabaseError.self) {
      try await database.write { connection in
        try connection.run("INSERT INTO notes (body) VALUES ('b')")
        try connection.run("INSERT INTO notes (body) VALUES ('b')")
      }
    }
    #expect(try await database.read { try $0.integer("SELECT count(*) FROM notes") } == 0)
    #expect(database.commitCount == 0)
  }

  /// The count a cache of reads compares: raised by each committed write, once it has committed.
  @Test func eachCommittedWriteRaisesTheCommitCount() async throws {
    let database = try Database(path: ":memory:", migrations: notes)
    #expect(database.commitCount == 0)
    _ = try await database.write { try $0.run("INSERT INTO notes (body) VALUES ('a')") }
    _ = try await database.write { try $0.integer("SELECT count(*) FROM notes") }
    #expect(database.commitCount == 2)
  }

  @Test func errorsCarryCodeMessageAndSQL() async throws {
    let database = try Database(path: ":memory:", migrations: notes)
    let error = await #expect(throws: DatabaseError.self) {
      try await database.read { try $0.run("INSERT INTO nowhere VALUES (1)") }
    }
    #expect(error?.message.contains("no such table: nowhere") == true)
    #expect(error?.sql == "INSERT INTO nowhere VALUES (1)")
    let constraint = await #expect(throws: DatabaseError.self) {
      try await database.write {
        try $0.run("INSERT INTO notes (body) VALUES ('x')")
        try $0.run("INSERT INTO notes (body) VALUES ('x')")
      }
    }
    #expect(constraint?.isConstraintViolation == true)
  }

  @Test func wrongArgumentCountIsAnErrorNotACrash() async throws {
    let database = try Database(path: ":memory:", migrations: notes)
    await #expect(throws: DatabaseError.self) {
      try await database.read { try $0.run("INSERT INTO notes (body) VALUES (?)", []) }
    }
  }

  @Test func valuesRoundTripThroughEveryStorageClass() async throws {
    let database = try Database(path: ":memory:")
    let row = try await database.read { connection in
      try connection.first(
        "SELECT ?, ?, ?, ?, ?", [42, 2.5, "텍스트", Data([1, 2, 3]), String?.none]
      ) { row in
        [
          String(row.int(0)), String(row.double(1)), row.text(2), row.data(3).base64EncodedString(),
          String(row.isNull(4)),
        ]
      }
    }
    #expect(row == ["42", "2.5", "텍스트", "AQID", "true"])
  }

  /// Texts are bound with their bytes and length: an empty text is empty, not NULL; a NUL inside
  /// one and every byte after it are kept; small and large strings alike.
  @Test(arguments: [
    "", "a", "a\u{0}b", "\u{0}", "해리 포터와 마법사의 돌, 그리고 아주 긴 제목", String(repeating: "x", count: 5_000),
  ])
  func textsAreBoundWithEveryByte(text: String) async throws {
    let database = try Database(path: ":memory:")
    let (isNull, length, read) = try await database.read { connection in
      try connection.first("SELECT ? IS NULL, length(CAST(? AS BLOB)), ?", [text, text, text]) { row in
        (row.int(0) == 1, row.int(1), row.text(2))
      }!
    }
    #expect(!isNull && length == text.utf8.count && Array(read.utf8) == Array(text.utf8))
    // A statement bound again keeps nothing of the last binding.
    let twice = try await database.read { connection in
      try ["long text bound first, then a short one", text].map { value in
        try connection.first("SELECT ?", [value]) { $0.text(0) }!
      }
    }
    #expect(Array(twice[1].utf8) == Array(text.utf8))
  }

  /// A blob is bound as a blob of its bytes, an empty one too (whose bytes have no address, which
  /// SQLite would bind as NULL), and read back byte for byte.
  @Test(arguments: [
    Data(), Data(count: 0), Data([UInt8]()), Data([1, 2])[1..<1], Data([0]), Data([1, 0, 2]),
    Data(repeating: 7, count: 100_000),
  ])
  func blobsAreBoundWithEveryByte(blob: Data) async throws {
    let database = try Database(path: ":memory:")
    let (type, length, read) = try await database.read { connection in
      try connection.first("SELECT typeof(?), length(?), ?", [blob, blob, blob]) { row in
        (row.text(0), row.int(1), row.data(2))
      }!
    }
    #expect(type == "blob" && length == blob.count && read == blob)
  }

  /// More statements in turn than the recent ones kept, some equal texts made apart: each run is
  /// its own statement's.
  @Test func statementsTakenInTurnAnswerForThemselves() async throws {
    let database = try Database(path: ":memory:")
    let answers = try await database.read { connection in
      try (0..<3).flatMap { _ in
        try (0..<12).map { number in
          try connection.first("SELECT ? + \(number)", [100]) { $0.int(0) }!
        }
      }
    }
    #expect(answers == Array(repeating: Array(100..<112), count: 3).flatMap { $0 })
  }

  @Test func nestedTransactionsBecomeSavepoints() async throws {
    let database = try Database(path: ":memory:", migrations: notes)
    try await database.write { connection in
      try connection.run("INSERT INTO notes (body) VALUES ('outer')")
      _ = try? connection.inTransaction {
        try connection.run("INSERT INTO notes (body) VALUES ('inner')")
        try connection.run("INSERT INTO notes (body) VALUES ('outer')")  // fails: unique
      }
    }
    let bodies = try await database.read { try $0.query("SELECT body FROM notes") { $0.text(0) } }
    #expect(bodies == ["outer"])
  }
}

@Suite("Migrations and files")
struct MigrationTests {
  @Test func migrationsRunOnceInOrderAndAreRecorded() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("m.sqlite").path
    let steps = notes + [Migration("add tags", sql: "ALTER TABLE notes ADD COLUMN tags TEXT")]
    _ = try Database(path: path, migrations: steps)
    let reopened = try Database(path: path, migrations: steps)  // would fail if re-run
    let names = try await reopened.read {
      try $0.query("SELECT name FROM schema_migrations ORDER BY rowid") { $0.text(0) }
    }
    #expect(names == ["create notes", "add tags"])
    let mode = try await reopened.read { try $0.first("PRAGMA journal_mode") { $0.text(0) } }
    #expect(mode == "wal")
  }

  @Test func aBaselineCreatesANewDatabaseAtOnceAndAnOldOneReplaysItsHistory() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let history =
      notes + [
        Migration.atEveryOpen("check notes") { _ in },
        Migration("add tags", sql: "ALTER TABLE notes ADD COLUMN tags TEXT"),
      ]
    let schema = [
      Migration("create notes with tags", replacing: history) { connection in
        try connection.execute(
          "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL UNIQUE, tags TEXT)")
        try connection.execute("CREATE TABLE created_at_once (id INTEGER)")
      }
    ]
    func state(_ database: Database) async throws -> [String] {
      try await database.read { connection in
        try connection.query("SELECT name FROM schema_migrations ORDER BY name") { $0.text(0) }
          + connection.query("SELECT name FROM pragma_table_info('notes') ORDER BY cid") { $0.text(0) }
          + connection.query("SELECT name FROM sqlite_master WHERE name = 'created_at_once'") { $0.text(0) }
      }
    }
    let new = directory.appendingPathComponent("new.sqlite").path
    _ = try Database(path: new, migrations: schema)
    #expect(
      try await state(Database(path: new, migrations: schema)) == [
        "add tags", "create notes", "create notes with tags", "id", "body", "tags", "created_at_once",
      ])
    let old = directory.appendingPathComponent("old.sqlite").path
    _ = try Database(path: old, migrations: notes)
    #expect(
      try await state(Database(path: old, migrations: schema)) == [
        "add tags", "create notes", "create notes with tags", "id", "body", "tags",
      ])
  }

  @Test func aCheckRunsAtEveryOpenAndIsNotRecorded() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("m.sqlite").path
    let steps =
      notes + [
        Migration.atEveryOpen("note each open") {
          try $0.run("INSERT INTO notes (body) VALUES (?)", [UUID().uuidString])
        }
      ]
    _ = try Database(path: path, migrations: steps)
    let reopened = try Database(path: path, migrations: steps)
    #expect(try await reopened.read { try $0.integer("SELECT count(*) FROM notes") } == 2)
    #expect(try await reopened.read { try $0.integer("SELECT count(*) FROM schema_migrations") } == 1)
  }

  @Test func aDatabaseANewerVersionMigratedIsRefusedBeforeAnythingChanges() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("m.sqlite").path
    let tags = Migration("add tags", sql: "ALTER TABLE notes ADD COLUMN tags TEXT")
    let seen = Migration.atEveryOpen("count opens") {
      try $0.execute("CREATE TABLE IF NOT EXISTS opened (x)")
    }
    _ = try Database(path: path, migrations: notes + [tags])
    #expect(throws: NewerSchemaError(path: path, unknown: ["add tags"])) {
      try Database(path: path, migrations: notes + [seen])
    }
    let raw = try Database(path: path)
    #expect(
      try await raw.read { try $0.integer("SELECT count(*) FROM sqlite_master WHERE name = 'opened'") } == 0)
    // A migration left out of this opening is known: its record is no newer version's.
    let reopened = try Database(path: path, migrations: notes + [tags.leftOut])
    #expect(try await reopened.read { try $0.integer("SELECT count(*) FROM schema_migrations") } == 2)
    // A baseline knows the history it stands for.
    let baseline = Migration("create notes with tags", replacing: notes + [tags]) { _ in }
    _ = try Database(path: path, migrations: [baseline])
  }

  @Test func aReadSeesOneSnapshotWhateverOthersCommit() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("m.sqlite").path
    let database = try Database(path: path, migrations: notes)
    let counts = try await database.read { connection in
      let before = try connection.integer("SELECT count(*) FROM notes")
      let other = try Connection(path: path)
      try other.run("INSERT INTO notes (body) VALUES ('written meanwhile')")
      return [before, try connection.integer("SELECT count(*) FROM notes")]
    }
    #expect(counts == [0, 0])
    #expect(try await database.read { try $0.integer("SELECT count(*) FROM notes") } == 1)
  }

  @Test func failingMigrationLeavesNoTraceAndThrows() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("m.sqlite").path
    let broken = notes + [Migration("broken", sql: "CREATE TABLE t (a); CREATE TABLE notes (x)")]
    #expect(throws: DatabaseError.self) { try Database(path: path, migrations: broken) }
    let database = try Database(path: path, migrations: notes)
    let tables = try await database.read {
      try $0.query("SELECT name FROM sqlite_master WHERE name = 't'") { $0.text(0) }
    }
    #expect(tables.isEmpty)
  }

  @Test func twoConnectionsToOneFileWriteConcurrently() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("shared.sqlite").path
    let first = try Database(path: path, migrations: notes)
    let second = try Database(path: path, migrations: notes)
    let versionBefore = try await first.dataVersion()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (name, database) in [("a", first), ("b", second)] {
        group.addTask {
          for index in 0..<200 {
            _ = try await database.write {
              try $0.run("INSERT INTO notes (body) VALUES (?)", ["\(name)\(index)"])
            }
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(try await first.read { try $0.integer("SELECT count(*) FROM notes") } == 400)
    #expect(try await second.read { try $0.integer("SELECT count(*) FROM notes") } == 400)
    #expect(try await first.dataVersion() != versionBefore)
  }
}
