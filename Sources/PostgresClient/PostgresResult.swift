import CPostgres

/// A `PGresult`, cleared when the last reference to it goes.
final class PostgresResult {
  let handle: OpaquePointer

  init(_ handle: OpaquePointer) { self.handle = handle }

  deinit { PQclear(handle) }

  /// The number of rows.
  var rowCount: Int { Int(PQntuples(handle)) }

  /// Rows affected by an INSERT, UPDATE, DELETE, MERGE, SELECT, MOVE, FETCH or COPY (0 for other
  /// commands).
  var affectedRows: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }
}
