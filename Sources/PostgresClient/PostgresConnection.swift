import CPostgres
import Foundation

/// One connection to a PostgreSQL server (libpq).
///
/// A connection is not thread-safe: it is used from one thread or serial executor at a time (a
/// ``PostgresDatabase`` owns one on its own queue). Its calls block that thread until the server
/// answers, and none of them waits forever: a connection attempt gives up after `connect_timeout`
/// (5 seconds a host unless the connection string says otherwise); with a statement timeout, a
/// call gives up 5 seconds after it (``answerLimit``) whatever the server does; and a connection
/// whose server stopped fails as soon as the socket closes, after 5 seconds of data sent and not
/// acknowledged (`tcp_user_timeout`), or after TCP keepalives find an idle peer gone (about a
/// minute). Reconnecting is the caller's choice: ``reset()``.
///
/// Parameters are written `$1`, `$2`, … and bound in order (see ``PostgresValue``).
public final class PostgresConnection {
  let handle: OpaquePointer
  private let statementTimeout: Duration?

  /// Rows changed by the last INSERT, UPDATE or DELETE (or returned by the last query).
  public private(set) var changes = 0
  /// `true` once ``abandon()`` closed the socket, until ``reset()``.
  private var abandoned = false

  /// Libpq's defaults that a connection string may override: a bounded connection attempt, TCP
  /// keepalives, so that a server that vanished without closing the socket is noticed while idle,
  /// and a bound on data left unacknowledged, so that it is noticed mid-statement too.
  private static let overridableDefaults: KeyValuePairs = [
    "connect_timeout": "5",
    "tcp_user_timeout": "5000",
    "keepalives": "1",
    "keepalives_idle": "30",
    "keepalives_interval": "10",
    "keepalives_count": "3",
    "fallback_application_name": "chaek",
  ]

  /// Settings a connection string cannot change: text is exchanged as UTF-8.
  private static let fixedSettings: KeyValuePairs = ["client_encoding": "UTF8"]

  /// Connects to the server that `connectionString` names, in libpq's `key=value` or
  /// `postgresql://` form (`host=127.0.0.1 port=5432 user=chaek dbname=chaek`).
  ///
  /// - Parameters:
  ///   - connectionString: where to connect, and as whom.
  ///   - statementTimeout: how long one statement may run before the server stops it with an
  ///     error whose ``PostgresError/isCanceled`` is `true`; `nil` leaves the server's setting.
  /// - Throws: a ``PostgresError`` whose ``PostgresError/isConnectionFailure`` is `true`, with
  ///   libpq's reason (refused, timed out, authentication failed, no such database).
  public init(_ connectionString: String, statementTimeout: Duration? = nil) throws(PostgresError) {
    let keywords =
      Self.overridableDefaults.map(\.key) + ["dbname"] + Self.fixedSettings.map(\.key)
    let values =
      Self.overridableDefaults.map(\.value) + [connectionString] + Self.fixedSettings.map(\.value)
    guard let handle = Self.connect(keywords: keywords, values: values) else {
      throw PostgresError(code: PostgresError.cannotConnect, message: "libpq could not allocate a connection")
    }
    guard PQstatus(handle) == CONNECTION_OK else {
      let reason = Self.errorMessage(of: handle)
      PQfinish(handle)
      throw PostgresError(
        code: PostgresError.cannotConnect, message: "cannot connect to PostgreSQL: \(reason)")
    }
    // The server's notices and warnings would go to standard error: they are not errors, and
    // a server's log is not the place for them.
    PQsetNoticeProcessor(handle, { _, _ in }, nil)
    self.handle = handle
    self.statementTimeout = statementTimeout
    try applySessionSettings()
  }

  deinit { PQfinish(handle) }

  // MARK: - Executing

  /// Runs one or more statements without parameters (schema changes, `SET`), separated by `;`.
  /// They run in one transaction unless they contain transaction commands; the first that fails
  /// ends the rest.
  public func execute(_ sql: String) throws(PostgresError) {
    let result = try answer(sent: PQsendQuery(handle, sql), sql: sql)
    changes = result.affectedRows
  }

  /// Runs one statement with parameters; returns the number of rows it inserted, changed or
  /// deleted.
  @discardableResult
  public func run(_ sql: String, _ values: [any PostgresValueConvertible] = []) throws(PostgresError) -> Int {
    let result = try executed(sql, values)
    changes = result.affectedRows
    return changes
  }

  /// Runs a query and maps every row.
  public func query<T>(
    _ sql: String, _ values: [any PostgresValueConvertible] = [], _ map: (PostgresRow) throws -> T
  ) throws -> [T] {
    let result = try executed(sql, values)
    changes = result.affectedRows
    var rows: [T] = []
    rows.reserveCapacity(result.rowCount)
    for row in 0..<result.rowCount { rows.append(try map(PostgresRow(result: result, row: Int32(row)))) }
    return rows
  }

  /// Runs a query and maps its first row, if any.
  public func first<T>(
    _ sql: String, _ values: [any PostgresValueConvertible] = [], _ map: (PostgresRow) throws -> T
  ) throws -> T? {
    let result = try executed(sql, values)
    changes = result.affectedRows
    return try result.rowCount > 0 ? map(PostgresRow(result: result, row: 0)) : nil
  }

  /// The integer in the first column of the first row (`0` when there is no row).
  public func integer(_ sql: String, _ values: [any PostgresValueConvertible] = []) throws(PostgresError)
    -> Int
  {
    let result = try executed(sql, values)
    changes = result.affectedRows
    return result.rowCount > 0 ? PostgresRow(result: result, row: 0).int(0) : 0
  }

  // MARK: - State

  /// `false` once the connection is lost (the server stopped or restarted, the network dropped,
  /// an answer did not come in time), until ``reset()`` connects again.
  public var isConnected: Bool { !abandoned && PQstatus(handle) == CONNECTION_OK }

  /// How long a call waits for the server's answer: its statement timeout and 5 seconds more (a
  /// server stops a statement by itself at its timeout, so one that has not answered by then is
  /// hung or unreachable); `nil`, without a statement timeout, waits as long as it takes.
  var answerLimit: Duration? { statementTimeout.map { $0 + .seconds(5) } }

  /// Closes the connection's socket after an answer did not come: the connection is lost until
  /// ``reset()``.
  func abandon() {
    abandoned = true
    shutdown(PQsocket(handle), Int32(SHUT_RDWR))
  }

  /// `true` while a transaction is open (including one that an error has aborted).
  public var isInTransaction: Bool {
    let status = PQtransactionStatus(handle)
    return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
  }

  /// The process ID of the server process serving this connection.
  public var serverProcessID: Int32 { PQbackendPID(handle) }

  /// Closes the connection and opens a new one with the same parameters (and statement timeout):
  /// what to do after a connection failure, once the server is back. An open transaction is lost.
  /// - Throws: a ``PostgresError`` whose ``PostgresError/isConnectionFailure`` is `true` when the
  ///   server still cannot be reached.
  public func reset() throws(PostgresError) {
    abandoned = false
    PQreset(handle)
    guard PQstatus(handle) == CONNECTION_OK else {
      throw PostgresError(
        code: PostgresError.cannotConnect,
        message: "cannot connect to PostgreSQL again: \(Self.errorMessage(of: handle))")
    }
    try applySessionSettings()
  }

  // MARK: - Internals

  /// Runs one statement with its parameters, in text format, and returns its result.
  private func executed(_ sql: String, _ values: [any PostgresValueConvertible]) throws(PostgresError)
    -> PostgresResult
  {
    let parameters = try PostgresParameters(values, sql: sql)
    let sent = parameters.types.withUnsafeBufferPointer { types in
      parameters.values.withUnsafeBufferPointer { values in
        parameters.lengths.withUnsafeBufferPointer { lengths in
          parameters.formats.withUnsafeBufferPointer { formats in
            PQsendQueryParams(
              handle, sql, parameters.count, types.baseAddress, values.baseAddress, lengths.baseAddress,
              formats.baseAddress, 0)
          }
        }
      }
    }
    return try answer(sent: sent, sql: sql)
  }

  /// The result when it is a success, else its error (freeing the result).
  func check(_ result: OpaquePointer?, sql: String) throws(PostgresError) -> PostgresResult {
    guard let result else { throw error(of: nil, sql: sql) }
    let owned = PostgresResult(result)
    switch PQresultStatus(result) {
    case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
      return owned
    case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
      throw PostgresError(code: "0A000", message: "COPY is not supported by PostgresConnection", sql: sql)
    default:
      throw error(of: result, sql: sql)
    }
  }

  /// The error a failed result (or, without one, the connection) reports. Libpq's own errors have
  /// no SQLSTATE: they get ``PostgresError/connectionLost`` when the connection is gone.
  func error(of result: OpaquePointer?, sql: String?) -> PostgresError {
    func field(_ code: Character) -> String? {
      guard let result, let value = PQresultErrorField(result, Int32(code.asciiValue!)) else { return nil }
      return String(cString: value)
    }
    let code = field("C") ?? (isConnected ? PostgresError.clientFailure : PostgresError.connectionLost)
    guard var message = field("M") else {
      let text = result.map { String(cString: PQresultErrorMessage($0)) } ?? ""
      let reason = Self.oneLine(text.isEmpty ? String(cString: PQerrorMessage(handle)) : text)
      return PostgresError(code: code, message: reason.isEmpty ? "the statement failed" : reason, sql: sql)
    }
    if let detail = field("D") { message += ": \(detail)" }
    if let hint = field("H") { message += " (\(hint))" }
    return PostgresError(code: code, message: message, sql: sql)
  }

  /// Settings of the session, made again by ``reset()`` (a new session forgets them).
  private func applySessionSettings() throws(PostgresError) {
    if let statementTimeout {
      let components = statementTimeout.components
      let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
      try execute("SET statement_timeout = \(max(1, milliseconds))")
    }
  }

  /// `PQconnectdbParams` with the dbname entry expanded as a connection string: the entries before
  /// it are defaults the string may override, those after it override the string.
  private static func connect(keywords: [String], values: [String]) -> OpaquePointer? {
    let keywordPointers = keywords.map { UnsafePointer(strdup($0)) } + [nil]
    let valuePointers = values.map { UnsafePointer(strdup($0)) } + [nil]
    defer {
      for pointer in keywordPointers + valuePointers { free(UnsafeMutablePointer(mutating: pointer)) }
    }
    return PQconnectdbParams(keywordPointers, valuePointers, 1)
  }

  /// Libpq's last error on `handle`, on one line.
  static func errorMessage(of handle: OpaquePointer) -> String {
    oneLine(String(cString: PQerrorMessage(handle)))
  }

  /// Libpq's messages end with a newline and put hints on lines of their own.
  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
      .joined(separator: " ")
  }
}
