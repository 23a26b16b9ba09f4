import Foundation
@_exported import SQLStore

/// Integers bound as one JSON array, for `IN (SELECT value FROM json_each(?))`: SQLite binds no
/// arrays, and this binds any number of values with one statement.
public struct IntegerList: SQLValueConvertible {
  /// The integers, in order.
  public let values: [Int]

  /// The list of `values`.
  public init(_ values: [Int]) {
    self.values = values
  }

  public var sqlValue: SQLValue { .text("[" + values.map(String.init).joined(separator: ",") + "]") }
}
