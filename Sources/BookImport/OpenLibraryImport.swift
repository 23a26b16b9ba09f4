import BookModel
import Foundation

/// Reads Open Library JSON lines: search results, lines of a dump, or both; or a whole search
/// response (`search.json`: `{"numFound":…,"docs":[…]}`), whose docs are numbered as rows.
///
/// - A search result (`{"key":"/works/…","title":…,"author_name":[…],…}`, one per line) maps onto a
///   book exactly as the live search does (``OpenLibraryDocument``).
/// - A dump line (`/type/edition<TAB>/books/OL…M<TAB>revision<TAB>modified<TAB>{json}`) maps the
///   record's `title` and `subtitle`, first publisher, first valid of `isbn_13` and `isbn_10` (the
///   other valid ones find the book too), the year in the free-text `publish_date` (`March 2004`),
///   first real cover (Open Library writes `-1` for a removed one) and description. Dumps name
///   authors only by key (`/authors/OL…A`), so such books have no authors rather than invented
///   ones. Works (`/type/work`) read the same way; other records (authors, redirects) are skipped.
/// - Every valid ISBN of a search result (one per edition of the work) finds its book; the first
///   is the book's own (see ``ImportedBook/otherISBNs``).
struct OpenLibraryImport: ImportReader {
  private enum Content {
    /// The docs of a search response, read one by one.
    case docs([Any], next: Int)
    /// JSON lines.
    case lines(LineReader)
  }

  private var content: Content
  private var byteCount = 0
  private let decoder = JSONDecoder()

  /// Reads `bytes` as Open Library data.
  /// - Throws: ``ImportError`` when the file is empty.
  init(_ bytes: [UInt8]) throws(ImportError) {
    try self.init(ByteWindow(bytes))
  }

  /// Reads the file in `window` as Open Library data: a search response whole, JSON lines a line
  /// at a time, however large the file.
  /// - Throws: ``ImportError`` when the file is empty.
  init(_ window: ByteWindow) throws(ImportError) {
    var window = window
    guard let start = window.firstNonWhiteSpace() else { throw .emptyFile }
    if window.byte(at: start) == UInt8(ascii: "{"),
      let bytes = window.rest(from: start, limit: KakaoImport.documentLimit),
      let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
      let docs = object["docs"]
    {
      guard let docs = docs as? [Any] else {
        throw ImportError(message: "\"docs\" is not an array of Open Library search results")
      }
      byteCount = start + bytes.count
      content = .docs(docs, next: 0)
    } else {
      content = .lines(LineReader(window))
    }
  }

  var bytesRead: Int {
    switch content {
    case .docs(let docs, let next): docs.isEmpty ? byteCount : byteCount * next / docs.count
    case .lines(let lines): lines.offset
    }
  }

  var position: ImportPosition? {
    guard case .lines(let lines) = content else { return nil }
    return ImportPosition(offset: lines.offset, line: lines.linesRead)
  }

  mutating func resume(at position: ImportPosition) -> Bool {
    guard case .lines(var lines) = content, lines.skip(to: position.offset, line: position.line) else {
      return false
    }
    content = .lines(lines)
    return true
  }

  mutating func next() -> ImportRow? {
    switch content {
    case .docs(let docs, let next):
      guard next < docs.count else { return nil }
      content = .docs(docs, next: next + 1)
      guard JSONSerialization.isValidJSONObject(docs[next]),
        let data = try? JSONSerialization.data(withJSONObject: docs[next])
      else {
        return .skipped(ImportProblem(line: next + 1, reason: "not a JSON object"))
      }
      return searchResult(data, line: next + 1)
    case .lines(var lines):
      defer { content = .lines(lines) }
      return nextLine(&lines)
    }
  }

  private func nextLine(_ lines: inout LineReader) -> ImportRow? {
    while let line = lines.next() {
      if line.isBlank { continue }
      guard !line.isTooLong else { return .skipped(ImportProblem.lineTooLong(line.number)) }
      guard line.text != nil else {
        return .skipped(ImportProblem(line: line.number, reason: "invalid UTF-8"))
      }
      let start = line.bytes.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
      if let start, line.bytes[start] == UInt8(ascii: "{") {
        return searchResult(Data(line.bytes), line: line.number)
      }
      if line.bytes.contains(UInt8(ascii: "\t")) {
        return dumpRecord(line)
      }
      return .skipped(ImportProblem(line: line.number, reason: "neither a search result nor a dump line"))
    }
    return nil
  }

  // MARK: - Search results

  private func searchResult(_ data: Data, line: Int) -> ImportRow {
    do {
      let document = try decoder.decode(OpenLibraryDocument.self, from: data)
      guard let book = document.book() else {
        return .skipped(ImportProblem(line: line, reason: "no title"))
      }
      return .book(
        ImportedBook(book: book, otherISBNs: document.otherISBNs, line: line),
        warnings: [])
    } catch {
      return .skipped(ImportProblem(line: line, reason: "invalid JSON"))
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
    let isbns = record.isbn13s + record.isbn10s
    let isbn = ImportField.isbn(isbns, line: line.number, warnings: &warnings)
    let key = record.key ?? (columns.count > 1 ? String(decoding: columns[1], as: UTF8.self) : "")
    let book = Book(
      title: [title, record.subtitle ?? ""].filter { !$0.isEmpty }.joined(separator: ": "),
      contents: record.description ?? "",
      url: key.hasPrefix("/") ? OpenLibraryDocument.publicURL.appending(path: key).absoluteString : "",
      isbn: isbn?.kakaoNotation ?? "",
      datetime: (record.publishDate ?? record.firstPublishDate).flatMap(Self.year(in:)).flatMap(
        KakaoDate.firstOfJanuary),
      publisher: record.publishers.first ?? "",
      thumbnail: OpenLibraryDocument.coverURL(record.covers.first { $0 > 0 }),
      pages: record.pages, series: record.series.lazy.compactMap(SeriesVolume.init(openLibrary:)).first,
      work: type == "/type/work" ? key : record.works.first
    )
    let others = ISBN.others(isbns, besides: isbn)
    return .book(ImportedBook(book: book, otherISBNs: others, line: line.number), warnings: warnings)
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
    /// The keys of the works an edition is of (`/works/OL…W`).
    let works: [String]
    /// The edition's series, as free text (`Harry Potter ; 1`).
    let series: [String]
    /// The edition's number of pages.
    let pages: Int?

    private enum CodingKeys: String, CodingKey {
      case key, title, subtitle, publishers, covers, description, works, series
      case pages = "number_of_pages"
      case isbn13s = "isbn_13"
      case isbn10s = "isbn_10"
      case publishDate = "publish_date"
      case firstPublishDate = "first_publish_date"
    }

    /// A reference to another record: `{"key":"/works/OL45804W"}`.
    private struct Reference: Decodable {
      let key: String
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
      works = (list(.works) as [Reference]).map(\.key)
      series = list(.series)
      pages = try? container.decodeIfPresent(Int.self, forKey: .pages)
      description =
        text(.description) ?? (try? container.decodeIfPresent(Text.self, forKey: .description))?.value
    }
  }
}
