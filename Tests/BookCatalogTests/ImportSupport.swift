import BookModel
import Foundation
import Testing

@testable import BookCatalog
@testable import BookImport

/// Everything an import reader yields for a file, without a catalog.
struct ReadRows {
  var books: [Book] = []
  var popularity: [Int] = []
  var otherISBNs: [[ISBN]] = []
  var skipped: [ImportProblem] = []
  var warnings: [ImportProblem] = []

  init(_ text: String, as format: ImportFormat) throws {
    try self.init(Array(text.utf8), as: format)
  }

  init(_ bytes: [UInt8], as format: ImportFormat) throws {
    var reader = try format.reader(for: bytes)
    while let row = reader.next() {
      switch row {
      case .book(let imported, let rowWarnings):
        books.append(imported.book)
        popularity.append(imported.popularity)
        otherISBNs.append(imported.otherISBNs)
        warnings += rowWarnings
      case .skipped(let problem):
        skipped.append(problem)
      }
    }
  }

  /// The book with this title.
  func book(_ title: String) throws -> Book {
    try #require(books.first { $0.title == title }, "no book titled \(title)")
  }
}

/// A directory of its own under the system's temporary directory, for files a test writes.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-import-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Where the directory's catalog file goes.
  var catalogPath: String { url.appendingPathComponent("catalog.sqlite").path }

  /// A new catalog file in the directory, without the starter books.
  func catalog() throws -> Catalog {
    try Catalog(path: catalogPath, includingStarter: false)
  }

  /// Writes `text` to a file named `name` and returns its content as read back.
  func write(_ text: String, to name: String) throws -> Data {
    let file = url.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return try Data(contentsOf: file)
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A date the way catalogs record a known year.
func january1(_ year: Int) -> Date? { KakaoDate.parse("\(year)-01-01T00:00:00.000+09:00") }
