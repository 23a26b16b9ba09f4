import BookModel
import Foundation
import Testing

@testable import BookCatalog
@testable import BookImport

@Suite("Kakao import")
struct KakaoImportTests {
  static let document =
    #"{"title":"채식주의자","authors":["한강"],"isbn":"8936433598 9788936433598","publisher":"창비"}"#

  /// JSON lines: a document, a line cut short, one without a title, a wrong type, and one more.
  static let lines = """
    \(document)
    {"title":

    {"authors":["제목 없음"]}
    {"title":"틀린 형식","authors":"한 사람"}
    {"title":"Another Imaginary Book","url":"https://example.com/another"}

    """

  @Test func readsASearchResponse() throws {
    let rows = try ReadRows(
      #"{"documents":[\#(Self.document),{"title":""}],"meta":{"is_end":true}}"#, as: .kakao)
    #expect(rows.books.map(\.id.rawValue) == ["9788936433598"])
    #expect(rows.skipped == [ImportProblem(line: 2, reason: "no title")])
  }

  @Test func readsAnArrayAndASingleDocument() throws {
    let array = try ReadRows("[\(Self.document), 3]", as: .kakao)
    #expect(array.books.map(\.title) == ["채식주의자"])
    #expect(array.skipped == [ImportProblem(line: 2, reason: "not a JSON object")])
    #expect(try ReadRows(Self.document, as: .kakao).books.map(\.publisher) == ["창비"])
  }

  @Test func readsJsonLinesAndReportsBadLinesByNumber() throws {
    let rows = try ReadRows(Self.lines, as: .kakao)
    #expect(rows.books.map(\.title) == ["채식주의자", "Another Imaginary Book"])
    #expect(
      rows.skipped == [
        ImportProblem(line: 2, reason: "invalid JSON"),
        ImportProblem(line: 4, reason: "no title"),
        ImportProblem(line: 5, reason: "authors has the wrong type"),
      ])
  }

  @Test(arguments: [
    ("", "the file is empty"),
    (" \n", "the file is empty"),
    ("[1, 2", "the file starts like a JSON array but is not valid JSON"),
    (#"{"documents":{}}"#, "\"documents\" is not an array of Kakao documents"),
    ("title,isbn\n", "not Kakao JSON: expected a search response, a JSON array of documents, or JSON lines"),
  ])
  func aFileInNoneOfKakaosShapesIsAnError(text: String, message: String) {
    #expect(throws: ImportError(message: message)) { try ReadRows(text, as: .kakao) }
  }

  /// A line of many megabytes (a file with no line breaks) is passed over, not held: the lines
  /// after it still import.
  @Test func aLineLongerThanTheLimitIsSkippedAndTheRestImports() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.url.appendingPathComponent("long.jsonl")
    var bytes = Array("\(Self.document)\n".utf8)
    bytes += [UInt8](
      repeating: UInt8(ascii: "x"), count: LineReader.maximumLength + 3 * ByteWindow.chunkSize / 2)
    bytes += Array("\n{\"title\":\"Another Imaginary Book\",\"url\":\"https://example.com/another\"}\n".utf8)
    try Data(bytes).write(to: file)
    let catalog = try Catalog(path: directory.catalogPath, includingStarter: false)
    let report = try await catalog.importBooks(contentsOf: file, format: .kakao)
    #expect(report.skipped == [ImportProblem.lineTooLong(2)])
    #expect(report.skipped.first?.description == "line 2: line longer than 8 MB")
    #expect(try await catalog.count() == 2)
  }

  @Test func aJSONArrayOverTheDocumentLimitIsRefused() throws {
    let array = "[" + String(repeating: " ", count: KakaoImport.documentLimit) + "]"
    #expect(
      throws: ImportError(message: "a JSON array over 32 MB: write one document per line (JSON lines)")
    ) { try ReadRows(array, as: .kakao) }
  }
}
