import BookModel
import ChaekApp
import Foundation

/// Notes and quotes (문장 수집): `note` and `quote` add, edit and delete them, `notes` lists and
/// finds them.
extension Command {
  static let note = noteCommand(
    .note, summary: "write a note about a book; edit or delete a note or quote",
    example: "chaek note 9788936433598 \"3부의 시점 전환이 좋았다\"")

  static let quote = noteCommand(
    .quote, summary: "keep a sentence from a book (문장 수집); edit or delete a note or quote",
    example: "chaek quote 9788936433598 \"나는 이제 동물을 먹지 않을 거야.\" --page 24")

  static let notes = Command(
    name: "notes",
    summary: "list a book's notes and quotes, or find notes and quotes by their words",
    operands: "[ID|ISBN]",
    details: """
      With a book, lists its notes and quotes, oldest first. With --search, finds notes and quotes
      of every book (or of the book given) by their words, newest first: every word must appear,
      Korean words whatever their spacing (해리포터 finds 해리 포터), and a query of initials
      (ㅊㅅ) matches their syllables. The number before each one (#12) is how `chaek note` and
      `chaek quote` name it to edit or delete it.
      """,
    options: [.noteSearch, .notesJSON],
    examples: ["chaek notes 9788936433598", "chaek notes --search 채식", "chaek notes --search ㅊㅅ"]
  ) { arguments, context in
    guard arguments.positionals.count <= 1 else {
      throw CLIError.usage("expected at most one book (ID or ISBN), got \(arguments.positionals.count)")
    }
    let chaek = try await context.chaek(arguments)
    let json = arguments.flag(.notesJSON)
    let book = try await arguments.positionals.first.asyncMap {
      try await context.savedEntry($0, in: chaek)
    }
    guard let query = arguments.text(.noteSearch) else {
      guard let book else { throw CLIError.usage("give a book (ID or ISBN), or --search QUERY") }
      let notes = (book.notes + book.quotes).sorted { ($0.day, $0.id) < ($1.day, $1.id) }
      context.console.write(
        json
          ? try Output.json(notes)
          : notes.isEmpty
            ? "‘\(book.book.title)’ has no notes or quotes yet. Add one with `chaek note ID TEXT`.\n"
            : "‘\(book.book.title)’: \(Output.count(book.notes.count, "note")), "
              + "\(Output.count(book.quotes.count, "quote"))\n\n" + notes.map { Output.note($0) }.joined())
      return
    }
    let matches = try await chaek.searchNotes(query, for: context.reader).filter {
      book == nil || $0.note.bookID == book?.book.id
    }
    context.console.write(
      json
        ? try Output.json(matches)
        : matches.isEmpty
          ? "No notes or quotes match ‘\(query)’.\n"
          : matches.map { Output.note($0.note, title: $0.title) }.joined()
            + "\n\(matches.count) \(matches.count == 1 ? "match" : "matches")\n")
  }

  /// `note` or `quote`: adds one of `kind` to a book, or edits or deletes any note or quote by its
  /// number (`--edit N`, `--delete N`), so both commands edit the same way.
  private static func noteCommand(_ kind: Note.Kind, summary: String, example: String) -> Command {
    let name = kind.rawValue
    return Command(
      name: name,
      summary: summary,
      operands: "ID|ISBN TEXT",
      details: """
        Adds a \(name) to the book (saving it first when it is not saved), dated today unless
        --date gives the day, with the page it is about when --page gives it. TEXT is the words
        after the book, joined by spaces; quote it to keep line breaks.

        --edit N TEXT replaces the text of note or quote number N (the number `chaek notes` shows),
        keeping its page and day unless --page or --date are given; --delete N deletes it. Both
        work on notes and quotes alike.
        """,
      options: [.notePage, .date, .edit, .delete, .source, .noteJSON],
      examples: [example, "chaek \(name) --edit 12 \"고쳐 쓴 글\"", "chaek \(name) --delete 12"]
    ) { arguments, context in
      let json = arguments.flag(.noteJSON)
      let chaek = try await context.chaek(arguments)
      let day = arguments.text(.date) == nil ? nil : try arguments.day(.date, default: context.today)
      let page = arguments.integer(.notePage)
      let note: Note
      let said: String
      switch (arguments.integer(.edit), arguments.integer(.delete)) {
      case (.some, .some):
        throw CLIError.usage("give --edit or --delete, not both")
      case (let number?, nil):
        let text = try noteText(arguments, after: 0)
        guard let old = try await chaek.note(number, for: context.reader) else {
          throw LibraryError.noSuchRecord("note or quote \(number)")
        }
        note = try await chaek.updateNote(
          number, text: text, page: page ?? old.page, day: day ?? old.day, expecting: old.version,
          for: context.reader)
        said = "Updated \(note.kind.rawValue) #\(note.id)"
      case (nil, let number?):
        try arguments.expectNoOperands()
        guard page == nil, day == nil else { throw CLIError.usage("--delete takes no --page or --date") }
        guard let old = try await chaek.note(number, for: context.reader) else {
          throw LibraryError.noSuchRecord("note or quote \(number)")
        }
        note = old
        try await chaek.deleteNote(number, expecting: old.version, for: context.reader)
        said = "Deleted \(note.kind.rawValue) #\(note.id)"
      case (nil, nil):
        guard let book = arguments.positionals.first else { throw CLIError.usage("missing ID or ISBN") }
        let text = try noteText(arguments, after: 1)
        note = try await context.withJournal(of: book, in: chaek, quiet: json) { id in
          try await chaek.addNote(
            kind, to: id, text: text, page: page, day: day ?? context.today, for: context.reader)
        }
        said = "Added \(note.kind.rawValue) #\(note.id)"
      }
      if json {
        context.console.write(try Output.json(note))
        return
      }
      let title = try await chaek.entry(note.bookID, for: context.reader)?.book.title ?? note.bookID.rawValue
      context.console.write("\(said) of ‘\(title)’ (\(note.day)\(note.page.map { ", p. \($0)" } ?? "")).\n")
    }
  }

  /// The text of a note or quote: the operands after the first `count`, which must not be empty.
  private static func noteText(_ arguments: Arguments, after count: Int) throws(CLIError) -> String {
    let text = arguments.text(after: count).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { throw .usage("missing TEXT") }
    guard text.count <= JournalText.maximumNoteLength else {
      throw .usage(
        "a note or quote is at most \(JournalText.maximumNoteLength) characters (got \(text.count))")
    }
    return text
  }
}

extension Optional {
  /// The wrapped value transformed by an async `transform`, or `nil`.
  fileprivate func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
    guard let value = self else { return nil }
    return try await transform(value)
  }
}

// MARK: - Options

extension Option {
  /// `note --page N`, `quote --page N`.
  static let notePage = Option.integer(
    "page", "N", in: BookLength.pages, help: "the page of the book it is about")
  /// `note --edit N`, `quote --edit N`.
  static let edit = Option.integer(
    "edit", "N", in: 1...Int(Int32.max), help: "replace the text of note or quote number N")
  /// `note --delete N`, `quote --delete N`.
  static let delete = Option.integer(
    "delete", "N", in: 1...Int(Int32.max), help: "delete note or quote number N")
  /// `note --json`, `quote --json`.
  static let noteJSON = Option.json(
    "the note or quote: {\"id\",\"book_id\",\"kind\",\"text\",\"page\",\"day\",\"version\"}")
  /// `notes --search QUERY`.
  static let noteSearch = Option.text("search", "QUERY", help: "find notes and quotes by their words")
  /// `notes --json`.
  static let notesJSON = Option.json(
    "a book's notes and quotes: [{\"id\",\"book_id\",\"kind\",\"text\",\"page\",\"day\",\"version\"}]; "
      + "with --search, [{\"note\":{...},\"title\"}]")
}
