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
  /// (Statements written for both engines put no `?` in a comment.)
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

/// How text PostgreSQL cannot hold is written (see ``PostgresSession``).
enum StoredText {
  /// U+FDD0, which Swift's literals refuse (it is a noncharacter).
  static let marker = Unicode.Scalar(0xFDD0)!
  static let nul = Unicode.Scalar(0)!

  /// `text` with U+0000 and U+FDD0 written so that PostgreSQL keeps them.
  static func encoded(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 == nul || $0 == marker }) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case nul: result.append(contentsOf: [marker, "0"])
      case marker: result.append(contentsOf: [marker, "1"])
      default: result.append(scalar)
      }
    }
    return String(result)
  }

  /// Text as ``encoded(_:)`` wrote it, as it was before.
  static func decoded(_ text: String) -> String {
    guard text.unicodeScalars.contains(marker) else { return text }
    var result = String.UnicodeScalarView()
    var escaped = false
    for scalar in text.unicodeScalars {
      if escaped {
        result.append(scalar == "0" ? nul : scalar == "1" ? marker : scalar)
        escaped = false
      } else if scalar == marker {
        escaped = true
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }
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
