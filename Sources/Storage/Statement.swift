import CSQLite
import Foundation

/// A prepared statement, owned by one ``Connection`` and cached by its SQL.
///
/// Used only inside ``Connection`` methods and row closures: it never leaves its connection's executor.
public final class Statement {
  let handle: OpaquePointer
  /// The statement's SQL.
  public let sql: String
  private unowned let connection: Connection

  init(connection: Connection, sql: String) throws(DatabaseError) {
    var handle: OpaquePointer?
    let code = sqlite3_prepare_v3(
      connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
    guard code == SQLITE_OK, let handle else {
      throw connection.error(code: code, sql: sql)
    }
    self.handle = handle
    self.sql = sql
    self.connection = connection
  }

  deinit { sqlite3_finalize(handle) }

  /// Resets the statement and binds `values` to its parameters, in order.
  func reset(binding values: [any SQLValueConvertible]) throws(DatabaseError) {
    sqlite3_reset(handle)  // each parameter is bound again below: none keeps an old value
    guard Int(sqlite3_bind_parameter_count(handle)) == values.count else {
      throw DatabaseError(
        code: SQLITE_RANGE,
        message: "expected \(sqlite3_bind_parameter_count(handle)) arguments, got \(values.count)",
        sql: sql)
    }
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value.sqlValue {
      case .null: code = sqlite3_bind_null(handle, index)
      case .integer(let int): code = sqlite3_bind_int64(handle, index, int)
      case .real(let double): code = sqlite3_bind_double(handle, index, double)
      case .text(var text):
        // With its length in bytes (a length of -1 would end the text at its first NUL), from the
        // string's own bytes; an empty text's bytes may have no address, and a null one binds NULL.
        code = text.withUTF8 { bytes in
          bytes.withMemoryRebound(to: CChar.self) { text in
            guard let address = text.baseAddress else {
              return sqlite3_bind_text64(handle, index, "", 0, csqlite_transient(), UInt8(SQLITE_UTF8))
            }
            return sqlite3_bind_text64(
              handle, index, address, UInt64(text.count), csqlite_transient(), UInt8(SQLITE_UTF8))
          }
        }
      case .blob(let data):
        code = data.withUnsafeBytes {
          sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), csqlite_transient())
        }
      }
      guard code == SQLITE_OK else { throw connection.error(code: code, sql: sql) }
    }
  }

  /// Steps once: `true` when a row is available.
  func step() throws(DatabaseError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code:
      let error = connection.error(code: code, sql: sql)
      sqlite3_reset(handle)
      throw error
    }
  }
}

/// The current row of a statement; columns are read by index.
/// Valid only inside the closure it is passed to.
public struct Row {
  let statement: Statement

  /// The number of columns.
  public var count: Int { Int(sqlite3_column_count(statement.handle)) }

  /// `true` when the column is NULL.
  public func isNull(_ index: Int) -> Bool {
    sqlite3_column_type(statement.handle, Int32(index)) == SQLITE_NULL
  }

  /// The column as an integer (NULL → 0).
  public func int(_ index: Int) -> Int { Int(sqlite3_column_int64(statement.handle, Int32(index))) }

  /// The column as a double (NULL → 0).
  public func double(_ index: Int) -> Double { sqlite3_column_double(statement.handle, Int32(index)) }

  /// The column as text (NULL → empty), every byte of it: a NUL inside is kept.
  public func text(_ index: Int) -> String {
    guard let pointer = sqlite3_column_text(statement.handle, Int32(index)) else { return "" }
    let count = Int(sqlite3_column_bytes(statement.handle, Int32(index)))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  /// The column as bytes (NULL → empty).
  public func data(_ index: Int) -> Data {
    let count = Int(sqlite3_column_bytes(statement.handle, Int32(index)))
    guard count > 0, let pointer = sqlite3_column_blob(statement.handle, Int32(index)) else { return Data() }
    return Data(bytes: pointer, count: count)
  }

  /// Reads the column's bytes in place, without copying them (NULL → empty); the buffer is valid
  /// only inside `body`.
  public func withBytes<T>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
    let pointer = sqlite3_column_blob(statement.handle, Int32(index))
    let count = Int(sqlite3_column_bytes(statement.handle, Int32(index)))
    return try body(UnsafeRawBufferPointer(start: count > 0 ? pointer : nil, count: count))
  }
}
