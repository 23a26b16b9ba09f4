import CPostgres

extension PostgresConnection {
  /// Runs `body` in a transaction: commits when it returns, rolls back when it throws. Nested
  /// calls become savepoints (and keep the outer transaction's isolation).
  ///
  /// A statement that fails inside the transaction aborts it, even when `body` catches the error
  /// and goes on: such a transaction is rolled back and the call throws (`25P02`), where a plain
  /// `COMMIT` would have rolled it back silently. A serializable transaction may fail with
  /// ``PostgresError/isSerializationFailure``, at any statement or at its commit; running it
  /// again is the caller's choice.
  ///
  /// - Parameters:
  ///   - isolation: the transaction's isolation level.
  ///   - setup: statements without parameters that start the transaction, sent with its `BEGIN` in
  ///     one exchange (`SET LOCAL …`, taking a lock): never a value a user gave.
  ///   - body: the transaction's work, on this connection.
  public func inTransaction<T>(
    isolation: PostgresIsolation = .readCommitted, setup: String? = nil, _ body: () throws -> T
  ) throws -> T {
    try transaction(begin: "BEGIN ISOLATION LEVEL \(isolation.rawValue)", setup: setup, body)
  }

  /// Runs `body` in a read-only transaction on one snapshot (`REPEATABLE READ READ ONLY`): all of
  /// its statements see the database as it was at the first one, whatever other connections
  /// commit meanwhile, and none of them can write. Inside a transaction already, `body` simply
  /// runs in it. `setup` is as ``inTransaction(isolation:setup:_:)`` says.
  public func inReadTransaction<T>(setup: String? = nil, _ body: () throws -> T) throws -> T {
    guard !isInTransaction else { return try body() }
    return try transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", setup: setup, body)
  }

  // MARK: - Internals

  private func transaction<T>(begin: String, setup: String?, _ body: () throws -> T) throws -> T {
    let nested = isInTransaction
    let start = nested ? "SAVEPOINT nested" : begin
    do {
      try execute(setup.map { "\(start); \($0)" } ?? start)
    } catch {
      if !nested, isInTransaction { try? execute("ROLLBACK") }
      throw error
    }
    do {
      let result = try body()
      if PQtransactionStatus(handle) == PQTRANS_INERROR {
        throw PostgresError(
          code: "25P02",
          message: "a statement failed inside the transaction, which was rolled back; nothing of it was saved"
        )
      }
      try execute(nested ? "RELEASE SAVEPOINT nested" : "COMMIT")
      return result
    } catch {
      if nested {
        try? execute("ROLLBACK TO SAVEPOINT nested; RELEASE SAVEPOINT nested")
      } else if isInTransaction {
        try? execute("ROLLBACK")
      }
      throw error
    }
  }
}
