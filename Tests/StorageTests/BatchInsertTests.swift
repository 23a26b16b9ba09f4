import Testing

@testable import Storage

@Suite("Batched inserts")
struct BatchInsertTests {
  static let items = [
    Migration("create items", sql: "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)")
  ]

  /// The ids of `items`, in order.
  static func ids(on connection: Connection) throws -> [Int] {
    try connection.query("SELECT id FROM items ORDER BY id") { $0.int(0) }
  }

  @Test func rowsAreWrittenAFullBatchAtATimeAndTheRestWhenFlushed() async throws {
    let database = try Database(path: ":memory:", migrations: Self.items)
    try await database.write { connection in
      var batch = BatchInsert(into: "items", columns: ["id", "name"], rowsPerStatement: 4, on: connection)
      for id in 1...3 { try batch.append([id, "item \(id)"]) }
      #expect(try Self.ids(on: connection) == [])
      try batch.append([4, "item 4"])
      #expect(try Self.ids(on: connection) == [1, 2, 3, 4])
      for id in 5...10 { try batch.append([id, "item \(id)"]) }
      #expect(try Self.ids(on: connection) == Array(1...8))
      try batch.flush()
      #expect(try Self.ids(on: connection) == Array(1...10))
      try batch.flush()  // nothing left: nothing written twice
      #expect(try connection.query("SELECT name FROM items WHERE id = 10") { $0.text(0) } == ["item 10"])
    }
  }

  @Test func aBatchThatBreaksAConstraintWritesNoneOfItsRows() async throws {
    let database = try Database(path: ":memory:", migrations: Self.items)
    try await database.write { connection in
      var batch = BatchInsert(into: "items", columns: ["id", "name"], rowsPerStatement: 3, on: connection)
      try batch.append([1, "same"])
      try batch.append([2, "other"])
      #expect(throws: DatabaseError.self) { try batch.append([3, "same"]) }
      #expect(try Self.ids(on: connection) == [])
      try batch.append([4, "fourth"])
      try batch.flush()
      #expect(try Self.ids(on: connection) == [4])
    }
  }

  @Test func theVerbDecidesWhatAConflictDoes() async throws {
    let database = try Database(path: ":memory:", migrations: Self.items)
    try await database.write { connection in
      var batch = BatchInsert(
        "INSERT OR REPLACE", into: "items", columns: ["id", "name"], rowsPerStatement: 2, on: connection)
      try batch.append([1, "old"])
      try batch.append([1, "new"])
      try batch.append([2, "two"])
      try batch.flush()
      #expect(try connection.query("SELECT name FROM items ORDER BY id") { $0.text(0) } == ["new", "two"])
    }
  }
}
