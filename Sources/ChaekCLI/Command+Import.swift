import BookSearch
import Foundation

extension Command {
  static let importFile = Command(
    name: "import",
    summary: "add books to the offline catalog from a file",
    usage: "usage: chaek import FILE [--format kakao|goodbooks|goodreads|openlibrary]",
    details: """
      FILE is one of (the format is told from the content unless --format names it):
        kakao        Kakao book data: a search response ({"documents":[...]}), a JSON array of
                     documents, or one document per line
        goodbooks    the goodbooks-10k dataset's books.csv
        goodreads    a Goodreads library export (goodreads_library_export.csv)
        openlibrary  Open Library JSON lines: search results, or lines of a data dump

      Books are matched by identity (ISBN-13, else their page's URL), so importing twice changes
      nothing. Rows that cannot be read are skipped and listed on stderr with their line numbers;
      the rest are imported. Exit status 0 when books were read, 1 when none could be.
      """,
    valued: ["format"]
  ) { arguments, context in
    let path = try arguments.single("FILE")
    let named = try arguments.choice("format", as: ImportFormat.self)
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
    } catch {
      throw CLIError.failure("cannot read \(path): \((error as NSError).localizedDescription)")
    }
    guard let format = named ?? ImportFormat.detect(data) else {
      throw CLIError.failure(
        "cannot tell the format of \(path) (Kakao or Open Library JSON, or a goodbooks-10k or Goodreads "
          + "CSV with its header); name it with --format kakao|goodbooks|goodreads|openlibrary")
    }
    let catalog = try context.catalog()
    let bar = ProgressBar(console: context.console, label: URL(fileURLWithPath: path).lastPathComponent)
    defer { bar.finish() }
    let report: ImportReport
    do {
      report = try await catalog.importBooks(from: data, format: format) { progress in
        bar.update(fraction: progress.fraction, detail: Output.count(progress.books, "book"))
      }
    } catch let error as ImportError {
      throw CLIError.failure("\(path): \(error.message)")
    }
    bar.finish()
    context.console.writeError(ImportSummary.problemLines(report, path: path))
    guard report.read > 0 else {
      let skipped = report.skipped.isEmpty ? "" : " (\(ImportSummary.reasons(report.skipped)))"
      throw CLIError.failure("\(path): no book could be read as \(format.displayName)\(skipped)")
    }
    context.console.write(ImportSummary.text(report, path: path))
  }
}
