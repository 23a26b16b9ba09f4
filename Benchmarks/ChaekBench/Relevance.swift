import BookCatalog
import BookModel
import Foundation
import SearchQuality

/// Scores the committed relevance set (Tests/Relevance) over the catalogs it was judged on.
enum Relevance {
  /// Prints MRR and recall@10 per catalog and per kind of query, with the misses.
  static func report(packageRoot: URL, goodbooksCSV: URL) async throws {
    let folder = packageRoot.appendingPathComponent("Tests/Relevance")
    let set = try RelevanceSet(contentsOf: folder.appendingPathComponent("queries.json"))
    let korean = try Catalog(path: ":memory:", includingStarter: false)
    let books = try JSONDecoder().decode(
      [Book].self, from: Data(contentsOf: folder.appendingPathComponent("korean-catalog.json")))
    try await korean.upsert(books, source: .imported)
    print(summary("korean", await set.filtered(catalog: "korean").evaluate(korean)))
    guard let data = try? Data(contentsOf: goodbooksCSV) else {
      print("relevance goodbooks: \(goodbooksCSV.path) is missing")
      return
    }
    let goodbooks = try Catalog(path: ":memory:", includingStarter: false)
    _ = try await goodbooks.importBooks(from: data, format: .goodbooks)
    print(summary("goodbooks", await set.filtered(catalog: "goodbooks").evaluate(goodbooks)))
  }

  static func summary(_ name: String, _ report: RelevanceReport) -> String {
    var lines = [
      "relevance \(name): MRR \(String(format: "%.3f", report.meanReciprocalRank)), "
        + "recall@10 \(String(format: "%.3f", report.recall)) over \(report.results.count) queries"
    ]
    for (kind, scores) in report.scoresByKind {
      lines.append(
        "  \(kind.padding(toLength: 12, withPad: " ", startingAt: 0)) MRR \(String(format: "%.3f", scores.meanReciprocalRank))"
          + "  recall \(String(format: "%.3f", scores.recall))  (\(scores.count))")
    }
    lines += report.misses.map { "  miss: \($0.summary)" }
    return lines.joined(separator: "\n")
  }
}
