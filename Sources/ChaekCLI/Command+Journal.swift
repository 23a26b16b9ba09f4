import BookModel
import ChaekApp
import Foundation

/// A book's own journal: `rate`, `review`, `tag`, `tags` and `journal`.
extension Command {
  static let rate = Command(
    name: "rate",
    summary: "rate a book, 0.5 to 5 stars",
    operands: "ID|ISBN STARS",
    details: """
      STARS is 0.5 to 5 in half stars (4.5). A book not yet saved is saved first. --clear removes
      the rating.
      """,
    options: [.clear, .source, .entryJSON],
    examples: ["chaek rate 9788936433598 4.5", "chaek rate 9788936433598 --clear"]
  ) { arguments, context in
    let json = arguments.flag(.entryJSON)
    let chaek = try await context.chaek(arguments)
    let entry: JournalEntry
    if arguments.flag(.clear) {
      let saved = try await context.savedEntry(arguments.single("ID or ISBN"), in: chaek)
      entry = try await chaek.updateEntry(
        saved.book.id, EntryChange(rating: .some(nil)), today: context.today, for: context.reader
      ).value
    } else {
      guard arguments.positionals.count == 2 else {
        throw CLIError.usage("expected a book (ID or ISBN) and STARS (0.5 to 5), or --clear")
      }
      let rating = try JournalInput.rating(arguments.positionals[1])
      entry = try await context.withJournal(of: arguments.positionals[0], in: chaek, quiet: json) { id in
        try await chaek.updateEntry(
          id, EntryChange(rating: .some(rating)), today: context.today, for: context.reader)
      }
    }
    context.console.write(
      json
        ? try Output.json(entry)
        : entry.rating.map { "Rated ‘\(entry.book.title)’ \(Output.rating($0)).\n" }
          ?? "‘\(entry.book.title)’ has no rating.\n")
  }

  static let review = Command(
    name: "review",
    summary: "write a book's review",
    operands: "ID|ISBN TEXT",
    details: """
      Sets the review to TEXT (the words after the book, joined by spaces; quote it to keep line
      breaks). A book not yet saved is saved first. An empty TEXT ("") or --clear removes the
      review.
      """,
    options: [.clear, .source, .entryJSON],
    examples: [
      "chaek review 9788936433598 \"담담해서 더 아팠다.\"", "chaek review 9788936433598 --clear",
    ]
  ) { arguments, context in
    let json = arguments.flag(.entryJSON)
    guard let text = arguments.positionals.first else { throw CLIError.usage("missing ID or ISBN") }
    let review = arguments.text(after: 1).trimmingCharacters(in: .whitespacesAndNewlines)
    let chaek = try await context.chaek(arguments)
    let entry: JournalEntry
    if arguments.flag(.clear) || review.isEmpty {
      if arguments.flag(.clear) && arguments.positionals.count > 1 {
        throw CLIError.usage("--clear takes no TEXT")
      }
      if !arguments.flag(.clear) && arguments.positionals.count == 1 {
        throw CLIError.usage("missing TEXT (\"\" or --clear removes the review)")
      }
      let saved = try await context.savedEntry(text, in: chaek)
      entry = try await chaek.updateEntry(
        saved.book.id, EntryChange(review: ""), today: context.today, for: context.reader
      ).value
    } else {
      entry = try await context.withJournal(of: text, in: chaek, quiet: json) { id in
        try await chaek.updateEntry(
          id, EntryChange(review: review), today: context.today, for: context.reader)
      }
    }
    context.console.write(
      json
        ? try Output.json(entry)
        : entry.review.isEmpty
          ? "‘\(entry.book.title)’ has no review.\n" : "Saved the review of ‘\(entry.book.title)’.\n")
  }

  static let tag = Command(
    name: "tag",
    summary: "add tags to a book, or remove them",
    operands: "ID|ISBN TAG...",
    details: """
      Adds each TAG to the book (saving it first when it is not saved), or with --remove takes them
      off. A tag is any text of at most 100 characters; quote one with spaces. `chaek tags` lists
      the tags in use, and `chaek saved` takes a tag to list the books with it.
      """,
    options: [.removeTags, .source, .entryJSON],
    examples: ["chaek tag 9788936433598 소설 한국문학", "chaek tag 9788936433598 소설 --remove"]
  ) { arguments, context in
    guard arguments.positionals.count >= 2 else {
      throw CLIError.usage("expected a book (ID or ISBN) and at least one TAG")
    }
    let tags = Array(arguments.positionals.dropFirst())
    let json = arguments.flag(.entryJSON)
    let chaek = try await context.chaek(arguments)
    let entry: JournalEntry
    if arguments.flag(.removeTags) {
      let saved = try await context.savedEntry(arguments.positionals[0], in: chaek)
      let removing = Set(tags.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
      entry = try await chaek.updateEntry(
        saved.book.id, EntryChange(tags: saved.tags.filter { !removing.contains($0) }), today: context.today,
        expecting: saved.version, for: context.reader
      ).value
    } else {
      entry = try await context.withJournal(of: arguments.positionals[0], in: chaek, quiet: json) { id in
        try await chaek.addTags(tags, to: id, today: context.today, for: context.reader)
      }
    }
    context.console.write(
      json
        ? try Output.json(entry)
        : "‘\(entry.book.title)’ tags: \(entry.tags.isEmpty ? "none" : entry.tags.joined(separator: ", ")).\n"
    )
  }

  static let tags = Command(
    name: "tags",
    summary: "list the tags in use, with their numbers of books",
    details: "Tags in 가나다 order; `chaek saved` takes a tag to list its books.",
    options: [.tagsJSON]
  ) { arguments, context in
    try arguments.expectNoOperands()
    let counts = try await context.chaek(arguments).savedFacets(shelf: nil, tag: nil, for: context.reader)
      .tags
    if arguments.flag(.tagsJSON) {
      context.console.write(try Output.json(counts.map { TagCount(tag: $0.tag, books: $0.count) }))
    } else if counts.isEmpty {
      context.console.write("No tags yet. Tag a book with `chaek tag ID TAG`.\n")
    } else {
      var table = Table(columns: [
        Table.Column(header: "TAG", maximumWidth: 40),
        Table.Column(header: "BOOKS", maximumWidth: 8, alignRight: true),
      ])
      table.rows = counts.map { [$0.tag, String($0.count)] }
      context.console.write(table.render())
    }
  }

  static let journal = Command(
    name: "journal",
    summary: "everything about one saved book: shelf, rating, tags, review, readings, notes, quotes",
    operands: "ID|ISBN",
    options: [.entryJSON],
    examples: ["chaek journal 9788936433598", "chaek journal 9788936433598 --json"]
  ) { arguments, context in
    let entry = try await context.savedEntry(arguments.single("ID or ISBN"), in: context.chaek(arguments))
    context.console.write(arguments.flag(.entryJSON) ? try Output.json(entry) : Output.journal(entry))
  }
}

/// A tag and its number of books, as `chaek tags --json` prints it.
struct TagCount: Encodable {
  let tag: String
  let books: Int
}

// MARK: - Options

extension Option {
  /// `--clear`: remove the value instead of setting it.
  static let clear = Option.flag("clear", help: "remove it instead of setting it")
  /// `tag --remove`.
  static let removeTags = Option.flag("remove", help: "remove these tags instead of adding them")
  /// `tags --json`.
  static let tagsJSON = Option.json("[{\"tag\",\"books\"}]")
}
