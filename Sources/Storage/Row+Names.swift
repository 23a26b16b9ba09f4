import CSQLite
import Foundation

/// Columns read by the name the query gives them (`SELECT rowid, book AS json …` → `"json"`), for
/// code whose column list is written elsewhere than where it reads the row.
extension Row {
  /// The position of the column named `name` (case-insensitive, as SQL names are).
  /// - Throws: a ``DatabaseError`` naming the column when the query has none of that name.
  public func index(of name: String) throws(DatabaseError) -> Int {
    for index in 0..<count {
      if let pointer = sqlite3_column_name(statement.handle, Int32(index)),
        String(cString: pointer).caseInsensitiveCompare(name) == .orderedSame
      {
        return index
      }
    }
    throw DatabaseError(code: SQLITE_RANGE, message: "no column \(name) in the result", sql: statement.sql)
  }

  /// `true` when the column named `name` is NULL.
  public func isNull(_ name: String) throws(DatabaseError) -> Bool { isNull(try index(of: name)) }

  /// The column named `name` as an integer (NULL → 0).
  public func int(_ name: String) throws(DatabaseError) -> Int { int(try index(of: name)) }

  /// The column named `name` as a double (NULL → 0).
  public func double(_ name: String) throws(DatabaseError) -> Double { double(try index(of: name)) }

  /// The column named `name` as text (NULL → empty).
  public func text(_ name: String) throws(DatabaseError) -> String { text(try index(of: name)) }

  /// The column named `name` as text, or `nil` when NULL.
  public func optionalText(_ name: String) throws(DatabaseError) -> String? {
    optionalText(try index(of: name))
  }

  /// The column named `name` as bytes (NULL → empty).
  public func data(_ name: String) throws(DatabaseError) -> Data { data(try index(of: name)) }
}
