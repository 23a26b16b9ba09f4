import Foundation

/// A value bound to a statement's parameter (`$1`, `$2`, ...).
///
/// Values are sent as text, with a type for those whose type is certain (`bigint`, `double
/// precision`, `boolean`) and none for text, so that the server reads text as whatever the
/// statement needs there (`text`, `jsonb`, `timestamptz`, ...); bytes are sent as `bytea`, in
/// binary.
public enum PostgresValue: Equatable, Sendable {
  /// NULL.
  case null
  /// Text, which PostgreSQL cannot store with a NUL character in it.
  case text(String)
  /// A 64-bit integer (`bigint`).
  case integer(Int64)
  /// A double (`double precision`), infinities and NaN included.
  case double(Double)
  /// A boolean.
  case bool(Bool)
  /// Bytes (`bytea`).
  case bytes(Data)
}

/// A Swift value that binds to a statement parameter.
public protocol PostgresValueConvertible: Sendable {
  /// The value as it is sent to PostgreSQL.
  var postgresValue: PostgresValue { get }
}

extension PostgresValue: PostgresValueConvertible {
  public var postgresValue: PostgresValue { self }
}

extension Int: PostgresValueConvertible {
  public var postgresValue: PostgresValue { .integer(Int64(self)) }
}

extension Int64: PostgresValueConvertible {
  public var postgresValue: PostgresValue { .integer(self) }
}

extension Int32: PostgresValueConvertible {
  public var postgresValue: PostgresValue { .integer(Int64(self)) }
}

extension Double: PostgresValueConvertible {
  public var postgresValue: PostgresValue { .double(self) }
}

extension Bool: PostgresValueConvertible {
  public var postgresValue: PostgresValue { .bool(self) }
}

extension String: PostgresValueConvertible {
  public var postgresValue: PostgresValue { .text(self) }
}

extension Substring: PostgresValueConvertible {
  public var postgresValue: PostgresValue { .text(String(self)) }
}

extension Data: PostgresValueConvertible {
  public var postgresValue: PostgresValue { .bytes(self) }
}

extension Optional: PostgresValueConvertible where Wrapped: PostgresValueConvertible {
  public var postgresValue: PostgresValue { self?.postgresValue ?? .null }
}
