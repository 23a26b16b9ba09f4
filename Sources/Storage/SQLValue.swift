import Foundation

/// A value SQLite stores: the five storage classes.
public enum SQLValue: Equatable, Sendable {
  /// NULL.
  case null
  /// A 64-bit integer.
  case integer(Int64)
  /// A double.
  case real(Double)
  /// UTF-8 text.
  case text(String)
  /// Bytes.
  case blob(Data)
}

/// A Swift value that binds to a statement parameter.
public protocol SQLValueConvertible: Sendable {
  /// The value as SQLite stores it.
  var sqlValue: SQLValue { get }
}

extension SQLValue: SQLValueConvertible {
  public var sqlValue: SQLValue { self }
}

extension Int: SQLValueConvertible {
  public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Int64: SQLValueConvertible {
  public var sqlValue: SQLValue { .integer(self) }
}

extension Bool: SQLValueConvertible {
  public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
}

extension Double: SQLValueConvertible {
  public var sqlValue: SQLValue { .real(self) }
}

extension String: SQLValueConvertible {
  public var sqlValue: SQLValue { .text(self) }
}

extension Data: SQLValueConvertible {
  public var sqlValue: SQLValue { .blob(self) }
}

extension Optional: SQLValueConvertible where Wrapped: SQLValueConvertible {
  public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

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
