import Foundation

/// The file formats the catalog imports books from
/// (see ``Catalog/importBooks(from:format:batchSize:progress:)``).
public enum ImportFormat: String, CaseIterable, Sendable {
  /// Kakao book data: a search response (`{"documents":[...]}`), a JSON array of documents, or one
  /// document per line.
  case kakao
  /// The goodbooks-10k dataset's `books.csv`.
  case goodbooks
  /// A Goodreads library export (`goodreads_library_export.csv`), in any column order.
  case goodreads
  /// Open Library JSON lines: search results (`{"key":"/works/…","title":…}`), or lines of an Open
  /// Library dump (`/type/edition<TAB>/books/…<TAB>…<TAB>{json}`); or a search response
  /// (`search.json`: `{"numFound":…,"docs":[…]}`).
  case openlibrary
  /// A StoryGraph export (`Title,Authors,Contributors,ISBN/UID,…,Read Status,…`), in any column order.
  case storygraph

  /// The format's name for people: `goodbooks-10k CSV`.
  public var displayName: String {
    switch self {
    case .kakao: "Kakao JSON"
    case .goodbooks: "goodbooks-10k CSV"
    case .goodreads: "Goodreads export CSV"
    case .openlibrary: "Open Library JSON lines"
    case .storygraph: "StoryGraph export CSV"
    }
  }

  /// `true` for the exports of reading apps, which hold the reader's own data about each book
  /// (``ImportedBook/reading``).
  public var carriesReadings: Bool { self == .goodreads || self == .storygraph }

  // MARK: - Detection

  /// The format of a file, told from its content, or `nil` when it is none of them.
  ///
  /// A CSV file is told by its header's column names, an Open Library dump by its first line's
  /// `/type/…` column, and JSON by the keys of its first object that can be read (JSON lines whose
  /// first line is broken are told by the next): Open Library's search results have `key`s like
  /// `/works/…` and fields like `author_name`, its search responses `numFound` and `docs`; anything
  /// else with a `title` or `documents` is Kakao's.
  ///
  /// `data` may be the start of a large file: the first 64 KB are enough for every format but a
  /// JSON document written over many lines, which is told from the whole file when `data` holds
  /// it, else from the names of its first keys.
  public static func detect(_ data: Data) -> ImportFormat? {
    var lines = LineReader([UInt8](data.prefix(64 * 1024)))
    guard let line = firstNonBlankLine(&lines) else { return nil }
    let text = String(decoding: line.bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    if text.hasPrefix("/type/") && text.contains("\t") { return .openlibrary }
    if text.hasPrefix("{") || text.hasPrefix("[") { return detectJSON(data) }
    var reader = CSVReader(Array(line.bytes))
    let columns = Set(reader.next()?.fields.map { $0.trimmingCharacters(in: .whitespaces) } ?? [])
    if columns.isSuperset(of: GoodbooksImport.requiredColumns) { return .goodbooks }
    if columns.isSuperset(of: GoodreadsImport.requiredColumns) { return .goodreads }
    if columns.isSuperset(of: StoryGraphImport.requiredColumns) { return .storygraph }
    return nil
  }

  private static func firstNonBlankLine(_ lines: inout LineReader) -> LineReader.Line? {
    while let line = lines.next() {
      if !line.isBlank { return line }
    }
    return nil
  }

  /// JSON lines are told by their first line that holds an object; a document over several lines by
  /// its first object.
  private static func detectJSON(_ data: Data) -> ImportFormat? {
    var lines = LineReader([UInt8](data.prefix(64 * 1024)))
    var tried = 0
    while let line = lines.next(), tried < 20 {
      if line.isBlank { continue }
      tried += 1
      if let object = try? JSONSerialization.jsonObject(with: Data(line.bytes)) {
        if let format = detect(object) { return format }
      }
    }
    if let object = try? JSONSerialization.jsonObject(with: data), let format = detect(object) {
      return format
    }
    // The start of a document over many lines, too large to have been given whole.
    let start = String(decoding: data.prefix(64 * 1024), as: UTF8.self)
    if start.contains("\"numFound\"") && start.contains("\"docs\"") { return .openlibrary }
    if start.contains("\"documents\"") { return .kakao }
    return nil
  }

  /// The format of a JSON value: an object, or an array of them.
  private static func detect(_ json: Any) -> ImportFormat? {
    let object = (json as? [String: Any]) ?? ((json as? [Any])?.first as? [String: Any])
    guard let object else { return nil }
    let openLibraryFields: Set = ["author_name", "first_publish_year", "cover_i", "edition_count"]
    if let key = object["key"] as? String, key.hasPrefix("/works/") || key.hasPrefix("/books/") {
      return .openlibrary
    }
    if !openLibraryFields.isDisjoint(with: object.keys) { return .openlibrary }
    if object["docs"] != nil && object["numFound"] != nil { return .openlibrary }
    return object["title"] != nil || object["documents"] != nil ? .kakao : nil
  }

  // MARK: - Readers

  /// A reader of `bytes` in this format.
  /// - Throws: ``ImportError`` when the file is empty or not in this format at all.
  func reader(for bytes: [UInt8]) throws(ImportError) -> any ImportReader {
    try reader(for: ByteWindow(bytes))
  }

  /// A reader of the file in `window` in this format.
  /// - Throws: ``ImportError`` when the file is empty or not in this format at all.
  func reader(for window: ByteWindow) throws(ImportError) -> any ImportReader {
    switch self {
    case .kakao: try KakaoImport(window)
    case .goodbooks: try GoodbooksImport(window)
    case .goodreads: try GoodreadsImport(window)
    case .openlibrary: try OpenLibraryImport(window)
    case .storygraph: try StoryGraphImport(window)
    }
  }
}
