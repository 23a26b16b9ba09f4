import BookModel
import Foundation
import Testing

@testable import BookCatalog
@testable import BookImport

@Suite("Importers: old files, bad bytes and large files")
struct ImportHardeningTests {
  static let header = CatalogIdentityTests.header

  @Test func aBareCRFileLosesOneRowToAStrayQuoteAndCountsItsLines() throws {
    let rows = [
      CatalogIdentityTests.row(1, isbn: "", authors: "A", title: "One"),
      "1,2,1,1,1,,,\"B\",1937.0,,\"Broken\",eng,4,1,1,1,1,1,1,1,1,\"stray quote,\n",
      CatalogIdentityTests.row(3, isbn: "", authors: "C", title: "Three"),
      CatalogIdentityTests.row(4, isbn: "", authors: "D", title: "Four"),
    ]
    let lineFeeds = Self.header + rows.joined()
    for text in [lineFeeds, lineFeeds.replacingOccurrences(of: "\n", with: "\r")] {
      let read = try ReadRows(text, as: .goodbooks)
      #expect(read.books.map(\.title) == ["One", "Three", "Four"])
      #expect(read.skipped == [ImportProblem(line: 3, reason: "unbalanced quotes")])
    }
  }

  @Test func aQuotedLineBreakCountsOnceAsCRLFAndOnceAsALoneCR() {
    var reader = CSVReader(Array("\"a\r\nb\",1\r\"c\rd\",2\rx,3".utf8))
    var lines: [Int] = []
    while let record = reader.next() { lines.append(record.line) }
    #expect(lines == [1, 3, 5])
  }

  @Test func invalidUTF8InACSVIsReportedWithItsLine() throws {
    var bytes = Array((Self.header + CatalogIdentityTests.row(1, isbn: "", authors: "A", title: "Good")).utf8)
    bytes +=
      Array("1,2,1,1,1,,,\"B\",1937.0,,\"Bad ".utf8) + [0xFF, 0xFE]
      + Array("\",eng,4,1,1,1,1,1,1,1,1,,\n".utf8)
    bytes += Array(CatalogIdentityTests.row(3, isbn: "", authors: "C", title: "After").utf8)
    let read = try ReadRows(bytes, as: .goodbooks)
    #expect(read.books.map(\.title) == ["Good", "After"])
    #expect(read.skipped == [ImportProblem(line: 3, reason: "invalid UTF-8")])
    let lines = try ReadRows(
      Array("{\"title\":\"a\"}\n{\"title\":\"".utf8) + [0xC3] + Array("\"}\n".utf8), as: .kakao)
    #expect(lines.skipped == [ImportProblem(line: 2, reason: "invalid UTF-8")])
  }

  @Test func kakaoJsonLinesWhoseFirstLineIsBrokenAreStillKakao() throws {
    let text = "{\"title\": \"cut\n{\"title\":\"채식주의자\",\"authors\":[\"한강\"]}\n"
    #expect(ImportFormat.detect(Data(text.utf8)) == .kakao)
    let rows = try ReadRows(text, as: .kakao)
    #expect(rows.books.map(\.title) == ["채식주의자"])
    #expect(rows.skipped == [ImportProblem(line: 1, reason: "invalid JSON")])
  }

  static let searchJSON = """
    {
      "numFound": 2, "start": 0, "numFoundExact": true,
      "docs": [
        {"key": "/works/OL27448W", "title": "The Lord of the Rings", "author_name": ["J.R.R. Tolkien"],
         "isbn": ["junk", "0618640150", "9780618645619"], "cover_i": 14625765},
        {"key": "/works/OL1W"}
      ],
      "q": "lord of the rings"
    }
    """

  @Test func anOpenLibrarySearchResponseImports() throws {
    #expect(ImportFormat.detect(Data(Self.searchJSON.utf8)) == .openlibrary)
    let rows = try ReadRows(Self.searchJSON, as: .openlibrary)
    #expect(rows.books.map(\.title) == ["The Lord of the Rings"])
    #expect(rows.books.first?.isbn13 == "9780618640157")
    #expect(rows.skipped == [ImportProblem(line: 2, reason: "no title")])
  }

  @Test func aCoverListStartingWithMinusOneUsesTheFirstRealCover() throws {
    let line = "/type/edition\t/books/OL1M\t1\t2010\t{\"title\":\"Covered\",\"covers\":[-1,8739161]}\n"
    let rows = try ReadRows(line, as: .openlibrary)
    #expect(rows.books.first?.thumbnail == "https://covers.openlibrary.org/b/id/8739161-M.jpg")
  }

  /// 60,000 names, half of them repeats: a quadratic removal took 4.2 s here in a release build,
  /// which the suite would feel, but the test asserts what it returns, not how long it took.
  @Test func repeatedNamesAmongManyAreRemovedKeepingTheFirstOfEach() {
    let names = (0..<60_000).map { "Author \($0 % 30_000)" }.joined(separator: ", ")
    let unique = ImportField.names(names)
    #expect(unique.count == 30_000 && unique.first == "Author 0")
  }

  @Test func aFileIsReadAChunkAtATimeAndTheReportStaysBounded() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Larger than two chunks, with more bad lines than the report lists.
    let good = (0..<3_000).map { #"{"title":"Book \#($0)","url":"https://example.com/\#($0)"}"# }
    let padding = String(repeating: "x", count: 1_500)
    let bad = (0..<(ImportReport.listLimit + 500)).map { "not json \($0) \(padding)" }
    let text = (good + bad + good).joined(separator: "\n") + "\n"
    let file = directory.url.appendingPathComponent("big.jsonl")
    try Data(text.utf8).write(to: file)
    #expect(text.utf8.count > 2 * ByteWindow.chunkSize)
    var fractions: [Double] = []
    let report = try await directory.catalog().importBooks(contentsOf: file, format: .kakao, batchSize: 1_000)
    {
      fractions.append($0.fraction)
    }
    #expect(report.read == 6_000 && report.added == 3_000 && report.unchanged == 0)
    #expect(report.skippedCount == ImportReport.listLimit + 500)
    #expect(report.skipped.count == ImportReport.listLimit)
    #expect(report.skipped.first == ImportProblem(line: 3_001, reason: "invalid JSON"))
    #expect(report.skippedReasons == [ImportProblem.Tally(reason: "invalid JSON", count: 1_500)])
    #expect(fractions.last == 1)
  }
}
