/// A PostgreSQL failure: the SQLSTATE code, the server's (or libpq's) message, and the SQL that
/// failed.
///
/// Errors that libpq finds on its own side carry a code of their own: `08001` when no connection
/// could be made, `08006` when an open one was lost (the server stopped, the network dropped).
/// ``isConnectionFailure`` is `true` for both and for the server's own shutdown codes, so that a
/// server can answer 503 and try again later.
public struct PostgresError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The five-character SQLSTATE (`23505`, `40001`, `08006`, ...).
  public let code: String
  /// What went wrong, with the server's detail and hint when it gave them.
  public let message: String
  /// The statement that failed, when there was one (never its parameters' values).
  public let sql: String?

  /// An error with `code`, `message` and the statement that failed.
  public init(code: String, message: String, sql: String? = nil) {
    self.code = code
    self.message = message
    self.sql = sql
  }

  // MARK: - Kinds

  /// `true` when a unique constraint refused a row (`23505`).
  public var isUniqueViolation: Bool { code == "23505" }

  /// `true` when a serializable (or repeatable-read) transaction conflicted with another one
  /// (`40001`): the whole transaction may be run again, which is the caller's choice to make.
  public var isSerializationFailure: Bool { code == "40001" }

  /// `true` when a statement was stopped by `statement_timeout` or a cancel request (`57014`).
  public var isCanceled: Bool { code == "57014" }

  /// `true` when a lock could not be had within `lock_timeout` (`55P03`, `lock_not_available`).
  public var isLockTimeout: Bool { code == "55P03" }

  /// `true` when the connection is gone or could not be made: libpq's own `08001` and `08006`,
  /// the server's connection exceptions (class `08`, except `08P01`, a protocol violation on a
  /// connection that still works), and the server shutting down or crashing (`57P01`–`57P03`),
  /// or ending an idle session (`57P05`). Nothing about the statement is wrong: it can be tried
  /// again on a new connection once the server is back.
  public var isConnectionFailure: Bool {
    (code.hasPrefix("08") && code != "08P01") || ["57P01", "57P02", "57P03", "57P05"].contains(code)
  }

  // MARK: - Client-side codes

  /// No connection could be made (`sqlclient_unable_to_establish_sqlconnection`).
  static let cannotConnect = "08001"
  /// An open connection was lost (`connection_failure`).
  static let connectionLost = "08006"
  /// A failure of libpq's with no SQLSTATE, on a connection that still works (`internal_error`).
  static let clientFailure = "XX000"

  public var description: String {
    var text = "PostgreSQL error \(code): \(message)"
    if let sql { text += " — while executing `\(sql)`" }
    return text
  }
}
