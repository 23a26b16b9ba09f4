import BookSearch
import Foundation

extension Command {
  static let importFile = Command(
    name: "import",
    summary: "add books to the offline catalog from a file",
    usage: "usage: chaek import FILE",
    details: """
      FILE holds Kakao book data: a search response ({"documents":[...]}), a JSON array of
      documents, or one document per line (JSON lines). Books are matched by identity (ISBN-13,
      else url), so importing twice changes nothing. Rows that cannot be read are reported with
      their line numbers and skipped; the rest are imported.
      """
  ) { arguments, context in
    let path = try arguments.single("FILE")
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw CLIError.failure("cannot read \(path): \((error as NSError).localizedDescription)")
    }
    let file: ImportFile
    do {
      file = try ImportFile(kakao: data)
    } catch let error as ImportError {
      throw CLIError.failure("\(path): \(error.message)")
    }
    for problem in file.problems { context.console.writeError("\(path): skipped \(problem)\n") }
    guard !file.books.isEmpty else { throw CLIError.failure("\(path): no book could be read") }
    let report = try await context.catalog().upsert(file.books, source: .imported)
    context.console.write(
      "Imported \(path): \(report.added) added, \(report.updated) updated, \(report.unchanged) unchanged, "
        + "\(file.problems.count) skipped.\n")
  }
}
