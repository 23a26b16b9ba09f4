import Foundation
import SQLStore

/// A connection inside a transaction, for a store written against ``SQLStore/SQLStore``: its `?`
/// parameters become `$1`, `$2`…, its values PostgreSQL's.
///
/// A store keeps any text, U+0000 too (a reader's note after a NUL is theirs), which PostgreSQL's
/// `text` cannot hold: text is sent with U+0000 written as U+FDD0 `0` and U+FDD0 as U+FDD0 `1`
/// (U+FDD0 is a noncharacter, which Unicode sets aside for a program's own use), and read back
/// the other way. Text without either is sent and read as it is.
struct PostgresSession: SQLSession {
  let connection: PostgresConnection

  var dialect: SQLDialect { .postgresql }

  @discardableResult
  func run(_ sql: String, _ values: [any SQLValueConvertible]) throws -> Int {
    try connection.run(Self.numbered(sql), values.map(\.sqlValue.postgresValue))
  }

  func fetch<T>(_ sql: String, _ values: [any SQLValueConvertible], _ map: (any SQLRow) throws -> T) throws
    -> [T]
  {
    try connection.query(Self.numbered(sql), values.map(\.sqlValue.postgresValue)) { (row: PostgresRow) in
      try map(StoredRow(row: row))
    }
  }

  /// `sql` with each `?` outside quotes numbered in order (`$1`, `$2`…), and each `?N` made `$N`.
  /// (Statements written for both engines put no `?` in a comment, and use one style or the other:
  /// SQLite numbers a `?` after `?N` as N + 1, which this does not.)
  static func numbered(_ sql: String) -> String {
    var result = ""
    var number = 0
    var quote: Character?
    var characters = sql.makeIterator()
    var next = characters.next()
    while let character = next {
      next = characters.next()
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "'" || character == "\"" {
        quote = character
      } else if character == "?" {
        if let digit = next, digit.isASCII, digit.isNumber {
          result += "$"
        } else {
          number += 1
          result += "$\(number)"
        }
        continue
      }
      result.append(character)
    }
    return result
  }
}

/// A row as a store reads it: its text as it was written (see ``PostgresSession``).
struct StoredRow: SQLRow {
  let row: PostgresRow

  func isNull(_ index: Int) -> Bool { row.isNull(index) }
  func int(_ index: Int) -> Int { row.int(index) }
  func double(_ index: Int) -> Double { row.double(index) }
  func text(_ index: Int) -> String { StoredText.decoded(row.text(index)) }
}

extension SQLValue {
  /// The value as PostgreSQL is sent it.
  var postgresValue: PostgresValue {
    switch self {
    case .null: .null
    case .integer(let value): .integer(value)
    case .real(let value): .double(value)
    case .text(let value): .text(StoredText.encoded(value))
    case .blob(let value): .bytes(value)
    }
  }
}
