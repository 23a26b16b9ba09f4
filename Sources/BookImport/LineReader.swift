/// Splits a file's bytes into numbered lines, for the formats that hold one record per line.
///
/// Lines end with LF, CRLF or a lone CR (old Mac files); the last one may end without any. A UTF-8
/// byte-order mark at the start is skipped. Lines are numbered from 1, blank ones included, as an
/// editor numbers them. The file is read through a ``ByteWindow``, so a line at a time is held,
/// never the whole file.
struct LineReader {
  /// One line, without its line break.
  struct Line {
    /// The 1-based line number.
    let number: Int
    /// The line's bytes; none for a line of ``LineReader/maximumLength`` bytes or more.
    let bytes: [UInt8]
    /// `true` for a line of ``LineReader/maximumLength`` bytes or more, whose bytes were not kept.
    var isTooLong = false

    /// `true` when the line holds nothing but spaces and tabs.
    var isBlank: Bool {
      !isTooLong && bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// The line's text, or `nil` when it is not valid UTF-8.
    var text: String? { String(validating: bytes, as: UTF8.self) }
  }

  private var window: ByteWindow
  /// How far into the bytes the reader is.
  private(set) var offset: Int
  private var number = 0

  /// A reader at the start of `bytes`.
  init(_ bytes: [UInt8]) {
    self.init(ByteWindow(bytes))
  }

  /// A reader at the start of the bytes of `window`.
  init(_ window: ByteWindow) {
    self.window = window
    offset = self.window.startAfterByteOrderMark()
  }

  /// The number of lines read so far.
  var linesRead: Int { number }

  /// Passes over the bytes before `offset`, where line `line + 1` starts, without reading them as
  /// lines; `false` when the file ends before it.
  mutating func skip(to offset: Int, line: Int) -> Bool {
    guard offset >= self.offset, window.skip(to: offset) else { return false }
    (self.offset, number) = (offset, line)
    return true
  }

  /// A line this long or longer is not kept: a record of any format is far shorter. It is passed
  /// over without holding it (a file with no line breaks would otherwise be held whole).
  static let maximumLength = 8 << 20

  /// The next line, or `nil` at the end.
  mutating func next() -> Line? {
    guard window.byte(at: offset) != nil else { return nil }
    window.release(before: offset)
    let start = offset
    let (lf, cr) = (UInt8(ascii: "\n"), UInt8(ascii: "\r"))
    var end = window.firstIndex(of: lf, or: cr, from: start, within: Self.maximumLength)
    var position = start + Self.maximumLength
    while end == nil {
      window.release(before: position)
      end = window.firstIndex(of: lf, or: cr, from: position, within: ByteWindow.chunkSize)
      position += ByteWindow.chunkSize
    }
    offset = end ?? position
    // The first search covers the `maximumLength` bytes from `start`: a line it did not end was
    // released as it was searched.
    let tooLong = offset - start >= Self.maximumLength
    let bytes = tooLong ? [] : window.bytes(start..<offset)
    if window.byte(at: offset) == cr { offset += 1 }
    if window.byte(at: offset) == lf { offset += 1 }
    number += 1
    return Line(number: number, bytes: bytes, isTooLong: tooLong)
  }
}
