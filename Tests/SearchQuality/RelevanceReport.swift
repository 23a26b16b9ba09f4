import BookModel
import Foundation
import KoreanText

/// How a search engine did on a ``RelevanceSet``: per-query ranks and the aggregate scores.
///
/// - Mean reciprocal rank (MRR): the mean over queries of `1 / rank` of `expected[0]`, `0` when it
///   is not among the results.
/// - Recall: the mean over queries of the fraction of `expected` titles among the results
///   (recall@10 when the set was evaluated with the default page size of 10).
public struct RelevanceReport: Sendable, CustomStringConvertible {
  /// One query's outcome.
  public struct Result: Hashable, Sendable {
    /// The judged search.
    public let query: RelevanceSet.Query
    /// The titles returned, in order.
    public let titles: [String]
    /// Why the search failed, or `nil`.
    public let error: String?
    /// The 1-based rank of each expected title among `titles` (its first occurrence), `nil` when
    /// absent; in the order of `query.expected`.
    public let ranks: [Int?]

    /// Scores the titles a search returned against a judged query.
    public init(query: RelevanceSet.Query, titles: [String], error: String? = nil) {
      self.query = query
      self.titles = titles
      self.error = error
      let returned = titles.map(\.nfc)
      ranks = query.expected.map { expected in
        returned.firstIndex(of: expected.nfc).map { $0 + 1 }
      }
    }

    /// `1 / rank` of the right first result, `0` when it was not returned.
    public var reciprocalRank: Double {
      guard let first = ranks.first, let rank = first else { return 0 }
      return 1 / Double(rank)
    }

    /// The fraction of expected titles that were returned.
    public var recall: Double {
      guard !ranks.isEmpty else { return 0 }
      return Double(ranks.count(where: { $0 != nil })) / Double(ranks.count)
    }

    /// `true` when the right first result came first and every expected title was returned.
    public var isPerfect: Bool { reciprocalRank == 1 && recall == 1 }

    /// One line for a person: id, query, what was missed and what came first instead.
    public var summary: String {
      let target = query.target.map { " [\($0.rawValue)]" } ?? ""
      var line = "\(query.id) \"\(query.query.nfc)\"\(target): "
      if let error { return line + "error: \(error)" }
      let missing = zip(query.expected, ranks).compactMap { $1 == nil ? $0 : nil }
      line += "expected[0] at " + (ranks.first.flatMap { $0 }.map { "#\($0)" } ?? "-")
      if !missing.isEmpty { line += "; missing \(missing.map { "\"\($0)\"" }.joined(separator: ", "))" }
      if let top = titles.first, reciprocalRank < 1 { line += "; first was \"\(top)\"" }
      if titles.isEmpty { line += "; nothing found" }
      return line
    }
  }

  /// Aggregate scores of some results.
  public struct Scores: Hashable, Sendable {
    /// How many queries were scored.
    public let count: Int
    /// Mean reciprocal rank of the right first result.
    public let meanReciprocalRank: Double
    /// Mean recall of the expected titles.
    public let recall: Double

    /// Scores of a list of results; zero for none.
    public init(_ results: [Result]) {
      count = results.count
      let total = Double(max(1, results.count))
      meanReciprocalRank = results.reduce(0) { $0 + $1.reciprocalRank } / total
      recall = results.reduce(0) { $0 + $1.recall } / total
    }
  }

  /// Per-query outcomes, in the set's order.
  public let results: [Result]
  /// How many results each query looked at (10 for recall@10).
  public let depth: Int

  /// A report of scored results.
  public init(results: [Result], depth: Int = 10) {
    self.results = results
    self.depth = depth
  }

  /// The scores of every query.
  public var scores: Scores { Scores(results) }

  /// Mean reciprocal rank over every query.
  public var meanReciprocalRank: Double { scores.meanReciprocalRank }

  /// Mean recall over every query.
  public var recall: Double { scores.recall }

  /// The queries that were not perfect.
  public var misses: [Result] { results.filter { !$0.isPerfect } }

  /// The report restricted to one catalog's queries.
  public func filtered(catalog: String) -> RelevanceReport {
    RelevanceReport(results: results.filter { $0.query.catalog == catalog }, depth: depth)
  }

  /// Scores per query kind (`kind` or `-` when absent), sorted by kind.
  public var scoresByKind: [(kind: String, scores: Scores)] {
    Dictionary(grouping: results) { $0.query.kind ?? "-" }
      .map { (kind: $0.key, scores: Scores($0.value)) }
      .sorted { $0.kind < $1.kind }
  }

  /// A few lines for people: the scores, the scores per kind, and one line per miss.
  public var description: String {
    func format(_ scores: Scores) -> String {
      String(
        format: "MRR %.3f, recall@%ld %.3f (%ld queries)", scores.meanReciprocalRank, depth, scores.recall,
        scores.count)
    }
    var lines = [format(scores)]
    lines += scoresByKind.map { "  \($0.kind): " + format($0.scores) }
    lines += misses.map { "  miss: " + $0.summary }
    return lines.joined(separator: "\n")
  }
}
