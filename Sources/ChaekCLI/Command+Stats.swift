import BookModel
import ChaekApp

/// 올해의 독서 and 독서 목표: `stats` and `goal`.
extension Command {
  static let stats = Command(
    name: "stats",
    summary: "a year's reading: books and pages by month, ratings, authors, goal",
    details: """
      Counts the readings finished in the year (a re-read counts again): books and pages per month
      as bars (pages of the books whose number of pages is known), how they were rated, the
      most-read authors, and the goal with the pace for this year: ahead (계획보다 3권 앞서 있어요), on
      pace (계획대로 읽고 있어요) or behind, with what is left (목표까지 12권 남았어요).
      """,
    options: [.year, .statsJSON],
    examples: ["chaek stats", "chaek stats --year 2025 --json"]
  ) { arguments, context in
    try arguments.expectNoOperands()
    let today = context.today
    let stats = try await context.chaek(arguments).stats(
      year: arguments.integer(.year) ?? today.year, today: today, for: context.reader)
    context.console.write(arguments.flag(.statsJSON) ? try Output.json(stats) : StatsReport.text(stats))
  }

  static let goal = Command(
    name: "goal",
    summary: "set, show or clear the year's reading goal (독서 목표)",
    operands: "[BOOKS]",
    details: """
      Sets the goal to BOOKS (1 to 10000) books for the year, this year unless --year gives it;
      --clear removes it; without either, shows it with the books read so far and the pace.
      """,
    options: [.year, .clear, .statsJSON],
    examples: ["chaek goal 24", "chaek goal", "chaek goal --clear --year 2025"]
  ) { arguments, context in
    let today = context.today
    let year = arguments.integer(.year) ?? today.year
    let chaek = try await context.chaek(arguments)
    switch (arguments.positionals.count, arguments.flag(.clear)) {
    case (0, false): break
    case (0, true): try await chaek.setGoal(nil, year: year, for: context.reader)
    case (1, false):
      guard let books = Int(arguments.positionals[0]), (1...10_000).contains(books) else {
        throw CLIError.usage("a goal is 1 to 10000 books (got '\(arguments.positionals[0])')")
      }
      try await chaek.setGoal(books, year: year, for: context.reader)
    default: throw CLIError.usage("expected BOOKS, or --clear")
    }
    let stats = try await chaek.stats(year: year, today: today, for: context.reader)
    context.console.write(
      arguments.flag(.statsJSON) ? try Output.json(stats) : StatsReport.goalLine(stats) + "\n")
  }
}

// MARK: - Options

extension Option {
  /// `stats --year Y`, `goal --year Y`.
  static let year = Option.integer("year", "Y", in: 1...9999, help: "the year", default: "this year")
  /// `stats --json`, `goal --json`.
  static let statsJSON = Option.json(
    "the year's stats: {\"year\",\"goal\",\"books\",\"pages\",\"finished\",\"months\",\"ratings\","
      + "\"authors\",\"expected_by_today\"}")
}
