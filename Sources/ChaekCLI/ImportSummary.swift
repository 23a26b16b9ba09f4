import BookImport
import BookModel
import ChaekApp

/// What `chaek import` prints: counts on stdout, the problem rows on stderr.
enum ImportSummary {
  /// Problem rows listed one per line; the rest are only counted.
  static let listedProblems = 20

  /// `Imported books.csv (goodbooks-10k CSV): 9998 added, 0 updated, 0 unchanged, 2 skipped: …`,
  /// and lines for the records replaced, the library entries that followed them (`moved`) and the
  /// fields left out, if any.
  static func text(_ report: ImportReport, path: String, moved: Int = 0) -> String {
    var text =
      "Imported \(path) (\(report.format.displayName)): \(report.added) added, \(report.updated) updated, "
      + "\(report.unchanged) unchanged, \(report.skippedCount) skipped"
    if report.skippedCount > 0 { text += ": " + reasons(report.skippedReasons) }
    text += ".\n"
    if report.resumedBooks > 0 {
      text +=
        "It went on from where an earlier import of the file stopped, after "
        + "\(Output.count(report.resumedBooks, "book")).\n"
    }
    if !report.replaced.isEmpty {
      text +=
        "\(Output.count(report.replaced.count, "book")) took the place of another record of the same book "
        + "(a starter book without an ISBN, or an ISBN changed).\n"
    }
    if moved > 0 {
      text += "\(moved) \(moved == 1 ? "entry" : "entries") of your library moved to the new records.\n"
    }
    if report.warningCount > 0 { text += "Fields left out: \(reasons(report.warningReasons)).\n" }
    return text
  }

  /// Books of a reading app's export listed by line when added (not known before); the rest are
  /// only counted.
  static let listedAdditions = 10

  /// `Journal: 412 books, 380 matched (350 by ISBN or page, 30 by title and author) and 32 added; 400 newly
  /// saved, 12 updated, 0 already as in the file; 3 kept changes made in Chaek.` (the last clause
  /// only when some did), then the added books by line.
  static func journalText(_ report: JournalImportReport, path: String) -> String {
    let matched = report.count(.identity) + report.count(.title)
    var text =
      "Journal: \(Output.count(report.rows.count, "book")), \(matched) matched (\(report.count(.identity)) by ISBN or page, "
      + "\(report.count(.title)) by title and author) and \(report.count(JournalImportReport.Match.added)) added; "
      + "\(report.count(JournalMerge.added)) newly saved, \(report.count(.updated)) updated, "
      + "\(report.count(.unchanged)) already as in the file"
      + (report.keptReaderChanges > 0 ? "; \(report.keptReaderChanges) kept changes made in Chaek.\n" : ".\n")
    let added = report.rows.filter { $0.match == .added }
    for row in added.prefix(listedAdditions) {
      text += "\(path):\(row.line): added ‘\(row.title)’ (\(row.id))\n"
    }
    if added.count > listedAdditions { text += "\(path): \(added.count - listedAdditions) more added\n" }
    return text
  }

  /// `books.csv:12: skipped: no title` for the first ``listedProblems`` problems, skipped rows first,
  /// then how many more there are.
  static func problemLines(_ report: ImportReport, path: String) -> String {
    let problems =
      report.skipped.map { ("skipped", $0) } + report.warnings.map { ("left out", $0) }
    var lines = problems.prefix(listedProblems).map { effect, problem in
      "\(path):\(problem.line): \(effect): \(problem.reason)"
        + (problem.detail.isEmpty ? "" : " (\(problem.detail))") + "\n"
    }
    let total = report.skippedCount + report.warningCount
    if total > lines.count {
      lines.append("\(path): \(total - lines.count) more not listed\n")
    }
    return lines.joined()
  }

  /// Problems counted by reason, most frequent first: `10 × no title, 2 × invalid ISBN`.
  static func reasons(_ tallies: [ImportProblem.Tally]) -> String {
    tallies.map(\.description).joined(separator: ", ")
  }
}
