import BookModel
import Foundation

/// Reads a StoryGraph export (Manage Account → Export StoryGraph Library), matching columns by name.
///
/// The book: `Title`; `Authors`, comma-separated; `ISBN/UID`, the book's ISBN when it is a valid
/// one, else StoryGraph's id of the book (a UUID), whose page identifies the book as a Goodreads
/// page does. Any other UID (an Amazon ASIN: `B0851JCZYV`) is left out with a warning, and the book
/// is identified by its title and authors (see ``BookID``). StoryGraph exports no publisher, date
/// or pages.
///
/// The reader's own data (``ImportedBook/reading``); a value that cannot be read is left out with a
/// warning, and the rest of the row is imported:
/// - `Read Status`: `to-read`, `currently-reading`, `read`, `did-not-finish`; `paused` is
///   ``Shelf/reading``; empty when StoryGraph has none.
/// - `Star Rating` in quarter stars (`3.75`), empty when unrated.
/// - `Dates Read`, comma-separated readings: `2023/01/05-2023/01/20`, the day it finished alone
///   (`2023/01/20`), or a start without an end (`2023/01/05-`), days as `YYYY/MM/DD` or
///   `YYYY-MM-DD`. A date StoryGraph gives only to the month or year (`2024/09`) is left out with a
///   warning; the reading is kept. Without `Dates Read`, `Last Date Read` is the day the one reading
///   finished. A book on the `read` shelf was read at least `Read Count` times (0 to
///   ``ReadingRecord/maximumReadings``), the readings without dates first. Of more dated readings
///   than that, the latest are kept, with a warning.
/// - `Date Added`; `Tags`, comma-separated; `Review`, whose `<br>` are line breaks; `Owned?`
///   (`Yes`, `No`).
///
/// Moods, pace, the questions about characters, content warnings, `Format` and `Contributors` are
/// not read.
struct StoryGraphImport: ImportReader {
  /// The columns a file must have to be read as a StoryGraph export.
  static let requiredColumns: Set = ["Title", "Authors", "ISBN/UID", "Read Status"]

  private typealias Reading = ReadingRecord.Reading

  private var table: CSVTable

  init(_ window: ByteWindow) throws(ImportError) {
    table = try CSVTable(window, format: .storygraph, required: Self.requiredColumns)
  }

  var bytesRead: Int { table.bytesRead }

  mutating func next() -> ImportRow? { table.next(Self.book) }

  // MARK: - Mapping

  private static func book(_ row: CSVTable.Row) -> ImportRow {
    let title = row["Title"]
    guard !title.isEmpty else { return .skipped(ImportProblem(line: row.line, reason: "no title")) }
    var warnings: [ImportProblem] = []
    let uid = row["ISBN/UID"]
    let isbn = ISBN(uid)
    let storyGraphID = isbn == nil ? UUID(uuidString: uid) : nil
    if isbn == nil && storyGraphID == nil && !uid.isEmpty {
      warnings.append(
        ImportProblem(line: row.line, reason: "ISBN/UID is neither an ISBN nor a StoryGraph id", detail: uid))
    }
    let book = Book(
      title: title,
      url: storyGraphID.map(ImportField.storyGraphURL(bookID:)) ?? "",
      isbn: isbn?.kakaoNotation ?? "",
      authors: ImportField.names(row["Authors"])
    )
    let reading = record(row, warnings: &warnings)
    return .book(ImportedBook(book: book, reading: reading, line: row.line), warnings: warnings)
  }

  private static func record(_ row: CSVTable.Row, warnings: inout [ImportProblem]) -> ReadingRecord {
    let shelf = shelf(row["Read Status"], line: row.line, warnings: &warnings)
    var dated = readings(row["Dates Read"], line: row.line, warnings: &warnings)
    if dated.isEmpty, let last = row.day("Last Date Read", warnings: &warnings) {
      dated = [Reading(finished: last)]
    }
    let readCount =
      row.number("Read Count", in: 0...ReadingRecord.maximumReadings, warnings: &warnings) ?? 0
    return ReadingRecord(
      shelf: shelf,
      rating: row.rating("Star Rating", warnings: &warnings),
      tags: ImportField.names(row["Tags"]),
      review: ImportField.review(row.written("Review")),
      added: row.day("Date Added", warnings: &warnings),
      readings: ImportField.readings(dated, count: shelf == .read ? readCount : 0),
      owned: owned(row["Owned?"], line: row.line, warnings: &warnings)
    )
  }

  private static func shelf(_ status: String, line: Int, warnings: inout [ImportProblem]) -> Shelf? {
    if status.isEmpty { return nil }
    if status.lowercased() == "paused" { return .reading }
    if let shelf = Shelf(exchangeName: status) { return shelf }
    warnings.append(ImportProblem(line: line, reason: "Read Status is not a reading status", detail: status))
    return nil
  }

  private static func owned(_ text: String, line: Int, warnings: inout [ImportProblem]) -> Bool {
    switch text.lowercased() {
    case "yes": return true
    case "no", "": return false
    default:
      warnings.append(ImportProblem(line: line, reason: "Owned? is not Yes or No", detail: text))
      return false
    }
  }

  // MARK: - Dates Read

  /// The readings in `Dates Read`, oldest first (those without a date before the others); the latest
  /// ``ReadingRecord/maximumReadings`` of more.
  private static func readings(_ text: String, line: Int, warnings: inout [ImportProblem]) -> [Reading] {
    var readings: [Reading] = []
    for part in text.split(separator: ",") {
      let session = part.trimmingCharacters(in: .whitespaces)
      let ends = endpoints(of: session)
      func day(_ text: String) -> CalendarDay? {
        ImportField.day(text, column: "Dates Read", line: line, warnings: &warnings)
      }
      switch ends.count {
      case 1: readings.append(Reading(finished: day(ends[0])))
      case 2: readings.append(Reading(started: day(ends[0]), finished: day(ends[1])))
      default:
        warnings.append(ImportProblem(line: line, reason: "Dates Read is not a date", detail: session))
      }
    }
    readings.sort { earlier, later in
      guard let laterDay = later.finished ?? later.started else { return false }
      guard let earlierDay = earlier.finished ?? earlier.started else { return true }
      return earlierDay < laterDay
    }
    guard readings.count <= ReadingRecord.maximumReadings else {
      warnings.append(
        ImportProblem(
          line: line, reason: "Dates Read lists more than \(ReadingRecord.maximumReadings) readings",
          detail: "\(readings.count)"))
      return Array(readings.suffix(ReadingRecord.maximumReadings))
    }
    return readings
  }

  /// The days a reading's text names, split where the range's `-` is: `2023/01/05-2023/01/20` and
  /// `2023-01-05-2023-01-20` → start and end; `2023/01/20` → the end alone; `2023/01/05-` → the
  /// start and an empty end.
  private static func endpoints(of reading: String) -> [String] {
    let parts = reading.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    guard !reading.contains("/") else { return parts }
    // Days written YYYY-MM-DD are three parts each.
    return stride(from: 0, to: parts.count, by: 3).map {
      parts[$0..<min($0 + 3, parts.count)].joined(separator: "-")
    }
  }
}
