import BookModel
import Testing

@testable import BookImport

@Suite("Reading apps' exports: counts and pages out of bounds")
struct ImportBoundsTests {
  private static let goodreadsHeader =
    "Book Id,Title,Author,ISBN,ISBN13,Number of Pages,Date Read,Exclusive Shelf,Read Count\n"

  /// A Goodreads row for a book on the read shelf, finished on 2024-03-02.
  private static func goodreads(_ id: Int, pages: String, readCount: String) -> String {
    "\(id),Book \(id),Some One,,,\(pages),2024/03/02,read,\(readCount)\n"
  }

  @Test func aReadCountOutsideZeroToAThousandIsLeftOutWithAWarningAndTheRowImports() throws {
    let counts = ["-9223372036854775808", "9223372036854775807", "100000000", "1001", "-1", "1000"]
    let text =
      Self.goodreadsHeader
      + counts.enumerated().map { Self.goodreads($0 + 1, pages: "", readCount: $1) }.joined()
    let rows = try ImportedRows(text, as: .goodreads)
    #expect(rows.books.count == counts.count && rows.skipped.isEmpty)
    for index in 0..<5 {
      #expect(
        try rows.record("Book \(index + 1)").readings == [.init(finished: day("2024-03-02"))],
        "the Date Read is still one reading")
    }
    #expect(try rows.record("Book 6").readings.count == ReadingRecord.maximumReadings)
    #expect(
      rows.warnings
        == counts.prefix(5).enumerated().map {
          ImportProblem(line: $0 + 2, reason: "Read Count is not between 0 and 1000", detail: $1)
        })
  }

  @Test func aNumberOfPagesOutsideBookLengthIsLeftOutWithAWarning() throws {
    let pages = ["0", "-3", "100001", "9223372036854775807", "100000", "1"]
    let text =
      Self.goodreadsHeader
      + pages.enumerated().map { Self.goodreads($0 + 1, pages: $1, readCount: "1") }.joined()
    let rows = try ImportedRows(text, as: .goodreads)
    #expect(try (1...6).map { try rows.record("Book \($0)").pages } == [nil, nil, nil, nil, 100_000, 1])
    #expect(
      rows.warnings
        == pages.prefix(4).enumerated().map {
          ImportProblem(line: $0 + 2, reason: "Number of Pages is not between 1 and 100000", detail: $1)
        })
  }

  @Test func aStoryGraphReadCountOutOfBoundsAndTooManyDatesReadAreBounded() throws {
    let header = "Title,Authors,ISBN/UID,Read Status,Dates Read,Read Count\n"
    let many = (0..<1_200).map { "2020/01/01-\(String(format: "%04d", 2_000 + $0 % 8_000))/01/02" }
    let text =
      header + "Huge,A,,read,2024/01/01-2024/01/02,9223372036854775807\n"
      + "Many,A,,read,\"\(many.joined(separator: ", "))\",1\n"
    let rows = try ImportedRows(text, as: .storygraph)
    #expect(try rows.record("Huge").readings.count == 1)
    let kept = try rows.record("Many").readings
    #expect(kept.count == ReadingRecord.maximumReadings)
    #expect(kept.last?.finished == day("3199-01-02") && kept.first?.finished == day("2200-01-02"))
    #expect(
      rows.warnings == [
        ImportProblem(line: 2, reason: "Read Count is not between 0 and 1000", detail: "9223372036854775807"),
        ImportProblem(line: 3, reason: "Dates Read lists more than 1000 readings", detail: "1200"),
      ])
  }
}
