import BookImport
import BookModel
import ChaekApp
import Foundation

extension Command {
  static let importFile = Command(
    name: "import",
    summary: "add books (and your reading journal) from a file, or restore a backup",
    operands: "FILE",
    details: """
      FILE is one of (the format is told from the content unless --format names it):
        kakao        Kakao book data: a search response ({"documents":[...]}), a JSON array of
                     documents, or one document per line
        goodbooks    the goodbooks-10k dataset's books.csv
        goodreads    a Goodreads library export (goodreads_library_export.csv)
        storygraph   a StoryGraph export CSV
        openlibrary  Open Library JSON lines: search results, or lines of a data dump
                     (ol_dump_editions_*.txt.gz, ol_dump_works_*.txt.gz), gzipped or not
      or a Chaek backup made by `chaek export --format json`, which is restored into an empty
      library: every saved book with its journal, recently viewed books and goals.

      Books go into the offline catalog, matched by identity (ISBN-13, else their page's URL), so
      importing twice changes nothing. A book with an ISBN takes the place of the same starter book
      (same title and authors) without one, and a book whose ISBN changed keeps its record; your
      saved and recently viewed books follow them.

      A Goodreads or StoryGraph export also fills your reading journal: each book, matched by ISBN,
      else by title and author against the catalog, else added, is saved with its shelf, rating,
      tags, review, private notes and reading dates. Importing the same file again changes nothing.

      Rows that cannot be read are skipped and listed on stderr with their line numbers; the rest
      are imported. What your journal cannot keep (a tag over 100 characters, tags beyond 100 a
      book, a review or private notes over 10,000 characters) is left out and listed the same way.
      Exit status 0 when books were read, 1 when none could be, or when the import stopped partway
      (the books it stored before are kept: importing the file again finishes it; Open Library's
      JSON lines and dumps go on from where they stopped). A gzip file is inflated as it is read.
      """,
    options: [.format]
  ) { arguments, context in
    let path = try arguments.single("FILE")
    let named = arguments.choice(.format, as: ImportFormat.self)
    let url = URL(fileURLWithPath: path)
    let start: Data
    do {
      // Enough to tell the format: the first 64 KB, or the whole of a file small enough to be one
      // JSON document written over many lines (inflated, for a gzip file).
      start = try Importer.start(ofFileAt: url, wholeLimit: 32 << 20)
    } catch {
      throw CLIError.failure("cannot read \(path): \((error as NSError).localizedDescription)")
    }
    if named == nil, Chaek.isBackup(start) {
      try await restore(path: path, arguments: arguments, context: context)
      return
    }
    guard let format = named ?? ImportFormat.detect(start) else {
      throw CLIError.failure(
        "cannot tell the format of \(path) (Kakao or Open Library JSON, a goodbooks-10k, Goodreads or "
          + "StoryGraph CSV with its header, or a Chaek backup); name it with --format "
          + ImportFormat.allCases.map(\.rawValue).joined(separator: "|"))
    }
    let chaek = try await context.chaek(arguments)
    let bar = ProgressBar(console: context.console, label: url.lastPathComponent)
    defer { bar.finish() }
    let report: LibraryImportReport
    do {
      report = try await chaek.importFile(contentsOf: url, format: format, for: context.reader) {
        progress in
        // At the end of the file the import may still build the catalog's index (minutes, for millions).
        let finishing = progress.fraction >= 1 ? ", finishing" : ""
        bar.update(fraction: progress.fraction, detail: Output.count(progress.books, "book") + finishing)
      }
    } catch let error as ImportError {
      throw CLIError.failure("\(path): \(error.message)")
    } catch let error as ImportFailure {
      throw CLIError.failure("\(path): \(error)")
    } catch let error as CocoaError {
      throw CLIError.failure("cannot read \(path): \(error.localizedDescription)")
    }
    bar.finish()
    context.console.writeError(ImportSummary.problemLines(report.books, path: path))
    context.console.write(ImportSummary.text(report.books, path: path, moved: report.followed))
    if let journal = report.journal { context.console.write(ImportSummary.journalText(journal, path: path)) }
  }

  /// Restores the backup at `path` into the (empty) library.
  private static func restore(path: String, arguments: Arguments, context: Context) async throws {
    let backup: RestoredBackup
    do {
      backup = try await context.chaek(arguments).restore(
        try Data(contentsOf: URL(fileURLWithPath: path)), for: context.reader)
    } catch LibraryError.notEmpty {
      throw CLIError.failure(
        "\(path): your library already holds books; a backup is restored into an empty one "
          + "(start one with CHAEK_HOME=DIR chaek import \(path))")
    } catch let error as LibraryError {
      throw CLIError.failure("\(path): \(error)")
    }
    context.console.write(
      "Restored \(path): \(Output.count(backup.books, "saved book")), "
        + "\(Output.count(backup.notes, "note")), \(Output.count(backup.quotes, "quote")), "
        + "\(Output.count(backup.readings, "reading")), \(Output.count(backup.recent, "recently viewed book")), "
        + "\(Output.count(backup.goals, "goal")) and \(backup.searches) recent search\(backup.searches == 1 ? "" : "es")."
        + "\n")
  }

  static let export = Command(
    name: "export",
    summary: "write your library with its reading journal to a file",
    operands: "FILE",
    details: """
      --format goodreads writes a Goodreads library export CSV (the header and ="…" ISBNs as
      Goodreads writes them), which Goodreads, StoryGraph and most reading apps import: each saved
      book with its shelf, rating (in whole stars), tags, review, notes, the day it was saved and
      its last reading. --format json writes Chaek's complete backup, which `chaek import FILE`
      restores into an empty library as it was. FILE is replaced whole, never left half written;
      `-` writes to standard output.
      """,
    options: [.exportFormat],
    examples: ["chaek export --format goodreads goodreads_library_export.csv", "chaek export backup.json"]
  ) { arguments, context in
    let path = try arguments.single("FILE")
    let format = arguments.choice(.exportFormat, as: ExportFormat.self) ?? .json
    let (data, count) = try await context.chaek(arguments).export(format, for: context.reader)
    if path == "-" {
      context.console.write(String(decoding: data, as: UTF8.self))
      return
    }
    do {
      try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw CLIError.failure("cannot write \(path): \((error as NSError).localizedDescription)")
    }
    context.console.write("Exported \(Output.count(count, "saved book")) to \(path) (\(format.rawValue)).\n")
  }
}

// MARK: - Options

extension Option {
  /// `import --format F`.
  static let format = Option.choice(
    "format", "F", of: ImportFormat.self, help: "the file's format (see above)",
    default: "told from the content")
  /// `export --format F`.
  static let exportFormat = Option.choice(
    "format", "F", of: ExportFormat.self, help: "goodreads: a Goodreads CSV; json: a complete backup",
    default: "json")
}
