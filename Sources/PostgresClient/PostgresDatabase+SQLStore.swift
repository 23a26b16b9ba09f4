import Foundation
import SQLStore

extension PostgresDatabase: SQLStore {
  /// PostgreSQL.
  public nonisolated var dialect: SQLDialect { .postgresql }

  /// ``read(_:)`` (a read-only transaction on one snapshot) for a store written against
  /// ``SQLStore/SQLStore``.
  public func read<T: Sendable>(_ body: @Sendable (any SQLSession) throws -> T) throws -> T {
    try read { (connection: PostgresConnection) in try body(PostgresSession(connection: connection)) }
  }

  /// ``write(isolation:_:)`` for a store written against ``SQLStore/SQLStore``: the transaction
  /// first takes the database's write lock (a transaction-level advisory lock), so that writes of
  /// every server take turns, as SQLite's immediate transactions do.
  public func write<T: Sendable>(_ body: @Sendable (any SQLSession) throws -> T) throws -> T {
    try write(isolation: .readCommitted) { (connection: PostgresConnection) in
      try connection.run("SELECT pg_advisory_xact_lock($1)", [Self.writeLock])
      return try body(PostgresSession(connection: connection))
    }
  }

  /// The advisory lock every ``SQLStore/SQLStore`` write holds: `chaek` in ASCII.
  static let writeLock = 0x63_68_61_65_6B
}

/// A connection inside a transaction, for a store written against ``SQLStore/SQLStore``: its `?`
/// parameters become `$1`, `$2`…, its values PostgreSQL's.
struct PostgresSession: SQLSession {
  let connection: PostgresConnection

  func run(_ sql: String, _ values: [any SQLValueConvertible]) throws {
    try connection.run(Self.numbered(sql), values.map(\.sqlValue.postgresValue))
  }

  func fetch<T>(_ sql: String, _ values: [any SQLValueConvertible], _ map: (any SQLRow) throws -> T) throws
    -> [T]
  {
    try connection.query(Self.numbered(sql), values.map(\.sqlValue.postgresValue)) { (row: PostgresRow) in
      try map(row)
    }
  }

  /// `sql` with each `?` outside quotes numbered in order: `$1`, `$2`…. (Statements written for
  /// both engines put no `?` in a comment.)
  static func numbered(_ sql: String) -> String {
    var result = ""
    var number = 0
    var quote: Character?
    for character in sql {
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "'" || character == "\"" {
        quote = character
      } else if character == "?" {
        number += 1
        result += "$\(number)"
        continue
      }
      result.append(character)
    }
    return result
  }
}

extension SQLValue {
  /// The value as PostgreSQL is sent it.
  var postgresValue: PostgresValue {
    switch self {
    case .null: .null
    case .integer(let value): .integer(value)
    case .real(let value): .double(value)
    case .text(let value): .text(value)
    case .blob(let value): .bytes(value)
    }
  }
}

extension PostgresRow: SQLRow {}
