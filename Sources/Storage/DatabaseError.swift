import CSQLite

/// An SQLite failure: the result code, SQLite's message, and the SQL that failed.
public struct DatabaseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The extended SQLite result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`, ...).
  public let code: Int32
  /// SQLite's explanation.
  public let message: String
  /// The statement that failed, when there was one.
  public let sql: String?

  /// Creates an error; the message defaults to SQLite's text for the code.
  public init(code: Int32, message: String? = nil, sql: String? = nil) {
    self.code = code
    self.message = message ?? String(cString: sqlite3_errstr(code))
    self.sql = sql
  }

  /// `true` for a constraint violation (unique, not null, foreign key, check).
  public var isConstraintViolation: Bool { resultCode == .constraint }

  /// `true` when another connection held a lock for longer than the busy timeout.
  public var isBusy: Bool { resultCode == .busy || resultCode == .locked }

  /// `true` when a statement was stopped because its read reached its limit (see
  /// ``Database/read(within:_:)``).
  public var isInterrupted: Bool { resultCode == .interrupted }

  /// The error of a read that reached its limit before or while it ran.
  static let limitReached = DatabaseError(code: SQLITE_INTERRUPT, message: "the read reached its time limit")

  public var description: String {
    var text = "SQLite error \(code): \(message)"
    if let sql { text += " — while executing `\(sql)`" }
    return text
  }
}
