import BookModel
import ChaekApp
import Foundation

extension Command {
  static let editions = Command(
    name: "editions",
    summary: "list the editions of a book's work (판본), and the works you merged into it",
    operands: "ID|ISBN",
    details: """
      Every edition the catalog holds of the book's work: books of the same title and first author, \
      or of the work Open Library names, and those of the works you merged into it (`chaek merge`). \
      MERGE is the merge that joined an edition's work, which `chaek split MERGE` undoes.
      """
  ) { arguments, context in
    let chaek = try await context.chaek(arguments)
    let book = try await context.findBook(arguments.single("ID or ISBN"), in: chaek)
    let editions = try await chaek.editions(of: book, for: context.reader)
    context.console.write(
      Output.table(
        editions.map(\.book),
        extra: [
          ("SAVED", editions.map { $0.saved ? "♥" : "" }),
          ("MERGE", editions.map { $0.merge.map(String.init) ?? "" }),
        ]))
  }

  static let merge = Command(
    name: "merge",
    summary: "hold two books' works to be one (a translation, a book under another title)",
    operands: "ID INTO-ID",
    details: """
      From now on the editions of the first book's work are editions of the second's: one row in \
      the app's results, one list of editions. Where you saved an edition of each, the first gives \
      way: its tags, notes, quotes and readings move to the second, which keeps its shelf and \
      rating. `chaek split MERGE` undoes it, putting everything back.
      """
  ) { arguments, context in
    guard arguments.positionals.count == 2 else { throw CLIError.usage("expected two books: ID INTO-ID") }
    let chaek = try await context.chaek(arguments)
    let book = try await context.findBook(arguments.positionals[0], in: chaek)
    let into = try await context.findBook(arguments.positionals[1], in: chaek)
    let merge = try await chaek.mergeWork(of: book, into: into, for: context.reader)
    context.console.write(
      "Merged the work of ‘\(book.title)’ into that of ‘\(into.title)’ (merge \(merge.id); `chaek split \(merge.id)` undoes it).\n"
    )
  }

  static let split = Command(
    name: "split",
    summary: "split a merge of works again (see `chaek merge`)",
    operands: "MERGE",
    details: "MERGE is the number `chaek merge` printed, or the MERGE column of `chaek editions`."
  ) { arguments, context in
    let text = try arguments.single("merge number")
    guard let id = Int(text) else { throw CLIError.usage("not a merge number: \(text)") }
    let merge = try await context.chaek(arguments).splitWork(id, for: context.reader)
    context.console.write(
      "Split ‘\(merge.sourceBook.title)’ from the work of ‘\(merge.targetBook.title)’ again.\n")
  }
}
