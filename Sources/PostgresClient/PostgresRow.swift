import CPostgres
import Foundation

/// One row of a query's result; columns are read by index (from 0), or by name (see
/// `PostgresRow+Names.swift`).
///
/// Values arrive as PostgreSQL's text: the readers convert it (`bigint` to `Int`, `boolean` to
/// `Bool`, `bytea` to `Data`), and read NULL, or text that is not of their kind, as the empty
/// value of their type, as Storage's `Row` does. A row is meant to be read inside the closure
/// it is passed to.
public struct PostgresRow {
  let result: PostgresResult
  let row: Int32

  /// The number of columns.
  public var count: Int { Int(PQnfields(result.handle)) }

  /// `true` when the column is NULL (or there is no such column).
  public func isNull(_ index: Int) -> Bool {
    guard (0..<count).contains(index) else { return true }
    return PQgetisnull(result.handle, row, Int32(index)) == 1
  }

  /// The column as text (NULL → empty).
  public func text(_ index: Int) -> String {
    withBytes(index) { String(decoding: $0, as: UTF8.self) }
  }

  /// The column as text, or `nil` when NULL.
  public func optionalText(_ index: Int) -> String? { isNull(index) ? nil : text(index) }

  /// The column as an integer (NULL, or text that is not an integer, → 0).
  public func int(_ index: Int) -> Int { Int(text(index)) ?? 0 }

  /// The column as a double, infinities and NaN included (NULL → 0).
  public func double(_ index: Int) -> Double { Double(text(index)) ?? 0 }

  /// The column as a boolean: `true` for PostgreSQL's `t` (NULL → `false`).
  public func bool(_ index: Int) -> Bool {
    withBytes(index) { $0.elementsEqual("t".utf8) || $0.elementsEqual("true".utf8) }
  }

  /// The column as bytes, decoding `bytea`'s text (NULL → empty). The hex format (`\x…`, the
  /// server's default) is decoded here; the older escape format by libpq.
  public func data(_ index: Int) -> Data {
    withBytes(index) { bytes in
      if bytes.count >= 2, bytes[0] == UInt8(ascii: "\\"), bytes[1] == UInt8(ascii: "x"),
        let decoded = Self.hexDecoded(bytes.dropFirst(2))
      {
        return decoded
      }
      return Self.unescaped(bytes)
    }
  }

  // MARK: - Internals

  /// Passes the column's bytes (without the terminating NUL) to `body`; empty for NULL.
  private func withBytes<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    guard (0..<count).contains(index), let value = PQgetvalue(result.handle, row, Int32(index)) else {
      return body(UnsafeBufferPointer(start: nil, count: 0))
    }
    let length = Int(PQgetlength(result.handle, row, Int32(index)))
    return value.withMemoryRebound(to: UInt8.self, capacity: length) {
      body(UnsafeBufferPointer(start: $0, count: length))
    }
  }

  /// Pairs of hex digits as bytes, or `nil` when they are not.
  private static func hexDecoded(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Data? {
    guard digits.count.isMultiple(of: 2) else { return nil }
    var data = Data(capacity: digits.count / 2)
    var index = digits.startIndex
    while index < digits.endIndex {
      guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
      data.append(high << 4 | low)
      index += 2
    }
    return data
  }

  private static func hexValue(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// `bytea`'s escape format, decoded by libpq (the column's text is NUL-terminated).
  private static func unescaped(_ bytes: UnsafeBufferPointer<UInt8>) -> Data {
    guard let start = bytes.baseAddress else { return Data() }
    var length = 0
    guard let decoded = PQunescapeBytea(start, &length) else { return Data() }
    defer { PQfreemem(decoded) }
    return Data(bytes: decoded, count: length)
  }
}
