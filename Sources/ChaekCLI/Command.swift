/// One `chaek` subcommand: its name, its operands and options, its help, and what it does. The
/// usage line and the options section of its help are made from its declared options.
struct Command: Sendable {
  let name: String
  /// One line for the overview.
  let summary: String
  /// The operands the usage line shows before the options (`QUERY`, `ID|ISBN`), if any.
  var operands: String = ""
  /// What the command does, in prose, for `chaek NAME --help`; empty when the summary says it all.
  var details: String = ""
  /// The options the command takes, in the order the usage line and the help list them.
  var options: [Option] = []
  /// Command lines the help shows as examples.
  var examples: [String] = []
  /// Whether the command acts for one reader, whom `--user NAME` names once there are accounts
  /// (not `users` or `serve`, which act for the instance).
  var actsForAReader = true
  let run: @Sendable (Arguments, Context) async throws -> Void

  /// The options the command line may give: the command's, and `--user` for one that acts for a
  /// reader.
  var accepted: [Option] { actsForAReader ? options + [.user] : options }

  /// The synopsis line: `usage: chaek search QUERY [--target title|person|publisher|isbn] …`.
  var usage: String {
    (["usage: chaek \(name)"] + (operands.isEmpty ? [] : [operands]) + accepted.map { "[\($0.synopsis)]" })
      .joined(separator: " ")
  }

  /// `chaek NAME --help`: the usage line, the summary, the details, the options and the examples.
  var help: String {
    var sections = [usage, summary]
    if !details.isEmpty { sections.append(details) }
    if !accepted.isEmpty { sections.append("options:\n" + Command.optionLines(accepted)) }
    if !examples.isEmpty {
      sections.append("examples:\n" + examples.map { "  " + $0 }.joined(separator: "\n"))
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// Every command, in the order the overview lists them.
  static let all: [Command] = [
    .search, .show, .scan, .save, .saved, .remove, .clear, .recent, .next, .editions, .merge, .split,
    .shelf, .start, .progress, .finished, .rate, .review, .tag, .tags,
    .note, .quote, .notes, .journal, .stats, .goal, .searches, .backup,
    .importFile, .export, .serve, .users,
  ]

  // MARK: - Options section

  /// The help's widest line, in characters.
  private static let width = 96

  /// One entry per option: its label, then its description in a column, wrapped to ``width``.
  private static func optionLines(_ options: [Option]) -> String {
    let column = 2 + (options.map(\.label.count).max() ?? 0) + 3
    return options.map { option in
      let lines = wrap(option.description, width: width - column)
      let first = "  " + option.label.padding(toLength: column - 2, withPad: " ", startingAt: 0) + lines[0]
      let rest = lines.dropFirst().map { String(repeating: " ", count: column) + $0 }
      return ([first] + rest).joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// `text` in lines of at most `width` characters, broken at spaces.
  private static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines + [line]
  }
}
