import BookModel
import ChaekApp
import Foundation

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
    let chaek = try await context.chaek(arguments)
    let book = try await context.findBook(arguments.single("ID or ISBN"), in: chaek)
    switch try await chaek.save(book, for: context.reader) {
    case .saved: context.console.write("Saved ‘\(book.title)’ (\(book.id)).\n")
    case .alreadySaved: context.console.write("‘\(book.title)’ is already saved.\n")
    }
  }

  static let saved = Command(
    name: "saved",
    summary: "list 담은 책 (my books) with their shelves and ratings",
    details: """
      Shelves: want (읽고 싶은 책), reading (읽는 중), read (읽은 책), dnf (중단한 책). Tags are
      listed by `chaek tags`.
      """,
    options: [.savedSort, .savedShelf, .savedTag, .savedJSON],
    examples: ["chaek saved --shelf reading", "chaek saved --tag 소설 --sort added"]
  ) { arguments, context in
    let order = arguments.choice(.savedSort, as: SavedOrder.self)
    let shelf = arguments.choice(.savedShelf, as: Shelf.self)
    let tag = arguments.text(.savedTag)
    try arguments.expectNoOperands()
    let books = try await context.chaek(arguments).savedPage(
      sortedBy: order, shelf: shelf, tag: tag, for: context.reader
    ).books
    if arguments.flag(.savedJSON) {
      context.console.write(try Output.json(books.map(LibraryEntry.init)))
    } else if books.isEmpty {
      context.console.write(
        shelf == nil && tag == nil
          ? "No saved books yet. Save one with `chaek save ID`.\n"
          : "No saved books \([shelf.map { "on \($0.name)" }, tag.map { "tagged ‘\($0)’" }].compactMap { $0 }.joined(separator: " ")).\n"
      )
    } else {
      context.console.write(
        Output.table(
          books.map(\.book),
          extra: [
            ("SHELF", books.map(\.shelf.name)), ("RATING", books.map { Output.rating($0.rating) }),
            ("SAVED", books.map { Output.timestamp($0.savedAt) }),
          ])
          + "\n\(Output.count(books.count, "saved book"))\n")
    }
  }

  static let remove = Command(
    name: "remove",
    summary: "remove a book from 담은 책, with its journal",
    operands: "ID|ISBN",
    details: """
      Removes one saved book with its shelf, rating, review, tags, notes, quotes and readings.
      When it has notes, quotes or readings, it asks first on a terminal, and refuses without
      --yes when standard input is not a terminal (a script). Removing a book that is not saved is
      an error (exit 1).
      """,
    options: [.yes]
  ) { arguments, context in
    let text = try arguments.single("ID or ISBN")
    let id = try Context.bookID(text)
    let chaek = try await context.chaek(arguments)
    guard let entry = try await chaek.entry(id, for: context.reader) else {
      throw CLIError.failure("\(id) is not in your saved books")
    }
    let journal = JournalSize(entry)
    if !journal.isEmpty {
      guard
        try Confirmation.confirm(
          "Also deletes \(journal.description). Remove ‘\(entry.book.title)’?",
          refusal: "remove ‘\(entry.book.title)’ and its \(journal.description)", arguments: arguments,
          console: context.console)
      else { return }
    }
    guard try await chaek.remove(id, for: context.reader) != nil else {
      throw CLIError.failure("\(id) is not in your saved books")
    }
    context.console.write("Removed ‘\(entry.book.title)’.\n")
  }

  static let clear = Command(
    name: "clear",
    summary: "remove every book from 담은 책, with every journal",
    details: """
      Removes every saved book with its shelf, rating, review, tags, notes, quotes and readings
      (reading goals stay). Asks for confirmation on a terminal. When standard input is not a
      terminal (a script), it refuses unless --yes is given.
      """,
    options: [.yes]
  ) { arguments, context in
    try arguments.expectNoOperands()
    let chaek = try await context.chaek(arguments)
    let size = try await chaek.size(for: context.reader)
    guard size.books > 0 else {
      context.console.write("No saved books to remove.\n")
      return
    }
    let journal = JournalSize(size)
    let count = Output.count(size.books, "saved book")
    guard
      try Confirmation.confirm(
        (journal.isEmpty ? "" : "Also deletes \(journal.description). ") + "Remove all \(count)?",
        refusal: "remove \(count)" + (journal.isEmpty ? "" : " and their \(journal.description)"),
        arguments: arguments, console: context.console)
    else { return }
    let removed = try await chaek.removeAll(for: context.reader).count
    context.console.write("Removed \(Output.count(removed, "saved book")).\n")
  }

  static let recent = Command(
    name: "recent",
    summary: "list 최근 본 책 (recently viewed, newest first)",
    details: "The last \(Chaek.recentLimit) books shown (by `chaek show` or the web app), newest first.",
    options: [.recentJSON]
  ) { arguments, context in
    try arguments.expectNoOperands()
    let views = try await context.chaek(arguments).recentViews(for: context.reader)
    if arguments.flag(.recentJSON) {
      context.console.write(try Output.json(views.map(LibraryEntry.init)))
    } else if views.isEmpty {
      context.console.write("No recently viewed books. Open one with `chaek show ID`.\n")
    } else {
      context.console.write(
        Output.table(views.map(\.book), extra: [("VIEWED", views.map { Output.timestamp($0.viewedAt) })]))
    }
  }
}

extension Command {
  /// `chaek next`: 다음에 읽을 책.
  static let next = Command(
    name: "next",
    summary: "suggest books to read next (다음에 읽을 책), each with why",
    details: """
      From your journal, offline: the next volume of each series you read, then the catalog's other \
      books by the authors you finished and rated highly. Books you saved are never suggested.
      """,
    options: [.nextJSON]
  ) { arguments, context in
    try arguments.expectNoOperands()
    let suggestions = try await context.chaek(arguments).readNext(for: context.reader)
    if arguments.flag(.nextJSON) {
      context.console.write(
        try Output.json(suggestions.map { NextEntry(id: $0.book.id.rawValue, why: $0.why, book: $0.book) }))
    } else if suggestions.isEmpty {
      context.console.write("Nothing to suggest yet: finish a book (`chaek finished ID`) or start one.\n")
    } else {
      context.console.write(Output.table(suggestions.map(\.book), extra: [("WHY", suggestions.map(\.why))]))
    }
  }
}

/// A suggestion as `chaek next --json` writes it.
private struct NextEntry: Encodable {
  let id: String
  let why: String
  let book: Book
}

// MARK: - Options

extension Option {
  /// `saved --sort S`.
  static let savedSort = Option.choice(
    "sort", "S", of: SavedOrder.self,
    help:
      "order (added, finished: newest first; rating: highest first; else Korean first), the last one chosen in the app unless given"
  )
  /// `saved --shelf S`.
  static let savedShelf = Option.choice("shelf", "S", of: Shelf.self, help: "only the books on this shelf")
  /// `saved --tag T`.
  static let savedTag = Option.text("tag", "T", help: "only the books with this tag")
  /// `saved --json`.
  static let savedJSON = Option.json("[{\"id\",\"saved_at\",\"book\"}] with books in Kakao's document shape")
  /// `remove --yes`, `clear --yes`.
  static let yes = Option.flag("yes", help: "remove without asking")
  /// `recent --json`.
  static let recentJSON = Option.json(
    "[{\"id\",\"viewed_at\",\"book\"}] with books in Kakao's document shape")
  /// `next --json`.
  static let nextJSON = Option.json("[{\"id\",\"why\",\"book\"}] with books in Kakao's document shape")
}
