import BookModel
import Foundation

/// Reads Open Library JSON lines: search results, lines of a dump, or both.
///
/// - A search result (`{"key":"/works/…","title":…,"author_name":[…],…}`, one per line) maps onto a
///   book exactly as the live search does (``OpenLibrary/Document``).
/// - A dump line (`/type/edition<TAB>/books/OL…M<TAB>revision<TAB>modified<TAB>{json}`) maps the
///   record's `title` and `subtitle`, first publisher, first valid of `isbn_13` and `isbn_10`, the
///   year in the free-text `publish_date` (`March 2004`), first cover and description. Dumps name
///   authors only by key (`/authors/OL…A`), so such books have no authors rather than invented
///   ones. Works (`/type/work`) read the same way; other records (authors, redirects) are skipped.
struct OpenLibraryImport: ImportReader {
  private var lines: LineReader
  private let decoder = JSONDecoder()

  /// Reads `bytes` as Open Library JSON lines.
  /// - Throws: ``ImportError`` when the file is empty.
  init(_ bytes: [UInt8]) throws(ImportError) {
    lines = LineReader(bytes)
    var probe = lines
    while let line = probe.next() {
      if !line.isBlank { return }
    }
    throw .emptyFile
  }

  var bytesRead: Int { lines.offset }

  mutating func next() -> ImportRow? {
    while let line = lines.next() {
      if line.isBlank { continue }
      let start = line.bytes.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
      if let start, line.bytes[start] == UInt8(ascii: "{") {
        return searchResult(line)
      }
      if line.bytes.contains(UInt8(ascii: "\t")) {
        return dumpRecord(line)
      }
      return .skipped(ImportProblem(line: line.number, reason: "neither a search result nor a dump line"))
    }
    return nil
  }

  // MARK: - Search results

  private func searchResult(_ line: LineReader.Line) -> ImportRow {
    do {
      let document = try decoder.decode(OpenLibrary.Document.self, from: Data(line.bytes))
      guard let book = document.book(baseURL: OpenLibrary.publicURL) else {
        return .skipped(ImportProblem(line: line.number, reason: "no title"))
      }
      return .book(book, popularity: 0, warnings: [])
    } catch {
      return .skipped(ImportProblem(line: line.number, reason: "invalid JSON"))
    }
  }

  // MARK: - Dump lines

  private func dumpRecord(_ line: LineReader.Line) -> ImportRow {
    let columns = line.bytes.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
    let type = String(decoding: columns[0], as: UTF8.self)
    guard type == "/type/edition" || type == "/type/work" else {
      return .skipped(ImportProblem(line: line.number, reason: "not an edition or a work", detail: type))
    }
    let record: DumpRecord
    do {
      record = try decoder.decode(DumpRecord.self, from: Data(columns[columns.count - 1]))
    } catch {
      return .skipped(ImportProblem(line: line.number, reason: "invalid JSON"))
    }
    guard let title = record.title, !title.trimmingCharacters(in: .whitespaces).isEmpty else {
      return .skipped(ImportProblem(line: line.number, reason: "no title"))
    }
    var warnings: [ImportProblem] = []
    let isbn = ImportField.isbn(record.isbn13s + record.isbn10s, line: line.number, warnings: &warnings)
    let key = record.key ?? (columns.count > 1 ? String(decoding: columns[1], as: UTF8.self) : "")
    let book = Book(
      title: [title, record.subtitle ?? ""].filter { !$0.isEmpty }.joined(separator: ": "),
      contents: record.description ?? "",
      url: key.hasPrefix("/") ? OpenLibrary.publicURL.appending(path: key).absoluteString : "",
      isbn: isbn?.kakaoNotation ?? "",
      datetime: (record.publishDate ?? record.firstPublishDate).flatMap(Self.year(in:)).flatMap(
        KakaoDate.firstOfJanuary),
      publisher: record.publishers.first ?? "",
      thumbnail: OpenLibrary.coverURL(record.covers.first)
    )
    return .book(book, popularity: 0, warnings: warnings)
  }

  /// The first four-digit number in a free-text date: `March 2004`, `2004-03-01`, `c1998`.
  static func year(in text: String) -> Int? {
    var digits = ""
    for character in text + " " {
      if character.isASCII && character.isNumber {
        digits.append(character)
      } else {
        if digits.count == 4 { return Int(digits) }
        digits = ""
      }
    }
    return nil
  }

  /// An edition or work record of a dump. Fields of an unexpected type are treated as absent.
  private struct DumpRecord: Decodable {
    let key: String?
    let title: String?
    let subtitle: String?
    let publishers: [String]
    let isbn13s: [String]
    let isbn10s: [String]
    let publishDate: String?
    let firstPublishDate: String?
    let covers: [Int]
    let description: String?

    private enum CodingKeys: String, CodingKey {
      case key, title, subtitle, publishers, covers, description
      case isbn13s = "isbn_13"
      case isbn10s = "isbn_10"
      case publishDate = "publish_date"
      case firstPublishDate = "first_publish_date"
    }

    /// A description is a string, or `{"type":"/type/text","value":"…"}`.
    private struct Text: Decodable {
      let value: String
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      func list<T: Decodable>(_ key: CodingKeys) -> [T] {
        (try? container.decodeIfPresent([T].self, forKey: key)) ?? []
      }
      func text(_ key: CodingKeys) -> String? { try? container.decodeIfPresent(String.self, forKey: key) }
      key = text(.key)
      title = text(.title)
      subtitle = text(.subtitle)
      publishers = list(.publishers)
      isbn13s = list(.isbn13s)
      isbn10s = list(.isbn10s)
      publishDate = text(.publishDate)
      firstPublishDate = text(.firstPublishDate)
      covers = list(.covers)
      description =
        text(.description) ?? (try? container.decodeIfPresent(Text.self, forKey: .description))?.value
    }
  }
}
