import BookModel
import BookSearch
import Foundation
import Library

extension Command {
  static let search = Command(
    name: "search",
    summary: "search books by title, author, publisher or ISBN",
    usage:
      "usage: chaek search QUERY [--target title|person|publisher|isbn] [--sort accuracy|latest] [--page N] [--size N] [--source auto|kakao|openlibrary|local] [--json]",
    details: """
      options:
        --target T   search only titles, people (authors and translators), publishers or ISBNs
        --sort S     accuracy (default) or latest
        --page N     page number, 1 to 50 (default 1)
        --size N     results per page, 1 to 50 (default 10)
        --source S   auto (default): Kakao with KAKAO_REST_API_KEY, else Open Library, and the
                     offline catalog when they cannot answer; or only kakao, openlibrary, local
        --json       print Kakao's response JSON: {"documents":[...],"meta":{...}}

      examples:
        chaek search 채식
        chaek search 한강 --target person --sort latest
        chaek search "to kill a mockingbird" --json
      """,
    valued: ["target", "sort", "page", "size", "source"],
    flags: ["json"]
  ) { arguments, context in
    guard !arguments.positionals.isEmpty else { throw CLIError.usage("missing QUERY") }
    let query: SearchQuery
    do {
      query = try SearchQuery(
        query: arguments.positionals.joined(separator: " "),
        target: try arguments.choice("target", as: SearchQuery.Target.self),
        sort: try arguments.choice("sort", as: SearchQuery.Sort.self) ?? .accuracy,
        page: try arguments.integer("page") ?? 1,
        size: try arguments.integer("size") ?? SearchQuery.defaultSize)
    } catch let error as SearchQueryError {
      throw CLIError.usage(error.message)
    }
    let outcome = try await context.searchService(arguments).search(query)
    if let notice = outcome.detailedNotice { context.console.writeError("chaek search: \(notice)\n") }
    if arguments.flags.contains("json") {
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
    usage: "usage: chaek show ID|ISBN [--source S] [--json]",
    details: """
      ID is the last column of `chaek search`; an ISBN-10 or ISBN-13 works too, with or without
      hyphens. Showing a book records it in recently viewed (`chaek recent`).

      options:
        --source S   where to look the book up if it is not in the catalog (see chaek search --help)
        --json       print {"id","saved","book"} with the book in Kakao's document shape
      """,
    valued: ["source"],
    flags: ["json"]
  ) { arguments, context in
    let library = try context.library()
    let book = try await context.findBook(
      arguments.single("ID or ISBN"), arguments: arguments, library: library)
    try await library.recordView(book)
    let saved = try await library.contains(book.id)
    context.console.write(
      arguments.flags.contains("json")
        ? try Output.json(LibraryEntry(book, saved: saved)) : Output.details(book, saved: saved))
  }
}
