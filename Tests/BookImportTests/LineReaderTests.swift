import Foundation
import Testing

@testable import BookImport

@Suite("Line reader")
struct LineReaderTests {
  /// The lines of `data` read from a file, as an import reads them.
  func lines(ofFile data: Data) throws -> [LineReader.Line] {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-lines-\(UUID())")
    try data.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    var reader = LineReader(ByteWindow(reading: handle))
    var lines: [LineReader.Line] = []
    while let line = reader.next() { lines.append(line) }
    return lines
  }

  @Test(arguments: [LineReader.maximumLength - 1, LineReader.maximumLength, LineReader.maximumLength + 1])
  func aLongLineIsPassedOverAndTheNextIsRead(length: Int) throws {
    let read = try lines(ofFile: Data(repeating: UInt8(ascii: "a"), count: length) + Data("\nnext\r\n".utf8))
    #expect(read.map(\.number) == [1, 2])
    #expect(read[0].isTooLong == (length >= LineReader.maximumLength))
    #expect(read[0].bytes.count == (length >= LineReader.maximumLength ? 0 : length))
    #expect(read[1].text == "next" && !read[1].isTooLong)
  }
}
