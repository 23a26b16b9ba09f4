import CSQLite

/// Rows inserted into one table many to a statement, for a writer of many rows: each statement
/// run costs SQLite its own setup (its cursors opened, the insert's position sought, the run
/// ended), which for rows of a few short columns weighs as much as the rows themselves.
///
/// Rows go in the order appended, ``rowsPerStatement`` to a multi-row `VALUES`; ``flush()``
/// writes the rest. Nothing is written that is not flushed, so a writer flushes before it reads
/// its table or ends its transaction.
public struct BatchInsert {
  /// How many rows each full statement inserts.
  public let rowsPerStatement: Int
  private let connection: Connection
  private let columnCount: Int
  /// The statements for one row and for a full batch.
  private let oneRow: String
  private let fullBatch: String
  /// The values of the rows not yet written, row after row.
  private var pending: [any SQLValueConvertible] = []

  /// A batch of `verb` (`INSERT`, `INSERT OR REPLACE`, …) into `table`'s `columns`, written on
  /// `connection`.
  public init(
    _ verb: String = "INSERT", into table: String, columns: [String], rowsPerStatement: Int = 64,
    on connection: Connection
  ) {
    precondition(!columns.isEmpty && rowsPerStatement > 0)
    precondition(
      columns.count * rowsPerStatement <= sqlite3_limit(connection.handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1),
      "a full batch binds no more values than SQLite takes in a statement")
    self.connection = connection
    self.columnCount = columns.count
    self.rowsPerStatement = rowsPerStatement
    let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
    let head = "\(verb) INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
    oneRow = head + row
    fullBatch = head + Array(repeating: row, count: rowsPerStatement).joined(separator: ", ")
    pending.reserveCapacity(columns.count * rowsPerStatement)
  }

  /// Adds a row, one value a column, and writes the batch once it is full.
  /// - Throws: ``DatabaseError`` when a batch cannot be written (then none of its rows is).
  public mutating func append(_ row: [any SQLValueConvertible]) throws(DatabaseError) {
    precondition(row.count == columnCount, "a row has a value for each column")
    pending += row
    if pending.count == columnCount * rowsPerStatement {
      defer { pending.removeAll(keepingCapacity: true) }
      try connection.run(fullBatch, pending)
    }
  }

  /// Writes the rows not yet written, a statement each.
  /// - Throws: ``DatabaseError`` when a row cannot be written; the rows before it are written,
  ///   and the rest dropped, so the caller's transaction is to be rolled back.
  public mutating func flush() throws(DatabaseError) {
    defer { pending.removeAll(keepingCapacity: true) }
    for start in stride(from: 0, to: pending.count, by: columnCount) {
      try connection.run(oneRow, Array(pending[start..<start + columnCount]))
    }
  }
}
