/// Reads comma-separated values as RFC 4180 writes them, one record at a time.
///
/// Fields are separated by commas and records by CRLF or LF (a lone CR ends a record too). A field
/// in double quotes may hold commas, line breaks and doubled quotes (`""` is one `"`). A UTF-8
/// byte-order mark at the start is skipped. The reader is lenient where files are commonly wrong:
/// a quote inside an unquoted field, or text after a closing quote, is kept as written. A quote
/// that is never closed runs to the end of the file; ``Record/isUnterminated`` says so, and
/// ``resume(afterFirstLineOf:)`` lets a caller read on from the next line instead.
struct CSVReader {
  /// One record, with the lines it spans.
  struct Record: Equatable {
    /// The 1-based line the record starts on.
    let line: Int
    /// The line it ends on: later than `line` when a quoted field holds line breaks.
    let lastLine: Int
    /// The fields, unquoted.
    let fields: [String]
    /// `true` when the file ended inside a quoted field.
    let isUnterminated: Bool
    /// Where the line after the record's first one starts.
    fileprivate let secondLineOffset: Int

    /// `true` for an empty line.
    var isBlank: Bool { fields.count == 1 && fields[0].isEmpty }
  }

  private let bytes: [UInt8]
  /// How far into the bytes the reader is.
  private(set) var offset: Int
  private var line = 1

  /// A reader at the start of `bytes`.
  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    offset = bytes.startIndexAfterByteOrderMark
  }

  // MARK: - Reading

  /// The next record, or `nil` at the end.
  mutating func next() -> Record? {
    guard offset < bytes.count else { return nil }
    let firstLine = line
    var secondLineOffset: Int?
    var fields: [String] = []
    var isUnterminated = false
    while true {
      if bytes[offset] == .quote {
        let (field, isClosed) = readQuoted(secondLineOffset: &secondLineOffset)
        fields.append(field)
        isUnterminated = !isClosed
      } else {
        let start = offset
        skipToSeparator()
        fields.append(String(decoding: bytes[start..<offset], as: UTF8.self))
      }
      guard offset < bytes.count, bytes[offset] == .comma else { break }
      offset += 1
      if offset == bytes.count {
        fields.append("")
        break
      }
    }
    let lastLine = line
    if offset < bytes.count { endLine() }
    return Record(
      line: firstLine, lastLine: lastLine, fields: fields, isUnterminated: isUnterminated,
      secondLineOffset: secondLineOffset ?? offset)
  }

  /// Reads on from the line after `record`'s first line: for a record that does not fit, because an
  /// unbalanced quote swallowed the line breaks after it, so that the lines it swallowed are read as
  /// records of their own.
  mutating func resume(afterFirstLineOf record: Record) {
    offset = record.secondLineOffset
    line = record.line + 1
  }

  // MARK: - Fields

  /// Reads a quoted field from its opening quote, and any text after its closing quote up to the
  /// next separator. `isClosed` is `false` when the file ends inside the quotes.
  private mutating func readQuoted(secondLineOffset: inout Int?) -> (field: String, isClosed: Bool) {
    offset += 1
    var field: [UInt8] = []
    while offset < bytes.count {
      let byte = bytes[offset]
      offset += 1
      if byte == .quote {
        if offset < bytes.count && bytes[offset] == .quote {
          field.append(.quote)
          offset += 1
          continue
        }
        let rest = offset
        skipToSeparator()
        field.append(contentsOf: bytes[rest..<offset])
        return (String(decoding: field, as: UTF8.self), true)
      }
      if byte == .lineFeed {
        line += 1
        if secondLineOffset == nil { secondLineOffset = offset }
      }
      field.append(byte)
    }
    return (String(decoding: field, as: UTF8.self), false)
  }

  private mutating func skipToSeparator() {
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == .comma || byte == .lineFeed || byte == .carriageReturn { return }
      offset += 1
    }
  }

  /// Consumes a line break: CRLF, LF or a lone CR.
  private mutating func endLine() {
    if bytes[offset] == .carriageReturn && offset + 1 < bytes.count && bytes[offset + 1] == .lineFeed {
      offset += 1
    }
    offset += 1
    line += 1
  }
}

extension UInt8 {
  fileprivate static let quote = UInt8(ascii: "\"")
  fileprivate static let comma = UInt8(ascii: ",")
  fileprivate static let lineFeed = UInt8(ascii: "\n")
  fileprivate static let carriageReturn = UInt8(ascii: "\r")
}
