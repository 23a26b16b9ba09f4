import BookModel
import Foundation

/// How commands print books: tables and details for people, JSON for scripts.
enum Output {
  /// Search results and lists as a table: title, authors, price, ISBN (or id), then `extra`
  /// columns (a header and one cell per book: the shelf, the rating, a date).
  static func table(_ books: [Book], extra: [(header: String, cells: [String])] = []) -> String {
    var columns = [
      Table.Column(header: "TITLE", maximumWidth: 44),
      Table.Column(header: "AUTHORS", maximumWidth: 24),
      Table.Column(header: "PRICE", maximumWidth: 12, alignRight: true),
      Table.Column(header: "ISBN / ID", maximumWidth: 18),
    ]
    columns += extra.map { Table.Column(header: $0.header, maximumWidth: 16) }
    var table = Table(columns: columns)
    for (index, book) in books.enumerated() {
      table.rows.append(
        [book.title, book.authorsText, Won.format(book.effectivePrice), book.id.rawValue]
          + extra.map { $0.cells[index] })
    }
    return table.render()
  }

  /// One book in full, for `chaek show`.
  static func details(_ book: Book, saved: Bool) -> String {
    var lines = [book.title + (saved ? "  ♥ saved" : "")]
    func field(_ label: String, _ value: String) {
      if !value.isEmpty {
        lines.append("  " + label.padding(toLength: 12, withPad: " ", startingAt: 0) + value)
      }
    }
    field("Authors", book.authorsText)
    field("Translators", book.translatorsText)
    field("Publisher", book.publisher)
    field("Published", book.datetime.map(KakaoDate.displayText) ?? "")
    if book.isDiscounted {
      field("Price", "\(Won.format(book.salePrice)) (list \(Won.format(book.price)))")
    } else {
      field("Price", Won.format(book.effectivePrice))
    }
    field("Status", book.status)
    field("ISBN", book.isbn)
    field("Pages", book.pages.map(String.init) ?? "")
    field(
      "Series", book.seriesVolume.map { $0.volume.isEmpty ? $0.series : "\($0.series) #\($0.volume)" } ?? "")
    field("ID", book.id.rawValue)
    field("Link", book.url)
    if !book.contents.isEmpty { lines += ["", wrap(book.contents, width: 76, indent: "  ")] }
    return lines.joined(separator: "\n") + "\n"
  }

  /// JSON for scripts: sorted keys, unescaped slashes, one trailing newline.
  static func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
  }

  /// `1 book`, `2 books`.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  /// A date as `2026-11-29 21:05` in the local time zone.
  static func timestamp(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter.string(from: date)
  }

  /// `text` in lines of at most `width` columns, each after `indent`; line breaks in `text` are kept.
  static func wrap(_ text: String, width: Int = 76, indent: String = "  ") -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map {
      wrapLine(String($0), width: width, indent: indent)
    }.joined(separator: "\n")
  }

  private static func wrapLine(_ text: String, width: Int, indent: String) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && Table.width(line) + 1 + Table.width(String(word)) > width {
        lines.append(indent + line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty {
      lines.append(indent + line)
    } else if lines.isEmpty {
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }
}
