import Storage

/// Where a catalog's bytes are: its books (the table and its indexes) and its search index (the
/// `search_*` tables), per table, from SQLite's `dbstat` (which counts the database as committed,
/// whether its pages are in the file or still in the WAL).
struct DatabaseSizes {
  /// Bytes by table or index name.
  let byName: [(name: String, bytes: Int)]

  /// Reads the sizes of the database at `path`.
  init(path: String) async throws {
    byName = try await Database(path: path).read { connection in
      // dbstat reads every page: through the readers' memory map, they would all count in this
      // process's peak RSS, which measures what the build holds.
      try connection.execute("PRAGMA mmap_size = 0")
      return try connection.query(
        "SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC"
      ) { (name: $0.text(0), bytes: $0.int(1)) }
    }
  }

  /// The bytes of the search index's tables.
  var index: Int { byName.filter { $0.name.hasPrefix("search_") }.reduce(0) { $0 + $1.bytes } }
  /// Every byte of the database's tables and indexes (free pages not counted).
  var total: Int { byName.reduce(0) { $0 + $1.bytes } }

  /// `search_postings 13.8, …` for the tables of at least 0.1 MiB.
  var summary: String {
    byName.filter { $0.bytes >= 104_858 }.map { "\($0.name) \(Measure.mebibytes($0.bytes))" }
      .joined(separator: ", ")
  }
}
