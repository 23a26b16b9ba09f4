import BookModel
import Foundation
import SearchQuality
import Testing

@testable import BookCatalog
@testable import BookImport

/// The committed relevance set and its Korean fixture catalog, in `Tests/Relevance`.
enum RelevanceFiles {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Relevance")
  static let queries = directory.appendingPathComponent("queries.json")
  static let koreanCatalog = directory.appendingPathComponent("korean-catalog.json")

  /// The Korean fixture in a fresh in-memory catalog with no starter books.
  static func koreanCatalogLoaded() async throws -> Catalog {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let books = try JSONDecoder().decode([Book].self, from: Data(contentsOf: koreanCatalog))
    try await catalog.upsert(books, source: .imported)
    return catalog
  }
}

/// Scores below which the relevance regression tests fail: a little below what the engine scored
/// when they were last set. Raise them when ranking improves; never lower them to pass.
enum RelevanceThresholds {
  /// Korean half, measured at MRR 0.978 and recall@10 1.000 (tiers, popularity, recency, 초성).
  static let koreanMRR = 0.95
  static let koreanRecall = 0.98
  /// Goodbooks half, measured at MRR 0.945 and recall@10 0.989.
  static let goodbooksMRR = 0.92
  static let goodbooksRecall = 0.97
}

@Suite("Relevance set: scoring and regression thresholds")
struct RelevanceSetTests {
  // MARK: - Arithmetic

  static func judged(_ id: String, _ catalog: String, _ expected: [String]) -> RelevanceSet.Query {
    RelevanceSet.Query(id: id, catalog: catalog, query: id, expected: expected)
  }

  @Test func reciprocalRankAndRecallFollowTheExpectedTitles() {
    let results = [
      RelevanceReport.Result(query: Self.judged("q1", "a", ["A", "B"]), titles: ["X", "A", "C"]),
      RelevanceReport.Result(query: Self.judged("q2", "a", ["C"]), titles: ["C"]),
      RelevanceReport.Result(query: Self.judged("q3", "b", ["D", "E"]), titles: []),
      RelevanceReport.Result(query: Self.judged("q4", "b", ["F", "G"]), titles: ["G", "F", "F"]),
    ]
    #expect(results.map(\.ranks) == [[2, nil], [1], [nil, nil], [2, 1]])
    #expect(results.map(\.reciprocalRank) == [0.5, 1, 0, 0.5])
    #expect(results.map(\.recall) == [0.5, 1, 0, 1])
    let report = RelevanceReport(results: results)
    #expect(report.meanReciprocalRank == 0.5)
    #expect(report.recall == 0.625)
    #expect(report.misses.map(\.query.id) == ["q1", "q3", "q4"])
    let onlyA = report.filtered(catalog: "a")
    #expect(onlyA.meanReciprocalRank == 0.75 && onlyA.recall == 0.75 && onlyA.scores.count == 2)
    #expect(report.filtered(catalog: "none").scores == RelevanceReport.Scores([]))
  }

  @Test func titlesMatchExactlyAfterNFC() {
    let decomposed = "채식주의자".decomposedStringWithCanonicalMapping
    let result = RelevanceReport.Result(
      query: Self.judged("q", "k", [decomposed, "채식"]), titles: ["채식주의자 2", "채식주의자"])
    #expect(result.ranks == [2, nil])
  }

  @Test func decodesTargetsAndRejectsUnknownOnes() throws {
    let json = """
      [{"id":"a","catalog":"korean","kind":"person","query":"한강","target":"person",
        "expected":["흰"],"note":""},
       {"id":"b","catalog":"goodbooks","query":"it","target":null,"expected":["It"],"note":"n"}]
      """
    let set = try RelevanceSet(json: Data(json.utf8))
    #expect(set.queries.map(\.target) == [.person, nil])
    #expect(set.queries.map(\.kind) == ["person", nil])
    #expect(set.filtered(catalog: "goodbooks").queries.map(\.id) == ["b"])
    let bad = #"[{"id":"a","catalog":"k","query":"q","target":"author","expected":["x"],"note":""}]"#
    #expect(throws: DecodingError.self) { try RelevanceSet(json: Data(bad.utf8)) }
  }

  @Test func evaluatesARealCatalogAndRecordsInvalidQueries() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert(
      [
        Book(title: "채식주의자", authors: ["한강"], publisher: "창비"),
        Book(title: "소년이 온다", authors: ["한강"], publisher: "창비"),
        Book(title: "82년생 김지영", authors: ["조남주"], publisher: "민음사"),
      ], source: .imported)
    let set = RelevanceSet(queries: [
      RelevanceSet.Query(id: "1", catalog: "k", query: "채식", expected: ["채식주의자"]),
      RelevanceSet.Query(id: "2", catalog: "k", query: "조남주", target: .person, expected: ["82년생 김지영"]),
      RelevanceSet.Query(id: "3", catalog: "k", query: "없는 책", expected: ["채식주의자"]),
      RelevanceSet.Query(id: "4", catalog: "k", query: "   ", expected: ["채식주의자"]),
    ])
    let report = await set.evaluate(catalog)
    #expect(report.results.map(\.reciprocalRank) == [1, 1, 0, 0])
    #expect(report.results[3].error != nil)
    #expect(report.results[2].summary.contains("nothing found"))
    #expect(report.meanReciprocalRank == 0.5 && report.recall == 0.5)
  }

  // MARK: - Regression over the committed set

  @Test func committedSetCoversBothCatalogs() throws {
    let set = try RelevanceSet(contentsOf: RelevanceFiles.queries)
    #expect(set.queries.count >= 70)
    #expect(set.filtered(catalog: "korean").queries.count >= 30)
    #expect(set.filtered(catalog: "goodbooks").queries.count >= 30)
  }

  @Test func koreanQueriesMeetTheThresholds() async throws {
    let catalog = try await RelevanceFiles.koreanCatalogLoaded()
    #expect(try await catalog.count() >= 90)
    let set = try RelevanceSet(contentsOf: RelevanceFiles.queries).filtered(catalog: "korean")
    let report = await set.evaluate(catalog)
    #expect(
      report.meanReciprocalRank >= RelevanceThresholds.koreanMRR,
      "Korean MRR fell below \(RelevanceThresholds.koreanMRR):\n\(report.description)")
    #expect(
      report.recall >= RelevanceThresholds.koreanRecall,
      "Korean recall@10 fell below \(RelevanceThresholds.koreanRecall):\n\(report.description)")
  }

  // MARK: - Goodbooks

  /// Loads goodbooks-10k (with ratings_count as popularity) and scores the "goodbooks" queries.
  @Test(Goodbooks.needsAllRows) func goodbooksQueriesMeetTheThresholds() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    _ = try await catalog.importBooks(from: Goodbooks.fullData(), format: .goodbooks)
    let set = try RelevanceSet(contentsOf: RelevanceFiles.queries).filtered(catalog: "goodbooks")
    let report = await set.evaluate(catalog)
    #expect(
      report.meanReciprocalRank >= RelevanceThresholds.goodbooksMRR,
      "goodbooks MRR fell below \(RelevanceThresholds.goodbooksMRR):\n\(report.description)")
    #expect(
      report.recall >= RelevanceThresholds.goodbooksRecall,
      "goodbooks recall@10 fell below \(RelevanceThresholds.goodbooksRecall):\n\(report.description)")
  }
}
