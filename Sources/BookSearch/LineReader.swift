/// Splits a file's bytes into numbered lines, for the formats that hold one record per line.
///
/// Lines end with LF or CRLF; the last one may end without either. A UTF-8 byte-order mark at the
/// start is skipped. Lines are numbered from 1, blank ones included, as an editor numbers them.
struct LineReader {
  /// One line, without its line break.
  struct Line {
    /// The 1-based line number.
    let number: Int
    /// The line's bytes.
    let bytes: ArraySlice<UInt8>

    /// `true` when the line holds nothing but spaces and tabs.
    var isBlank: Bool { bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } }
  }

  private let bytes: [UInt8]
  /// How far into the bytes the reader is.
  private(set) var offset: Int
  private var number = 0

  /// A reader at the start of `bytes`.
  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    offset = bytes.startIndexAfterByteOrderMark
  }

  /// The next line, or `nil` at the end.
  mutating func next() -> Line? {
    guard offset < bytes.count else { return nil }
    let start = offset
    var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    offset = min(end + 1, bytes.count)
    if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    number += 1
    return Line(number: number, bytes: bytes[start..<end])
  }
}

extension [UInt8] {
  /// The index just after a UTF-8 byte-order mark (`EF BB BF`) at the start, else `0`.
  var startIndexAfterByteOrderMark: Int { starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0 }
}
