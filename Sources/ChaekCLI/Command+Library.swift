import BookCatalog
import BookModel
import Foundation
import UserLibrary

extension Command {
  static let save = Command(
    name: "save",
    summary: "keep a book in 담은 책 (my books)",
    operands: "ID|ISBN",
    details: """
      Saves the book with that id or ISBN (from `chaek search`) to your books. The book's data is
      kept, so `chaek saved` lists it without a network. Saving a saved book changes nothing.
      """,
    options: [.source]
  ) { arguments, context in
    let library = try context.library()
    let book = try await context.findBook(
      arguments.single("ID or ISBN"), arguments: arguments, library: library)
    switch try await library.save(book) {
    case .saved: context.console.write("Saved ‘\(book.title)’ (\(book.id)).\n")
    case .alreadySaved: context.console.write("‘\(book.title)’ is already saved.\n")
    }
  }

  static let saved = Command(
    name: "saved",
    summary: "list 담은 책 (my books)",
    options: [.savedSort, .savedJSON]
  ) { arguments, context in
    let order = arguments.choice(.savedSort, as: SavedOrder.self) ?? .title
    try arguments.expectNoOperands()
    let books = try await context.library().savedBooks(sortedBy: order)
    if arguments.flag(.savedJSON) {
      context.console.write(try Output.json(books.map(LibraryEntry.init)))
    } else if books.isEmpty {
      context.console.write("No saved books yet. Save one with `chaek save ID`.\n")
    } else {
      context.console.write(
        Output.table(
          books.map(\.book), dates: books.map { Output.timestamp($0.savedAt) }, dateHeader: "SAVED")
          + "\n\(Output.count(books.count, "saved book"))\n")
    }
  }

  static let remove = Command(
    name: "remove",
    summary: "remove a book from 담은 책",
    operands: "ID|ISBN",
    details: "Removes one saved book. Removing a book that is not saved is an error (exit 1)."
  ) { arguments, context in
    let text = try arguments.single("ID or ISBN")
    guard let id = BookID(parsing: text) else { throw CLIError.usage("'\(text)' is not a book id or ISBN") }
    let library = try context.library()
    let title = try await library.savedBook(id)?.book.title
    guard try await library.remove(id) else { throw CLIError.failure("\(id) is not in your saved books") }
    context.console.write("Removed ‘\(title ?? id.rawValue)’.\n")
  }

  static let clear = Command(
    name: "clear",
    summary: "remove every book from 담은 책",
    details: """
      Asks for confirmation on a terminal. When standard input is not a terminal (a script), it
      refuses unless --yes is given.
      """,
    options: [.yes]
  ) { arguments, context in
    try arguments.expectNoOperands()
    let library = try context.library()
    let count = try await library.savedCount()
    guard count > 0 else {
      context.console.write("No saved books to remove.\n")
      return
    }
    if !arguments.flag(.yes) {
      guard context.console.isInteractive else {
        throw CLIError.usage(
          "refusing to remove \(Output.count(count, "saved book")) without --yes (input is not a terminal)")
      }
      context.console.write("Remove all \(Output.count(count, "saved book"))? [y/N] ")
      let answer = context.console.readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
      guard answer == "y" || answer == "yes" else {
        context.console.write("Nothing removed.\n")
        return
      }
    }
    let removed = try await library.removeAll()
    context.console.write("Removed \(Output.count(removed, "saved book")).\n")
  }

  static let recent = Command(
    name: "recent",
    summary: "list 최근 본 책 (recently viewed, newest first)",
    details: "The last \(Library.recentLimit) books shown (by `chaek show` or the web app), newest first.",
    options: [.recentJSON]
  ) { arguments, context in
    try arguments.expectNoOperands()
    let views = try await context.library().recentViews()
    if arguments.flag(.recentJSON) {
      context.console.write(try Output.json(views.map(LibraryEntry.init)))
    } else if views.isEmpty {
      context.console.write("No recently viewed books. Open one with `chaek show ID`.\n")
    } else {
      context.console.write(
        Output.table(
          views.map(\.book), dates: views.map { Output.timestamp($0.viewedAt) }, dateHeader: "VIEWED"))
    }
  }
}

// MARK: - Options

extension Option {
  /// `saved --sort S`.
  static let savedSort = Option.choice(
    "sort", "S", of: SavedOrder.self, help: "order (added: newest first)", default: "title")
  /// `saved --json`.
  static let savedJSON = Option.json("[{\"id\",\"saved_at\",\"book\"}] with books in Kakao's document shape")
  /// `clear --yes`.
  static let yes = Option.flag("yes", help: "remove without asking")
  /// `recent --json`.
  static let recentJSON = Option.json(
    "[{\"id\",\"viewed_at\",\"book\"}] with books in Kakao's document shape")
}
