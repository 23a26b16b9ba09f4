import PostgresClient
import SQLStore
import Testing

@Suite("A schema of a PostgreSQL database as a store", Postgres.isAvailable, .timeLimit(.minutes(10)))
struct PostgresSchemaTests {
  private static let table = [
    PostgresMigration("create notes", sql: "CREATE TABLE notes (text text NOT NULL)")
  ]

  @Test func everyTextIsKeptAsWrittenAndStoresOfOneNameShareTheirTablesOnly() async throws {
    let database = try await PostgresDatabase(try await Postgres.database())
    let mine = PostgresSchema("reader_1", in: database)
    let theirs = PostgresSchema("reader_2", in: database)
    try await mine.migrate(Self.table)
    try await theirs.migrate(Self.table)
    // A NUL, the noncharacter that writes it, and what its escape looks like, as text and in SQL.
    let marker = String(Unicode.Scalar(0xFDD0)!)
    let texts = ["밑줄\u{0}그 뒤", marker, marker + "0", "\u{0}" + marker + "1\u{0}", "plain"]
    try await mine.write { session in
      for text in texts { try session.run("INSERT INTO notes (text) VALUES (?)", [text]) }
    }
    let read = try await mine.read { try $0.fetch("SELECT text FROM notes") { $0.text(0) } }
    #expect(read.sorted() == texts.sorted())
    let found = try await mine.read {
      try $0.fetchInteger("SELECT count(*) FROM notes WHERE text = ?", [texts[0]])
    }
    #expect(found == 1)
    #expect(try await theirs.read { try $0.fetchInteger("SELECT count(*) FROM notes") } == 0)
  }

  @Test func aWriteThroughOneServerIsHeardByTheWatchersOfItsSchemaOnAnother() async throws {
    let connection = try await Postgres.database()
    let here = try await PostgresDatabase(connection)
    let there = try await PostgresDatabase(connection)
    try await PostgresSchema("reader_1", in: here).migrate(Self.table)
    try await PostgresSchema("reader_2", in: here).migrate(Self.table)
    let watched = await PostgresSchema("reader_1", in: here).commits()
    let other = await PostgresSchema("reader_2", in: here).commits()
    _ = try await PostgresSchema("reader_1", in: there).write { try $0.run("INSERT INTO notes VALUES ('a')") }
    var commits = watched.makeAsyncIterator()
    #expect(await commits.next() != nil)
    // The other schema's watchers hear its own writes; a write that rolls back sends nothing.
    _ = try await PostgresSchema("reader_2", in: there).write { try $0.run("INSERT INTO notes VALUES ('b')") }
    var others = other.makeAsyncIterator()
    #expect(await others.next() != nil)
    let rolledBack = PostgresSchema("reader_1", in: there)
    struct Refusal: Error {}
    await #expect(throws: Refusal.self) {
      try await rolledBack.write {
        _ = try $0.run("INSERT INTO notes VALUES ('c')")
        throw Refusal()
      }
    }
    _ = try await rolledBack.write { try $0.run("INSERT INTO notes VALUES ('d')") }
    #expect(await commits.next() != nil)
    #expect(try await rolledBack.read { try $0.fetchInteger("SELECT count(*) FROM notes") } == 2)
  }

  @Test func schemasMigratedTogetherFromManyServersAreEachMadeOnce() async throws {
    let connection = try await Postgres.database()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for server in 0..<4 {
        group.addTask {
          let database = try await PostgresDatabase(connection)
          for reader in 0..<3 {
            try await PostgresSchema("reader_\((reader + server) % 3)", in: database).migrate(Self.table)
          }
        }
      }
      try await group.waitForAll()
    }
    let database = try await PostgresDatabase(connection)
    let recorded = try await database.read { try $0.integer("SELECT count(*) FROM public.schema_migrations") }
    #expect(recorded == 3)
    try await PostgresSchema("reader_0", in: database).drop()
    let left = try await database.read {
      try $0.query("SELECT schema FROM public.schema_migrations ORDER BY schema") { $0.text(0) }
    }
    #expect(left == ["reader_1", "reader_2"])
  }

  @Test func onlyNamesChaekMakesAreSchemaNames() {
    #expect(PostgresSchema.isValid("readers_12") && PostgresSchema.isValid("library"))
    for name in [
      "", "1abc", "Reader", "a-b", "pg_catalog", "public", "information_schema", "a b", "a;drop", "a\"b",
      String(repeating: "a", count: 64),
    ] {
      #expect(!PostgresSchema.isValid(name), "\(name)")
    }
  }
}
