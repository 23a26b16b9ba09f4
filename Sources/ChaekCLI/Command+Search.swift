import BookModel
import ChaekApp
import Foundation

extension Command {
  static let search = Command(
    name: "search",
    summary: "search books by title, author, publisher or ISBN",
    operands: "QUERY",
    options: [.target, .searchSort, .page, .size, .source, .searchJSON],
    examples: [
      "chaek search 채식",
      "chaek search 한강 --target person --sort latest",
      "chaek search \"to kill a mockingbird\" --json",
    ]
  ) { arguments, context in
    guard !arguments.positionals.isEmpty else { throw CLIError.usage("missing QUERY") }
    let query: SearchQuery
    do {
      query = try SearchQuery(
        query: arguments.positionals.joined(separator: " "),
        target: arguments.choice(.target, as: SearchQuery.Target.self),
        sort: arguments.choice(.searchSort, as: SearchQuery.Sort.self) ?? .accuracy,
        page: arguments.integer(.page) ?? 1,
        size: arguments.integer(.size) ?? SearchQuery.defaultSize)
    } catch let error as SearchQueryError {
      throw CLIError.usage(error.message)
    }
    let outcome = try await context.chaek(arguments).search(query)
    if let notice = outcome.detailedNotice { context.console.writeError("chaek search: \(notice)\n") }
    if arguments.flag(.searchJSON) {
      context.console.write(try Output.json(outcome.page))
      return
    }
    let page = outcome.page
    guard !page.documents.isEmpty else {
      context.console.write(
        page.meta.totalCount == 0
          ? "No books found for ‘\(query.query)’ (\(outcome.answeredBy)).\n"
          : "Page \(query.page) is past the last page of results for ‘\(query.query)’.\n")
      return
    }
    let pages = max(1, (page.meta.pageableCount + query.size - 1) / query.size)
    var footer =
      "\n\(Output.count(page.meta.totalCount, "book")) · page \(query.page) of \(pages) · from \(outcome.answeredBy)"
    if !page.meta.isEnd { footer += " · next: --page \(query.page + 1)" }
    context.console.write(Output.table(page.documents) + footer + "\n")
  }

  static let show = Command(
    name: "show",
    summary: "show one book in full (and add it to recently viewed)",
    operands: "ID|ISBN",
    details: """
      ID is the last column of `chaek search`; an ISBN-10 or ISBN-13 works too, with or without
      hyphens. A book that is in neither the catalog nor your books is looked up where --source
      says. Showing a book records it in recently viewed (`chaek recent`).
      """,
    options: [.source, .showJSON]
  ) { arguments, context in
    let (book, saved) = try await context.chaek(arguments).open(
      Context.bookID(arguments.single("ID or ISBN")), for: context.reader)
    context.console.write(
      arguments.flag(.showJSON)
        ? try Output.json(LibraryEntry(book, saved: saved)) : Output.details(book, saved: saved))
  }
}

// MARK: - Options

extension Option {
  /// `search --target T`.
  static let target = Option.choice(
    "target", "T", of: SearchQuery.Target.self,
    help: "search only one field (person: authors and translators)")
  /// `search --sort S`.
  static let searchSort = Option.choice(
    "sort", "S", of: SearchQuery.Sort.self, help: "order", default: "accuracy")
  /// `search --page N`.
  static let page = Option.integer(
    "page", "N", in: 1...SearchQuery.maximumPage, help: "page number", default: "1")
  /// `search --size N`.
  static let size = Option.integer(
    "size", "N", in: 1...SearchQuery.maximumSize, help: "results per page",
    default: "\(SearchQuery.defaultSize)")
  /// `search --json`.
  static let searchJSON = Option.json("Kakao's response JSON: {\"documents\":[...],\"meta\":{...}}")
  /// `show --json`.
  static let showJSON = Option.json("{\"id\",\"saved\",\"book\"} with the book in Kakao's document shape")
}
