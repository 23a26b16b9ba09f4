import CPostgres
import Foundation

/// Columns read by the name the query gives them (`SELECT id, book AS json …` → `"json"`), for
/// code whose column list is written elsewhere than where it reads the row.
extension PostgresRow {
  /// The position of the column named `name` (case-insensitive, as unquoted SQL names are).
  /// - Throws: a ``PostgresError`` naming the column when the result has none of that name.
  public func index(of name: String) throws(PostgresError) -> Int {
    for index in 0..<count {
      if let pointer = PQfname(result.handle, Int32(index)),
        String(cString: pointer).caseInsensitiveCompare(name) == .orderedSame
      {
        return index
      }
    }
    throw PostgresError(code: "42703", message: "no column \(name) in the result")
  }

  /// `true` when the column named `name` is NULL.
  public func isNull(_ name: String) throws(PostgresError) -> Bool { isNull(try index(of: name)) }

  /// The column named `name` as text (NULL → empty).
  public func text(_ name: String) throws(PostgresError) -> String { text(try index(of: name)) }

  /// The column named `name` as text, or `nil` when NULL.
  public func optionalText(_ name: String) throws(PostgresError) -> String? {
    optionalText(try index(of: name))
  }

  /// The column named `name` as an integer (NULL → 0).
  public func int(_ name: String) throws(PostgresError) -> Int { int(try index(of: name)) }

  /// The column named `name` as a double (NULL → 0).
  public func double(_ name: String) throws(PostgresError) -> Double { double(try index(of: name)) }

  /// The column named `name` as a boolean (NULL → `false`).
  public func bool(_ name: String) throws(PostgresError) -> Bool { bool(try index(of: name)) }

  /// The column named `name` as bytes (NULL → empty).
  public func data(_ name: String) throws(PostgresError) -> Data { data(try index(of: name)) }
}
