import CPostgres
import Foundation

/// A statement's parameters as `PQexecParams` takes them: for each one a type OID (0: let the
/// server infer it), its bytes (NUL-terminated text, or binary), their length and their format.
/// The bytes are copied once and freed with the parameters.
final class PostgresParameters {
  private(set) var types: [Oid] = []
  private(set) var values: [UnsafePointer<CChar>?] = []
  private(set) var lengths: [Int32] = []
  private(set) var formats: [Int32] = []
  private var buffers: [UnsafeMutableRawPointer] = []

  /// `bigint`, `double precision`, `boolean` and `bytea`, as in `pg_type`.
  private static let int8: Oid = 20
  private static let float8: Oid = 701
  private static let bool: Oid = 16
  private static let bytea: Oid = 17

  /// The text format, and the binary one (used for bytes only).
  private static let textFormat: Int32 = 0
  private static let binaryFormat: Int32 = 1

  /// Converts `values`; a text with a NUL character is refused, since PostgreSQL cannot store
  /// one and libpq would silently cut the text there.
  init(_ values: [any PostgresValueConvertible], sql: String) throws(PostgresError) {
    for (offset, value) in values.enumerated() {
      switch value.postgresValue {
      case .null:
        append(type: 0, bytes: nil, format: Self.textFormat)
      case .text(let text):
        guard !text.utf8.contains(0) else {
          throw PostgresError(
            code: "22021",
            message: "parameter $\(offset + 1) contains a NUL character, which PostgreSQL text cannot hold",
            sql: sql)
        }
        append(type: 0, bytes: Array(text.utf8), format: Self.textFormat)
      case .integer(let integer):
        append(type: Self.int8, bytes: Array(String(integer).utf8), format: Self.textFormat)
      case .double(let double):
        append(type: Self.float8, bytes: Array(Self.text(of: double).utf8), format: Self.textFormat)
      case .bool(let bool):
        append(type: Self.bool, bytes: Array((bool ? "t" : "f").utf8), format: Self.textFormat)
      case .bytes(let data):
        append(type: Self.bytea, bytes: Array(data), format: Self.binaryFormat)
      }
    }
  }

  deinit {
    for buffer in buffers { buffer.deallocate() }
  }

  /// How many parameters there are.
  var count: Int32 { Int32(values.count) }

  /// Keeps a copy of `bytes` (NUL-terminated, which binary values simply do not read), or NULL.
  private func append(type: Oid, bytes: [UInt8]?, format: Int32) {
    types.append(type)
    formats.append(format)
    guard let bytes else {
      values.append(nil)
      lengths.append(0)
      return
    }
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes.count + 1, alignment: 1)
    buffers.append(buffer)
    bytes.withUnsafeBytes { source in
      if let start = source.baseAddress { buffer.copyMemory(from: start, byteCount: source.count) }
    }
    buffer.storeBytes(of: 0, toByteOffset: bytes.count, as: UInt8.self)
    values.append(UnsafePointer(buffer.assumingMemoryBound(to: CChar.self)))
    lengths.append(Int32(bytes.count))
  }

  /// A double as `float8in` reads it back exactly: Swift's shortest round-trip digits, and
  /// PostgreSQL's spelling of the infinities and NaN.
  private static func text(of double: Double) -> String {
    if double.isNaN { return "NaN" }
    if double.isInfinite { return double < 0 ? "-Infinity" : "Infinity" }
    return "\(double)"
  }
}
