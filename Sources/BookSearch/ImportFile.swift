import BookModel
import Foundation

/// Books read from a file for `chaek import`, with the rows that could not be read.
public struct ImportFile: Sendable {
  /// A row that was skipped, and why.
  public struct Problem: Equatable, Sendable, CustomStringConvertible {
    /// 1-based line (JSON lines) or element number (JSON array) of the row.
    public let line: Int
    /// Why it was skipped.
    public let reason: String
    public var description: String { "line \(line): \(reason)" }
  }

  /// The books read, in file order.
  public var books: [Book] = []
  /// The rows skipped.
  public var problems: [Problem] = []

  /// Reads Kakao data: a search response (`{"documents":[...],"meta":...}`), a JSON array of
  /// documents, or JSON lines of documents. A row that is not a valid document is reported and
  /// skipped; a file that is none of these formats is an error.
  public init(kakao data: Data) throws(ImportError) {
    let text = String(decoding: data, as: UTF8.self)
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw ImportError(message: "the file is empty") }
    if trimmed.hasPrefix("{"), let whole = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) {
      guard let object = whole as? [String: Any] else { throw ImportError(message: "not Kakao JSON") }
      if let documents = object["documents"] {
        guard let array = documents as? [Any] else {
          throw ImportError(message: "\"documents\" is not an array")
        }
        read(array, lineOf: { $0 + 1 })
      } else {
        read([object], lineOf: { _ in 1 })
      }
    } else if trimmed.hasPrefix("[") {
      guard let array = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [Any] else {
        throw ImportError(message: "the file starts like a JSON array but is not valid JSON")
      }
      read(array, lineOf: { $0 + 1 })
    } else if trimmed.hasPrefix("{") {
      readLines(text)
    } else {
      throw ImportError(message: "not a Kakao response, a JSON array of documents, or JSON lines")
    }
  }

  private mutating func read(_ elements: [Any], lineOf: (Int) -> Int) {
    for (index, element) in elements.enumerated() {
      guard JSONSerialization.isValidJSONObject(element),
        let data = try? JSONSerialization.data(withJSONObject: element)
      else {
        problems.append(Problem(line: lineOf(index), reason: "not a JSON object"))
        continue
      }
      decode(data, line: lineOf(index))
    }
  }

  private mutating func readLines(_ text: String) {
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
      decode(Data(line.utf8), line: index + 1)
    }
  }

  private mutating func decode(_ data: Data, line: Int) {
    do {
      books.append(try JSONDecoder().decode(Book.self, from: data))
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      problems.append(Problem(line: line, reason: "invalid JSON"))
    } catch DecodingError.dataCorrupted(let context) {
      problems.append(Problem(line: line, reason: context.debugDescription))
    } catch DecodingError.typeMismatch(_, let context) {
      let field = context.codingPath.map(\.stringValue).joined(separator: ".")
      problems.append(Problem(line: line, reason: "\(field.isEmpty ? "row" : field) has the wrong type"))
    } catch {
      problems.append(Problem(line: line, reason: "not a book document"))
    }
  }
}

/// A file that cannot be imported at all.
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong with the file.
  public let message: String
  public var description: String { message }
}
