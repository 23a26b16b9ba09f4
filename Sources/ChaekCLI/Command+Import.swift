import BookCatalog
import BookImport
import ChaekApp
import Foundation

extension Command {
  static let importFile = Command(
    name: "import",
    summary: "add books to the offline catalog from a file",
    operands: "FILE",
    details: """
      FILE is one of (the format is told from the content unless --format names it):
        kakao        Kakao book data: a search response ({"documents":[...]}), a JSON array of
                     documents, or one document per line
        goodbooks    the goodbooks-10k dataset's books.csv
        goodreads    a Goodreads library export (goodreads_library_export.csv)
        openlibrary  Open Library JSON lines: search results, or lines of a data dump

      Books are matched by identity (ISBN-13, else their page's URL), so importing twice changes
      nothing. A book with an ISBN takes the place of the same starter book (same title and
      authors) without one, and a book whose ISBN changed keeps its record; your saved and
      recently viewed books follow them. Rows that cannot be read are skipped and listed on stderr with their line numbers;
      the rest are imported. Exit status 0 when books were read, 1 when none could be.
      """,
    options: [.format]
  ) { arguments, context in
    let path = try arguments.single("FILE")
    let named = arguments.choice(.format, as: ImportFormat.self)
    let url = URL(fileURLWithPath: path)
    let start: Data
    do {
      // Enough to tell the format: the first 64 KB, or the whole of a file small enough to be one
      // JSON document written over many lines.
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      let size = try handle.seekToEnd()
      try handle.seek(toOffset: 0)
      start = try handle.read(upToCount: size <= 32 << 20 ? Int(size) : 64 * 1024) ?? Data()
    } catch {
      throw CLIError.failure("cannot read \(path): \((error as NSError).localizedDescription)")
    }
    guard let format = named ?? ImportFormat.detect(start) else {
      throw CLIError.failure(
        "cannot tell the format of \(path) (Kakao or Open Library JSON, or a goodbooks-10k or Goodreads "
          + "CSV with its header); name it with --format kakao|goodbooks|goodreads|openlibrary")
    }
    let catalog = try context.catalog()
    let bar = ProgressBar(console: context.console, label: URL(fileURLWithPath: path).lastPathComponent)
    defer { bar.finish() }
    let report: ImportReport
    do {
      report = try await catalog.importBooks(contentsOf: url, format: format) { progress in
        bar.update(fraction: progress.fraction, detail: Output.count(progress.books, "book"))
      }
    } catch let error as ImportError {
      throw CLIError.failure("\(path): \(error.message)")
    } catch let error as CocoaError {
      throw CLIError.failure("cannot read \(path): \(error.localizedDescription)")
    }
    bar.finish()
    let moved = try await DataHome.followReplacedBooks(catalog: catalog, library: context.library())
    context.console.writeError(ImportSummary.problemLines(report, path: path))
    guard report.read > 0 else {
      let skipped = report.skippedCount == 0 ? "" : " (\(ImportSummary.reasons(report.skippedReasons)))"
      throw CLIError.failure("\(path): no book could be read as \(format.displayName)\(skipped)")
    }
    context.console.write(ImportSummary.text(report, path: path, moved: moved))
  }
}

// MARK: - Options

extension Option {
  /// `import --format F`.
  static let format = Option.choice(
    "format", "F", of: ImportFormat.self, help: "the file's format (see above)",
    default: "told from the content")
}
