/// A transaction's isolation level (see ``PostgresConnection/inTransaction(isolation:_:)``).
public enum PostgresIsolation: String, Sendable, CaseIterable {
  /// Each statement sees what was committed before it began: PostgreSQL's default.
  case readCommitted = "READ COMMITTED"
  /// Every statement sees one snapshot, taken at the transaction's first statement; a write that
  /// conflicts with a concurrent one fails with a serialization failure.
  case repeatableRead = "REPEATABLE READ"
  /// As if the transactions ran one after another; one that could not have fails with a
  /// serialization failure (``PostgresError/isSerializationFailure``), to be run again by the
  /// caller.
  case serializable = "SERIALIZABLE"
}
