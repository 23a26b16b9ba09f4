import Foundation

/// A value a statement binds or a row holds: SQLite's five storage classes, which PostgreSQL's
/// columns of Chaek's stores map to (`bigint`, `double precision`, `text`, `bytea`).
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
  /// The value as the database stores it.
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
