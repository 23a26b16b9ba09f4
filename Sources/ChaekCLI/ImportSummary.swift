import BookSearch

/// What `chaek import` prints: counts on stdout, the problem rows on stderr.
enum ImportSummary {
  /// Problem rows listed one per line; the rest are only counted.
  static let listedProblems = 20

  /// `Imported books.csv (goodbooks-10k CSV): 9998 added, 0 updated, 0 unchanged, 2 skipped: …`,
  /// and a line for the fields left out, if any.
  static func text(_ report: ImportReport, path: String) -> String {
    var text =
      "Imported \(path) (\(report.format.displayName)): \(report.added) added, \(report.updated) updated, "
      + "\(report.unchanged) unchanged, \(report.skipped.count) skipped"
    if !report.skipped.isEmpty { text += ": " + reasons(report.skipped) }
    text += ".\n"
    if !report.warnings.isEmpty { text += "Fields left out: \(reasons(report.warnings)).\n" }
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
    if problems.count > listedProblems {
      lines.append("\(path): \(problems.count - listedProblems) more not listed\n")
    }
    return lines.joined()
  }

  /// Problems counted by reason, most frequent first: `10 × no title, 2 × invalid ISBN`.
  static func reasons(_ problems: [ImportProblem]) -> String {
    var counts: [(reason: String, count: Int)] = []
    for problem in problems {
      if let index = counts.firstIndex(where: { $0.reason == problem.reason }) {
        counts[index].count += 1
      } else {
        counts.append((problem.reason, 1))
      }
    }
    return counts.enumerated()
      .sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }
      .map { "\($0.element.count) × \($0.element.reason)" }
      .joined(separator: ", ")
  }
}
