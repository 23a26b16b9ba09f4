import BookModel
import ChaekApp
import Foundation

/// 최근 검색어: `searches` lists, deletes and turns off the recent searches of the web app's search
/// box.
extension Command {
  static let searches = Command(
    name: "searches",
    summary: "list 최근 검색어 (the web app's recent searches); delete them, stop recording them",
    details: """
      Lists the last \(Chaek.searchLimit) searches made in the web app's search box, newest
      first, with their ids. --delete ID deletes one and --clear all of them; --off stops
      recording searches (what was recorded stays unless --clear is given too) and --on starts
      again. `chaek search` is not recorded: the history is the search box's, and scripts that
      search do not fill it.
      """,
    options: [.searchesDelete, .searchesClear, .searchesOff, .searchesOn, .searchesJSON],
    examples: ["chaek searches", "chaek searches --delete 3", "chaek searches --off --clear"]
  ) { arguments, context in
    try arguments.expectNoOperands()
    let (off, on) = (arguments.flag(.searchesOff), arguments.flag(.searchesOn))
    guard !(off && on) else { throw CLIError.usage("--off and --on cannot be given together") }
    let chaek = try await context.chaek(arguments)
    if let id = arguments.integer(.searchesDelete), try await !chaek.deleteSearch(id, for: context.reader) {
      throw CLIError.failure("no recent search \(id) (`chaek searches` lists their ids)")
    }
    if arguments.flag(.searchesClear) { try await chaek.deleteSearches(for: context.reader) }
    if off || on { try await chaek.setSearchRecording(on, for: context.reader) }
    let history = try await chaek.searchHistory(for: context.reader)
    if arguments.flag(.searchesJSON) {
      context.console.write(try Output.json(history))
      return
    }
    var lines = history.searches.isEmpty ? "No recent searches.\n" : table(history.searches)
    if !history.recording { lines += "Recording searches is off (`chaek searches --on` turns it on).\n" }
    context.console.write(lines)
  }

  /// The searches as `ID  QUERY  SEARCHED` columns.
  private static func table(_ searches: [RecentSearch]) -> String {
    Table(
      columns: [
        .init(header: "ID", maximumWidth: 8, alignRight: true), .init(header: "QUERY", maximumWidth: 60),
        .init(header: "SEARCHED", maximumWidth: 16),
      ],
      rows: searches.map { [String($0.id), $0.query, Output.timestamp($0.searchedAt)] }
    ).render()
  }
}

// MARK: - Options

extension Option {
  /// `searches --delete ID`.
  static let searchesDelete = Option.integer(
    "delete", "ID", in: 1...Int(Int32.max), help: "delete the recent search with this id")
  /// `searches --clear`.
  static let searchesClear = Option.flag("clear", help: "delete every recent search")
  /// `searches --off`.
  static let searchesOff = Option.flag("off", help: "stop recording searches")
  /// `searches --on`.
  static let searchesOn = Option.flag("on", help: "record searches again")
  /// `searches --json`.
  static let searchesJSON = Option.json("{\"searches\":[{\"id\",\"query\",\"searched_at\"}],\"recording\"}")
}
