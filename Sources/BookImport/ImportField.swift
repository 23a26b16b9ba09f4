import BookModel
import Foundation

/// How the import formats read the fields they share: ISBNs, years, names and Goodreads links.
enum ImportField {
  /// The first valid ISBN of `candidates`. When some are written but none is valid, `nil`, and an
  /// `invalid ISBN` warning for `line`: the book is imported without it.
  static func isbn(_ candidates: [String], line: Int, warnings: inout [ImportProblem]) -> ISBN? {
    let written = candidates.filter { !$0.isEmpty }
    if let isbn = written.lazy.compactMap({ ISBN($0) }).first { return isbn }
    if let first = written.first {
      warnings.append(ImportProblem(line: line, reason: "invalid ISBN", detail: first))
    }
    return nil
  }

  /// A whole number written as an integer or a float (`2008`, `2008.0`, `-720.0`); `nil` when empty.
  /// Anything else is left out with a `COLUMN is not a number` warning for `line`.
  static func number(_ text: String, column: String, line: Int, warnings: inout [ImportProblem]) -> Int? {
    guard !text.isEmpty else { return nil }
    if let integer = Int(text) { return integer }
    if let double = Double(text), let integer = Int(exactly: double.rounded(.towardZero)) { return integer }
    warnings.append(ImportProblem(line: line, reason: "\(column) is not a number", detail: text))
    return nil
  }

  /// The names in one comma-separated string (`J.K. Rowling, Mary GrandPré`), trimmed, without
  /// empty ones or repeats, in linear time however many there are.
  static func names(_ text: String) -> [String] {
    var names: [String] = []
    var seen: Set<String> = []
    for part in text.split(separator: ",") {
      let name = part.trimmingCharacters(in: .whitespaces)
      if !name.isEmpty && seen.insert(name).inserted { names.append(name) }
    }
    return names
  }

  /// A book's page on Goodreads, which identifies the book when it has no ISBN.
  static func goodreadsURL(bookID: Int) -> String { "https://www.goodreads.com/book/show/\(bookID)" }
}
