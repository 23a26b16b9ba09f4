/// Reads comma-separated values as RFC 4180 writes them, one record at a time.
///
/// Fields are separated by commas and records by CRLF, LF or a lone CR (old Mac files), and lines
/// are counted the same way inside quoted fields. A field in double quotes may hold commas, line
/// breaks and doubled quotes (`""` is one `"`). A UTF-8
/// byte-order mark at the start is skipped. The reader is lenient where files are commonly wrong:
/// a quote inside an unquoted field, or text after a closing quote, is kept as written. A quote
/// that is never closed runs to the end of the file; ``Record/isUnterminated`` says so, and
/// ``resume(afterFirstLineOf:)`` lets a caller read on from the next line instead. The file is read
/// through a ``ByteWindow``, so a record at a time is held, never the whole file.
///
/// Reading on from a record's second line reads again the lines it ran over, so the reader bounds
/// what it reads past records' first lines in all (``crossedBytes``): at most ``recordLimit`` plus
/// ``crossingFactor`` times the bytes before the record being read. A file whose every line opens
/// a quote that runs on is so read in time linear in its size, each such line ended early as
/// unterminated; a file with line breaks only in quoted fields that close is never near the bound.
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
    /// `false` when a field is not valid UTF-8 (its invalid bytes read as U+FFFD).
    let isValidUTF8: Bool
    /// Where the line after the record's first one starts.
    fileprivate let secondLineOffset: Int

    /// `true` for an empty line.
    var isBlank: Bool { fields.count == 1 && fields[0].isEmpty }
  }

  /// The longest record read whole, in bytes: a quote left open makes a record run on, and past
  /// this it is ended as unterminated, so that reading resumes after its first line rather than
  /// holding the rest of the file.
  static let recordLimit = 1 << 20

  /// How many bytes past their first lines records may have been read in all, per byte of the file
  /// before the record being read, beyond a first ``recordLimit``.
  static let crossingFactor = 4

  private var window: ByteWindow
  /// How far into the bytes the reader is.
  private(set) var offset: Int
  private var line = 1
  /// The bytes read past the first line of their records so far, in all: the part of the reading
  /// that ``resume(afterFirstLineOf:)`` repeats.
  private(set) var crossedBytes = 0

  /// A reader at the start of `bytes`.
  init(_ bytes: [UInt8]) {
    self.init(ByteWindow(bytes))
  }

  /// A reader at the start of the bytes of `window`.
  init(_ window: ByteWindow) {
    self.window = window
    offset = self.window.startAfterByteOrderMark()
  }

  // MARK: - Reading

  /// The next record, or `nil` at the end.
  mutating func next() -> Record? {
    guard window.byte(at: offset) != nil else { return nil }
    window.release(before: offset)
    let start = offset
    let firstLine = line
    var secondLineOffset: Int?
    var fields: [String] = []
    var isUnterminated = false
    var isValidUTF8 = true
    let crossingLimit = min(Self.recordLimit, Self.recordLimit + Self.crossingFactor * start - crossedBytes)
    while true {
      if window.byte(at: offset) == .quote {
        let (field, isClosed) = readQuoted(
          from: start, crossingLimit: crossingLimit, secondLineOffset: &secondLineOffset)
        fields.append(Self.string(field, valid: &isValidUTF8))
        isUnterminated = !isClosed
        if !isClosed { break }
      } else {
        let fieldStart = offset
        skipToSeparator()
        fields.append(Self.string(window.bytes(fieldStart..<offset), valid: &isValidUTF8))
      }
      guard window.byte(at: offset) == .comma else { break }
      offset += 1
      if window.byte(at: offset) == nil {
        fields.append("")
        break
      }
    }
    let lastLine = line
    crossedBytes += secondLineOffset.map { offset - $0 } ?? 0
    if !isUnterminated && window.byte(at: offset) != nil { endLine() }
    return Record(
      line: firstLine, lastLine: lastLine, fields: fields, isUnterminated: isUnterminated,
      isValidUTF8: isValidUTF8, secondLineOffset: secondLineOffset ?? offset)
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
  /// next separator. `isClosed` is `false` when the file ends inside the quotes, or the record
  /// that began at `start` grows past ``recordLimit``, or past `crossingLimit` bytes after its
  /// first line.
  private mutating func readQuoted(
    from start: Int, crossingLimit: Int, secondLineOffset: inout Int?
  ) -> (field: [UInt8], isClosed: Bool) {
    offset += 1
    var field: [UInt8] = []
    while let byte = window.byte(at: offset), offset - start < Self.recordLimit,
      secondLineOffset.map({ offset - $0 < crossingLimit }) ?? true
    {
      offset += 1
      if byte == .quote {
        if window.byte(at: offset) == .quote {
          field.append(.quote)
          offset += 1
          continue
        }
        let rest = offset
        skipToSeparator()
        field.append(contentsOf: window.bytes(rest..<offset))
        return (field, true)
      }
      // A line break inside quotes: LF, CRLF (counted once, at its LF) or a lone CR.
      if byte == .lineFeed || (byte == .carriageReturn && window.byte(at: offset) != .lineFeed) {
        line += 1
        if secondLineOffset == nil { secondLineOffset = offset }
      }
      field.append(byte)
    }
    return (field, false)
  }

  private mutating func skipToSeparator() {
    while let byte = window.byte(at: offset) {
      if byte == .comma || byte == .lineFeed || byte == .carriageReturn { return }
      offset += 1
    }
  }

  /// Consumes a line break: CRLF, LF or a lone CR.
  private mutating func endLine() {
    if window.byte(at: offset) == .carriageReturn && window.byte(at: offset + 1) == .lineFeed {
      offset += 1
    }
    offset += 1
    line += 1
  }

  /// The text of a field's bytes; invalid UTF-8 is replaced and clears `valid`.
  private static func string(_ bytes: [UInt8], valid: inout Bool) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    valid = false
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension UInt8 {
  fileprivate static let quote = UInt8(ascii: "\"")
  fileprivate static let comma = UInt8(ascii: ",")
  fileprivate static let lineFeed = UInt8(ascii: "\n")
  fileprivate static let carriageReturn = UInt8(ascii: "\r")
}
