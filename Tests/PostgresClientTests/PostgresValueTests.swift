import Foundation
import PostgresClient
import Testing

@Suite("Values to PostgreSQL and back", Postgres.isAvailable, .timeLimit(.minutes(10)))
struct PostgresValueTests {
  @Test(arguments: [
    "책 읽는 밤 — 한국어 문장, ㄱㄴㄷ 초성과 이모지 📚", "", " leading and trailing ",
    #"'single' "double" \backslash $1 %s ;"#, "line\nbreak\ttab", String(repeating: "가", count: 10_000),
  ])
  func textComesBackAsItWent(text: String) async throws {
    let connection = try await Postgres.connection()
    try connection.execute("CREATE TABLE notes (body text NOT NULL)")
    try connection.run("INSERT INTO notes (body) VALUES ($1)", [text])
    #expect(try connection.first("SELECT body FROM notes") { $0.text(0) } == text)
    #expect(try connection.first("SELECT $1::text = body FROM notes", [text]) { $0.bool(0) } == true)
  }

  @Test func integersComeBackExactly() async throws {
    let connection = try await Postgres.connection()
    try connection.execute("CREATE TABLE numbers (n bigint NOT NULL)")
    let numbers = [Int.min, -1, 0, 1, 2_147_483_648, Int.max]
    for number in numbers { try connection.run("INSERT INTO numbers (n) VALUES ($1)", [number]) }
    #expect(try connection.query("SELECT n FROM numbers ORDER BY n") { $0.int(0) } == numbers)
    #expect(try connection.integer("SELECT count(*) FROM numbers WHERE n > $1", [0]) == 3)
  }

  @Test func doublesComeBackExactlyInfinitiesAndNaNIncluded() async throws {
    let connection = try await Postgres.connection()
    try connection.execute("CREATE TABLE measures (position int NOT NULL, x double precision NOT NULL)")
    let doubles: [Double] = [0.1, -2.5, 1e300, .leastNonzeroMagnitude, .pi, -.infinity, .infinity, .nan]
    for (position, double) in doubles.enumerated() {
      try connection.run("INSERT INTO measures (position, x) VALUES ($1, $2)", [position, double])
    }
    let read = try connection.query("SELECT x FROM measures ORDER BY position") { $0.double(0) }
    #expect(read.dropLast() == doubles.dropLast())
    #expect(read.last?.isNaN == true)
  }

  @Test func booleansComeBackAsTheyWent() async throws {
    let connection = try await Postgres.connection()
    #expect(
      try connection.first("SELECT $1::boolean, $2::boolean", [true, false]) { [$0.bool(0), $0.bool(1)] } == [
        true, false,
      ])
  }

  @Test(arguments: [Data(), Data((0...255).map { UInt8($0) }), Data("책".utf8), Data([0, 0, 92, 120])])
  func bytesComeBackByteForByte(bytes: Data) async throws {
    let connection = try await Postgres.connection()
    try connection.execute("CREATE TABLE blobs (content bytea NOT NULL)")
    try connection.run("INSERT INTO blobs (content) VALUES ($1)", [bytes])
    #expect(try connection.first("SELECT content FROM blobs") { $0.data(0) } == bytes)
    #expect(try connection.integer("SELECT length(content) FROM blobs") == bytes.count)
  }

  @Test func bytesInTheEscapeFormatAreDecodedToo() async throws {
    let connection = try await Postgres.connection()
    try connection.execute("SET bytea_output = 'escape'")
    let bytes = Data([0, 1, 92, 39, 200, 255, 65])
    #expect(try connection.first("SELECT $1::bytea", [bytes]) { $0.data(0) } == bytes)
  }

  @Test func nullsComeBackAsNull() async throws {
    let connection = try await Postgres.connection()
    try connection.execute(
      "CREATE TABLE maybe (t text, i bigint, d double precision, b boolean, y bytea)")
    let none: String? = nil
    try connection.run(
      "INSERT INTO maybe (t, i, d, b, y) VALUES ($1, $2, $3, $4, $5)",
      [none, PostgresValue.null, Int?.none, Bool?.none, Data?.none])
    let row = try #require(
      try connection.first("SELECT t, i, d, b, y FROM maybe") { row in
        (
          (0..<5).map { row.isNull($0) }, row.optionalText(0), row.text(0), row.int(1), row.double(2),
          row.bool(3), row.data(4)
        )
      })
    #expect(row.0 == [true, true, true, true, true])
    #expect(row.1 == nil)
    #expect(row.2 == "" && row.3 == 0 && row.4 == 0 && row.5 == false && row.6 == Data())
  }

  @Test func aNULInTextIsRefusedWithAReasonNotCutShort() async throws {
    let connection = try await Postgres.connection()
    let error = try #require(throws: PostgresError.self) {
      try connection.run("SELECT $1::text", ["before\0after"])
    }
    #expect(error.message.contains("NUL"))
    #expect(error.message.contains("$1"))
    #expect(try connection.integer("SELECT 1") == 1)
  }

  @Test func columnsAreReadByTheirNames() async throws {
    let connection = try await Postgres.connection()
    let row = try #require(
      try connection.first("SELECT 7 AS count, 'ㄱ' AS initial, NULL::text AS nothing, 2.5::float8 AS ratio") {
        row in
        (
          try row.int("count"), try row.text("Initial"), try row.optionalText("nothing"),
          try row.double("ratio")
        )
      })
    #expect(row.0 == 7 && row.1 == "ㄱ" && row.2 == nil && row.3 == 2.5)
    let error = try #require(throws: PostgresError.self) {
      try connection.first("SELECT 1 AS one") { try $0.int("two") }
    }
    #expect(error.message.contains("two"))
  }

  @Test func executeRunsSeveralStatementsAndChangesCountsRows() async throws {
    let connection = try await Postgres.connection()
    try connection.execute(
      """
      CREATE TABLE shelves (id bigserial PRIMARY KEY, name text NOT NULL UNIQUE);
      INSERT INTO shelves (name) VALUES ('읽는 중'), ('다 읽음'), ('읽고 싶음');
      """)
    try connection.run("UPDATE shelves SET name = name || '!' WHERE name LIKE $1", ["읽%"])
    #expect(connection.changes == 2)
    let ids = try connection.query("INSERT INTO shelves (name) VALUES ($1), ($2) RETURNING id", ["a", "b"]) {
      $0.int(0)
    }
    #expect(ids == [4, 5])
  }
}
