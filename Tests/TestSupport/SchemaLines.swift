import Storage

extension Connection {
  /// The database's schema as lines to compare: each table's columns (name, type, not null, default,
  /// primary key, in order) and each index's and trigger's SQL, white space folded; SQLite's own
  /// objects left out. Two databases whose lines are equal have one schema, however each got it.
  public func schemaLines() throws -> [String] {
    let objects = try query(
      "SELECT type, name, coalesce(sql, '') FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
    ) {
      ($0.text(0), $0.text(1), $0.text(2).split(whereSeparator: \.isWhitespace).joined(separator: " "))
    }
    return try objects.flatMap { type, name, sql in
      guard type == "table" else { return ["\(type) \(name): \(sql)"] }
      return try query(
        "SELECT name, type, \"notnull\", coalesce(dflt_value, ''), pk FROM pragma_table_info(?)", [name]
      ) { "table \(name): \($0.text(0)) \($0.text(1)) \($0.int(2)) \($0.text(3)) \($0.int(4))" }
    }
  }
}
