import Foundation

/// A CSV file whose first record names its columns: rows are read by column name, whatever the
/// columns' order, and records that do not fit the header are reported rather than misread.
///
/// A record with another number of fields than the header is skipped as `wrong number of fields`.
/// When such a record spans several lines, an unbalanced quote swallowed the line breaks after it:
/// it is skipped as `unbalanced quotes` and reading resumes on its next line, so one stray quote
/// costs one row, not the rest of the file; a file with such quotes on line after line costs a row
/// each and is still read in time linear in its size (see ``CSVReader``). A record that is not
/// valid UTF-8 is skipped as `invalid UTF-8`.
struct CSVTable {
  /// A record that fits the header.
  struct Row {
    /// The 1-based line the row starts on.
    let line: Int
    fileprivate let fields: [String]
    fileprivate let columns: [String: Int]

    /// The field in `column`, trimmed; empty when the file has no such column.
    subscript(column: String) -> String {
      columns[column].map { fields[$0].trimmingCharacters(in: .whitespaces) } ?? ""
    }

    /// The field in `column` as written, every character of it: for the reader's own text (a
    /// review), whose spaces are the reader's. Empty when the file has no such column.
    func written(_ column: String) -> String {
      columns[column].map { fields[$0] } ?? ""
    }
  }

  private var reader: CSVReader
  private let columns: [String: Int]
  private let columnCount: Int

  /// Reads the header of the file in `window`.
  /// - Throws: ``ImportError`` when the file is empty or its header lacks a `required` column, which
  ///   means the file is not `format`.
  init(_ window: ByteWindow, format: ImportFormat, required: Set<String>) throws(ImportError) {
    reader = CSVReader(window)
    var header: CSVReader.Record?
    repeat { header = reader.next() } while header?.isBlank == true
    guard let header else { throw .emptyFile }
    let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
    let missing = required.subtracting(names).sorted()
    guard missing.isEmpty else {
      throw ImportError(
        message: "not a \(format.displayName): the header on line \(header.line) has no column "
          + missing.joined(separator: ", "))
    }
    columns = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    columnCount = names.count
  }

  /// How far into the file the table is, in bytes.
  var bytesRead: Int { reader.offset }

  /// The next row mapped by `map`, or a skipped record; `nil` at the end. Blank lines are passed over.
  mutating func next(_ map: (Row) -> ImportRow) -> ImportRow? {
    while let record = reader.next() {
      if record.isBlank { continue }
      if record.fields.count == columnCount && !record.isUnterminated {
        guard record.isValidUTF8 else {
          return .skipped(ImportProblem(line: record.line, reason: "invalid UTF-8"))
        }
        return map(Row(line: record.line, fields: record.fields, columns: columns))
      }
      if record.lastLine > record.line || record.isUnterminated {
        reader.resume(afterFirstLineOf: record)
        return .skipped(ImportProblem(line: record.line, reason: "unbalanced quotes"))
      }
      return .skipped(
        ImportProblem(
          line: record.line, reason: "wrong number of fields",
          detail: "\(record.fields.count) of \(columnCount)"))
    }
    return nil
  }
}
