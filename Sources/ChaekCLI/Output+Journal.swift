import BookModel
import Foundation

/// How commands print the reading journal for people; `--json` prints the library's own types.
extension Output {
  /// `★4.5`, or empty for no rating.
  static func rating(_ rating: StarRating?) -> String {
    rating.map { "★\($0)" } ?? ""
  }

  /// Where a book stands: `읽는 중 (started 2026-03-14, 34%)`, `읽은 책 (finished 2026-03-20)`.
  static func standing(_ entry: JournalEntry) -> String {
    var facts: [String] = []
    if let session = entry.sessions.last {
      switch entry.shelf {
      case .reading:
        if let started = session.started { facts.append("started \(started)") }
        if let progress = session.progress.last { facts.append(amount(progress.amount)) }
      case .read:
        if let finished = session.finished { facts.append("finished \(finished)") }
      case .want, .dnf: break
      }
    }
    return entry.shelf.name + (facts.isEmpty ? "" : " (\(facts.joined(separator: ", ")))")
  }

  /// `page 120 of 352 (34.1%)`, `page 120`, `45%`.
  static func amount(_ amount: ReadingAmount) -> String {
    switch amount {
    case .page(let page, let total?): "page \(page) of \(total) (\(percent(amount.percent ?? 0)))"
    case .page(let page, nil): "page \(page)"
    case .percent(let value): percent(value)
    }
  }

  /// `34.1%`, `45%`.
  static func percent(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value))%" : String(format: "%.1f%%", value)
  }

  /// A note or quote: `#12  2026-03-14  quote  p. 40`, then its text, indented; `title` names its
  /// book when the list holds more than one book's.
  static func note(_ note: Note, title: String? = nil) -> String {
    var head = ["#\(note.id)", note.day.description, note.kind.rawValue]
    if let page = note.page { head.append("p. \(page)") }
    if let title { head.append("‘\(title)’") }
    let text = note.kind == .quote ? "“\(note.text)”" : note.text
    return head.joined(separator: "  ") + "\n" + wrap(text, indent: "    ") + "\n"
  }

  /// Everything about one saved book, for `chaek journal`.
  static func journal(_ entry: JournalEntry) -> String {
    var lines = [entry.book.title]
    func field(_ label: String, _ value: String) {
      if !value.isEmpty {
        lines.append("  " + label.padding(toLength: 12, withPad: " ", startingAt: 0) + value)
      }
    }
    field("Authors", entry.book.authorsText)
    field("ID", entry.book.id.rawValue)
    field("Shelf", standing(entry))
    field("Rating", rating(entry.rating))
    field("Tags", entry.tags.joined(separator: ", "))
    field("Pages", entry.pages.map(String.init) ?? "")
    field("Saved", timestamp(entry.savedAt))
    var text = lines.joined(separator: "\n") + "\n"
    if !entry.review.isEmpty { text += "\nReview\n" + wrap(entry.review) + "\n" }
    if !entry.sessions.isEmpty {
      text += "\nReadings\n" + entry.sessions.map(session).joined()
    }
    for (heading, notes) in [("Notes", entry.notes), ("Quotes", entry.quotes)] where !notes.isEmpty {
      text +=
        "\n\(heading)\n"
        + notes.map { Output.note($0).split(separator: "\n").map { "  " + $0 } }
        .map { $0.joined(separator: "\n") + "\n" }.joined()
    }
    return text
  }

  /// `  2026-03-01 → 2026-03-20` (with `  edition ID` when it names another edition read), then a
  /// line per progress update.
  private static func session(_ session: ReadingSession) -> String {
    let started = session.started?.description ?? "?"
    let finished = session.finished?.description ?? "reading"
    let edition = session.edition.map { "  edition \($0.rawValue)" } ?? ""
    return "  \(started) → \(finished)\(edition)\n"
      + session.progress.map { "    \($0.day)  \(amount($0.amount))\n" }.joined()
  }
}

/// What removing a book, or every book, also deletes: its notes, quotes and readings.
struct JournalSize {
  var notes = 0
  var quotes = 0
  var readings = 0

  /// The size of one entry's journal.
  init(_ entry: JournalEntry) {
    (notes, quotes, readings) = (entry.notes.count, entry.quotes.count, entry.sessions.count)
  }

  /// The size of every saved book's journal, as the library counts it.
  init(_ size: LibrarySize) {
    (notes, quotes, readings) = (size.notes, size.quotes, size.readings)
  }

  /// `true` when there is nothing to lose.
  var isEmpty: Bool { notes + quotes + readings == 0 }

  /// `2 notes, 1 quote and 1 reading` (what there is of them).
  var description: String {
    let parts = [(notes, "note"), (quotes, "quote"), (readings, "reading")].filter { $0.0 > 0 }
      .map { Output.count($0.0, $0.1) }
    guard let last = parts.last, parts.count > 1 else { return parts.first ?? "nothing" }
    return parts.dropLast().joined(separator: ", ") + " and " + last
  }
}
