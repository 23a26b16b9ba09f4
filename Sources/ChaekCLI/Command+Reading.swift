import BookModel
import ChaekApp

/// Shelves and readings: `shelf`, `start`, `progress`, `finished`.
extension Command {
  static let shelf = Command(
    name: "shelf",
    summary: "put a book on a shelf: want, reading, read or dnf",
    operands: "ID|ISBN SHELF",
    details: """
      SHELF is want (읽고 싶은 책), reading (읽는 중), read (읽은 책) or dnf (중단한 책); the
      Korean names work too. A book not yet saved is saved first. Moving a book to reading starts a
      reading on the day (unless one is open); moving it to read finishes the open reading on the
      day, or records a reading finished that day. The day is today unless --date gives it.
      """,
    options: [.date, .source, .entryJSON],
    examples: [
      "chaek shelf 9788936433598 reading", "chaek shelf 9788936433598 read --date 2026-03-20",
      "chaek shelf 9788936433598 dnf",
    ]
  ) { arguments, context in
    guard arguments.positionals.count == 2 else {
      throw CLIError.usage(
        "expected a book (ID or ISBN) and a SHELF, got \(arguments.positionals.count) operands")
    }
    let shelf = try JournalInput.shelf(arguments.positionals[1])
    try await moveToShelf(shelf, arguments, context)
  }

  static let start = Command(
    name: "start",
    summary: "start reading a book (읽는 중)",
    operands: "ID|ISBN",
    details: """
      Starts a reading on the day (today unless --date gives it) and puts the book on 읽는 중,
      saving it first when it is not saved. The same as `chaek shelf ID reading`.
      """,
    options: [.date, .source, .entryJSON],
    examples: ["chaek start 9788936433598", "chaek start 9788936433598 --date 2026-03-01"]
  ) { arguments, context in
    _ = try arguments.single("ID or ISBN")
    try await moveToShelf(.reading, arguments, context)
  }

  static let finished = Command(
    name: "finished",
    summary: "finish reading a book (읽은 책)",
    operands: "ID|ISBN",
    details: """
      Finishes the open reading on the day (today unless --date gives it), or records a reading
      finished that day, and puts the book on 읽은 책, saving it first when it is not saved. The
      same as `chaek shelf ID read`.
      """,
    options: [.date, .source, .entryJSON],
    examples: ["chaek finished 9788936433598", "chaek finished 9788936433598 --date 2026-03-20"]
  ) { arguments, context in
    _ = try arguments.single("ID or ISBN")
    try await moveToShelf(.read, arguments, context)
  }

  static let progress = Command(
    name: "progress",
    summary: "record how far you have read a book",
    operands: "ID|ISBN PAGE/PAGES|PAGE|PERCENT%",
    details: """
      Records progress on the day (today unless --date gives it) in the open reading, starting one
      if none is open; a book on 읽고 싶은 책 or 중단한 책 moves to 읽는 중, and a book not yet saved
      is saved first. 120/352 is page 120 of 352 (and sets the book's number of pages); 120 is page
      120; 45% is a percentage. Finish with `chaek finished ID`.
      """,
    options: [.date, .source, .entryJSON],
    examples: ["chaek progress 9788936433598 120/352", "chaek progress 9788936433598 45% --date 2026-03-14"]
  ) { arguments, context in
    guard arguments.positionals.count == 2 else {
      throw CLIError.usage(
        "expected a book (ID or ISBN) and how far (120/352, 120 or 45%), got \(arguments.positionals.count) operands"
      )
    }
    let amount = try JournalInput.amount(arguments.positionals[1])
    let day = try arguments.day(.date, default: context.today)
    let json = arguments.flag(.entryJSON)
    let chaek = try await context.chaek(arguments)
    let entry = try await context.withJournal(of: arguments.positionals[0], in: chaek, quiet: json) { id in
      try await chaek.recordProgress(id, amount, on: day, for: context.reader)
    }
    context.console.write(
      json
        ? try Output.json(entry)
        : "‘\(entry.book.title)’: \(Output.amount(amount)) on \(day) · \(entry.shelf.name).\n")
  }

  /// `shelf`, `start` and `finished`: moves the book named by the first operand to `shelf` on the
  /// `--date` day, and says where it is now.
  private static func moveToShelf(_ shelf: Shelf, _ arguments: Arguments, _ context: Context) async throws {
    let day = try arguments.day(.date, default: context.today)
    let json = arguments.flag(.entryJSON)
    let chaek = try await context.chaek(arguments)
    let before = try await chaek.entry(Context.bookID(arguments.positionals[0]), for: context.reader)?.shelf
    let after = try await context.withJournal(of: arguments.positionals[0], in: chaek, quiet: json) { id in
      try await chaek.updateEntry(id, EntryChange(shelf: shelf), today: day, for: context.reader)
    }
    if json {
      context.console.write(try Output.json(after))
    } else if before == shelf {
      context.console.write("‘\(after.book.title)’ is already on \(Output.standing(after)).\n")
    } else {
      context.console.write("‘\(after.book.title)’ is now on \(Output.standing(after)).\n")
    }
  }
}

// MARK: - Options

extension Option {
  /// `--date YYYY-MM-DD`: the day of a journal change.
  static let date = Option.text("date", "YYYY-MM-DD", help: "the day it happened", default: "today")
  /// `--json` of the commands that change a book's journal.
  static let entryJSON = Option.json(
    "the book's journal: {\"id\",\"book\",\"shelf\",\"rating\",\"review\",\"tags\",\"pages\",\"notes\","
      + "\"quotes\",\"sessions\",\"saved_at\",\"version\"}")
}
