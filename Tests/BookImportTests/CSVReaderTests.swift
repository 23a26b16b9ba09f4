import Testing

@testable import BookImport

@Suite("CSV reader")
struct CSVReaderTests {
  /// Every record of `text`, as (line, fields).
  private func records(_ text: String) -> [CSVReader.Record] {
    var reader = CSVReader(Array(text.utf8))
    var records: [CSVReader.Record] = []
    while let record = reader.next() { records.append(record) }
    return records
  }

  private func fields(_ text: String) -> [[String]] { records(text).map(\.fields) }

  @Test func splitsRecordsAtLineFeedsAndCRLF() {
    #expect(fields("a,b\nc,d\r\ne,f") == [["a", "b"], ["c", "d"], ["e", "f"]])
    #expect(fields("a,b\r\n") == [["a", "b"]])
    #expect(fields("a\rb\n") == [["a"], ["b"]])
  }

  @Test func quotedFieldsHoldCommasDoubledQuotesAndLineBreaks() {
    let text = "1,\"Hunger Games, The\",\"say \"\"hi\"\"\"\n2,\"two\r\nlines\",\"\"\n"
    #expect(fields(text) == [["1", "Hunger Games, The", "say \"hi\""], ["2", "two\r\nlines", ""]])
    let spans = records(text).map { [$0.line, $0.lastLine] }
    #expect(spans == [[1, 1], [2, 3]])
  }

  @Test func emptyFieldsAndATrailingCommaAreFields() {
    #expect(fields(",a,,\n") == [["", "a", "", ""]])
    #expect(fields("a,") == [["a", ""]])
    #expect(fields("\n") == [[""]])
    #expect(records("\n").first?.isBlank == true)
    #expect(fields("") == [])
  }

  @Test func skipsAByteOrderMark() {
    #expect(fields("\u{FEFF}title,isbn\r\nx,1\r\n") == [["title", "isbn"], ["x", "1"]])
  }

  @Test func keepsStrayQuotesAndTextAfterAClosingQuoteAsWritten() {
    #expect(fields("5\" floppy,\"quoted\" tail,x\n") == [["5\" floppy", "quoted tail", "x"]])
  }

  @Test func countsLinesAcrossQuotedLineBreaks() {
    let lines = records("h1,h2\n\"a\nb\nc\",1\nx,2\n").map(\.line)
    #expect(lines == [1, 2, 5])
  }

  @Test func anUnterminatedQuoteRunsToTheEndAndSaysSo() throws {
    let all = records("a,b\n1,\"open\n2,x\n")
    #expect(all.count == 2)
    let broken = try #require(all.last)
    #expect(broken.isUnterminated && broken.line == 2 && broken.lastLine > 2)
    #expect(broken.fields == ["1", "open\n2,x\n"])
  }

  @Test func resumingAfterABrokenRecordReadsTheLinesItSwallowed() throws {
    var reader = CSVReader(Array("1,\"open,x\n2,y\n3,\"z\"\n".utf8))
    let first = reader.next()
    let broken = try #require(first)
    #expect(broken.line == 1 && broken.lastLine == 3)
    reader.resume(afterFirstLineOf: broken)
    let second = reader.next()
    let third = reader.next()
    #expect(second?.fields == ["2", "y"])
    #expect(third?.fields == ["3", "z"] && third?.line == 3)
    #expect(reader.next() == nil)
  }

  /// `x",",` on every line: from any line start, its quotes pair across every line break after it.
  private static let quotesOnEveryLine = String(repeating: "x\",\",\n", count: 300_000)

  @Test func aFileWhoseEveryLineOpensAQuoteThatRunsOnIsReadInLinearTime() {
    let bytes = Array(Self.quotesOnEveryLine.utf8)
    var reader = CSVReader(bytes)
    var records = 0
    var overLimit: Int?
    while overLimit == nil, let record = reader.next() {
      records += 1
      if record.isUnterminated || record.lastLine > record.line { reader.resume(afterFirstLineOf: record) }
      // Read again from each line, every record would run on for the whole record limit.
      if reader.crossedBytes > CSVReader.recordLimit + CSVReader.crossingFactor * reader.offset {
        overLimit = records
      }
    }
    #expect(overLimit == nil, "read past the bound at record \(overLimit ?? 0)")
    #expect(records == 300_000, "each line once")
  }

  @Test(.timeLimit(.minutes(10)))
  func anExportOfSuchLinesSkipsEachOfThemAsUnbalancedQuotes() throws {
    let rows = try ImportedRows("Book Id,Title,Author,ISBN,ISBN13\n" + Self.quotesOnEveryLine, as: .goodreads)
    #expect(rows.books.isEmpty && rows.skipped.count == 300_000)
    #expect(rows.skipped.allSatisfy { $0.reason == "unbalanced quotes" })
    #expect(rows.skipped.last?.line == 300_001)
  }
}
