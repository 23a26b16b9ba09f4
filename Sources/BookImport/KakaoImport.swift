import BookModel
import Foundation

/// Reads Kakao book data: a search response (`{"documents":[...],"meta":...}`), a JSON array of
/// documents, a single document, or one document per line (JSON lines).
///
/// A document is read as ``Book`` decodes Kakao's JSON. Rows are numbered by line in JSON lines
/// and by element in an array or a response.
struct KakaoImport: ImportReader {
  private enum Content {
    /// A whole JSON document's elements, read one by one.
    case elements([Any], next: Int)
    /// JSON lines.
    case lines(LineReader)
  }

  /// The largest file that may be one JSON document (a response or a single document) rather
  /// than JSON lines; larger files are read a line at a time.
  static let documentLimit = 32 << 20

  private var content: Content
  private var byteCount = 0
  private let decoder = JSONDecoder()

  /// Reads `bytes` as Kakao data.
  /// - Throws: ``ImportError`` when the file is empty or none of Kakao's shapes.
  init(_ bytes: [UInt8]) throws(ImportError) {
    try self.init(ByteWindow(bytes))
  }

  /// Reads the file in `window` as Kakao data. A JSON array is read whole; JSON lines a line at a
  /// time, however large the file.
  /// - Throws: ``ImportError`` when the file is empty or none of Kakao's shapes.
  init(_ window: ByteWindow) throws(ImportError) {
    var window = window
    guard let start = window.firstNonWhiteSpace() else { throw .emptyFile }
    switch window.byte(at: start) {
    case UInt8(ascii: "["):
      guard let bytes = window.rest(from: start, limit: Self.documentLimit) else {
        throw ImportError(
          message:
            "a JSON array over \(Self.documentLimit >> 20) MB: write one document per line (JSON lines)")
      }
      byteCount = start + bytes.count
      guard let array = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [Any] else {
        throw ImportError(message: "the file starts like a JSON array but is not valid JSON")
      }
      content = .elements(array, next: 0)
    case UInt8(ascii: "{"):
      // One document over the whole file, else JSON lines (whose first line may be broken).
      if let bytes = window.rest(from: start, limit: Self.documentLimit),
        let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
      {
        byteCount = start + bytes.count
        guard let documents = object["documents"] else {
          content = .elements([object], next: 0)
          return
        }
        guard let array = documents as? [Any] else {
          throw ImportError(message: "\"documents\" is not an array of Kakao documents")
        }
        content = .elements(array, next: 0)
      } else {
        content = .lines(LineReader(window))
      }
    default:
      throw ImportError(
        message: "not Kakao JSON: expected a search response, a JSON array of documents, or JSON lines")
    }
  }

  var bytesRead: Int {
    switch content {
    case .elements(let elements, let next): elements.isEmpty ? byteCount : byteCount * next / elements.count
    case .lines(let lines): lines.offset
    }
  }

  mutating func next() -> ImportRow? {
    switch content {
    case .elements(let elements, let next):
      guard next < elements.count else { return nil }
      content = .elements(elements, next: next + 1)
      guard JSONSerialization.isValidJSONObject(elements[next]),
        let data = try? JSONSerialization.data(withJSONObject: elements[next])
      else {
        return .skipped(ImportProblem(line: next + 1, reason: "not a JSON object"))
      }
      return decode(data, line: next + 1)
    case .lines(var lines):
      defer { content = .lines(lines) }
      while let line = lines.next() {
        if line.isBlank { continue }
        guard !line.isTooLong else { return .skipped(ImportProblem.lineTooLong(line.number)) }
        guard line.text != nil else {
          return .skipped(ImportProblem(line: line.number, reason: "invalid UTF-8"))
        }
        return decode(Data(line.bytes), line: line.number)
      }
      return nil
    }
  }

  // MARK: - Decoding

  private func decode(_ data: Data, line: Int) -> ImportRow {
    do {
      return .book(ImportedBook(book: try decoder.decode(Book.self, from: data), line: line), warnings: [])
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      return .skipped(ImportProblem(line: line, reason: "invalid JSON"))
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.last?.stringValue == "title" {
      return .skipped(ImportProblem(line: line, reason: "no title"))
    } catch DecodingError.dataCorrupted(let context) {
      return .skipped(ImportProblem(line: line, reason: context.debugDescription))
    } catch DecodingError.typeMismatch(_, let context) {
      let field = context.codingPath.map(\.stringValue).joined(separator: ".")
      return .skipped(
        ImportProblem(line: line, reason: "\(field.isEmpty ? "row" : field) has the wrong type"))
    } catch {
      return .skipped(ImportProblem(line: line, reason: "not a book document"))
    }
  }
}
