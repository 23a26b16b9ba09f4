import BookImport
import BookModel
import ChaekApp
import Foundation
import HTTPRouting
import HTTPTransport

extension WebApp {
  /// The paths that take uploads, and how large: an export of a few thousand books is a few MB, a
  /// photo reduced to gray pixels by the page at most 1600 × 1600, a cover photo 512 KiB.
  public static let uploadLimits = [
    "/api/import": 16 << 20, "/api/scan": 4 << 20, "/api/covers": Chaek.maximumCoverBytes,
  ]

  /// `POST /api/import[?format=F]`: the body is a file, as `chaek import` reads it — a reading
  /// app's export (Goodreads, StoryGraph), which fills the journal as well as the catalog, another
  /// catalog format, or a Chaek backup, restored into an empty library. The format is told from the
  /// content unless `format` names it. Answers what the import did (see ``ImportReply``); 415 for a
  /// body that says it is not a file (a form, a page: see `HTTPRequest.fileTypes`); 422
  /// `UnreadableFile` for a file that cannot be imported (empty, of no format Chaek reads, without
  /// one book that could be read: `chaek import` refuses the same files in the same words), 409
  /// while another import runs, 500 `ImportInterrupted` when it stopped partway (see
  /// `ImportFailure+HTTP`).
  func importFile(_ request: HTTPRequest) async throws -> HTTPResponse {
    try request.requireFile()
    guard !request.body.isEmpty else { throw APIError.unreadableFile("the file is empty") }
    if request.query["format"] == nil, Chaek.isBackup(request.body) {
      return try .json(ImportReply(restored: try await chaek.restore(request.body, for: request.reader)))
    }
    let named = try request.query["format"].map { name in
      guard let format = ImportFormat(rawValue: name) else {
        throw APIError.badRequest(
          "format must be one of \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")), not \(name)"
        )
      }
      return format
    }
    guard let format = named ?? ImportFormat.detect(request.body) else {
      throw APIError.unreadableFile(
        "cannot tell the file's format: send a Goodreads or StoryGraph export, a goodbooks-10k CSV, "
          + "Kakao or Open Library JSON, or a Chaek backup")
    }
    let today = try request.queryDay("today") ?? .today()
    let report: LibraryImportReport
    do {
      report = try await chaek.importData(request.body, format: format, today: today, for: request.reader)
    } catch let error as ImportError {
      throw APIError.unreadableFile(error.message)
    } catch let failure as ImportFailure {
      if case .interrupted = failure { log("import of an upload stopped: \(failure)") }
      throw failure
    }
    return try .json(ImportReply(report))
  }
}

/// What `POST /api/import` answers: `{"format", "books": {"read","added","updated","unchanged",
/// "skipped":[{"line","reason","detail"}],"warnings":[…the same…]}, "journal": {"matched",
/// "matched_by_title","added","newly_saved","updated","unchanged","kept_reader_changes","rows":[{"line",
/// "title","id","match","journal","kept_reader_changes"}]}}`, or for a backup `{"format":"backup","restored":{"books","notes",
/// "readings","recent","goals","searches"}}`.
struct ImportReply: Encodable {
  struct Books: Encodable {
    let read, added, updated, unchanged: Int
    let skipped, warnings: [Problem]
  }

  struct Problem: Encodable {
    let line: Int
    let reason: String
    let detail: String

    init(_ problem: ImportProblem) {
      (line, reason, detail) = (problem.line, problem.reason, problem.detail)
    }
  }

  struct Journal: Encodable {
    let matched, matchedByTitle, added, newlySaved, updated, unchanged, keptReaderChanges: Int
    let rows: [Row]

    enum CodingKeys: String, CodingKey {
      case matched, added, updated, unchanged, rows
      case matchedByTitle = "matched_by_title"
      case newlySaved = "newly_saved"
      case keptReaderChanges = "kept_reader_changes"
    }
  }

  struct Row: Encodable {
    let line: Int
    let title: String
    let id: String
    let match: String
    let journal: String
    let keptReaderChanges: Bool

    enum CodingKeys: String, CodingKey {
      case line, title, id, match, journal
      case keptReaderChanges = "kept_reader_changes"
    }
  }

  struct Restored: Encodable {
    let books, notes, readings, recent, goals, searches: Int
  }

  let format: String
  var books: Books?
  var journal: Journal?
  var restored: Restored?

  init(_ report: LibraryImportReport) {
    format = report.books.format.rawValue
    books = Books(
      read: report.books.read, added: report.books.added, updated: report.books.updated,
      unchanged: report.books.unchanged,
      skipped: report.books.skipped.map(Problem.init),
      warnings: report.books.warnings.map(Problem.init))
    journal = report.journal.map { journal in
      Journal(
        matched: journal.count(.identity) + journal.count(.title), matchedByTitle: journal.count(.title),
        added: journal.count(JournalImportReport.Match.added), newlySaved: journal.count(JournalMerge.added),
        updated: journal.count(.updated), unchanged: journal.count(.unchanged),
        keptReaderChanges: journal.keptReaderChanges,
        rows: journal.rows.map { row in
          Row(
            line: row.line, title: row.title, id: row.id.rawValue, match: row.match.rawValue,
            journal: "\(row.journal)", keptReaderChanges: row.keptReaderChanges)
        })
    }
  }

  init(restored backup: RestoredBackup) {
    format = "backup"
    restored = Restored(
      books: backup.books, notes: backup.notes + backup.quotes, readings: backup.readings,
      recent: backup.recent, goals: backup.goals, searches: backup.searches)
  }
}
