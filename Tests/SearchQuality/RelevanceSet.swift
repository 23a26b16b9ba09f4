import BookCatalog
import BookModel
import Foundation

/// A judged set of searches: each query names the catalog it is meant for and the titles a good
/// engine returns in its first ten results, the right first result first.
///
/// The set is `Tests/Relevance/queries.json`:
/// `[{"id","catalog","kind","query","target","expected":[title, ...],"note"}]`.
/// ``evaluate(_:size:)`` runs every query against any ``BookSearching`` and scores it as mean
/// reciprocal rank (of `expected[0]`) and recall of `expected` in the top results.
public struct RelevanceSet: Sendable {
  /// One judged search.
  public struct Query: Codable, Hashable, Sendable {
    /// A stable identifier (`ko-1`, `gb-12`).
    public var id: String
    /// The catalog the judgement holds for (`korean`, `goodbooks`).
    public var catalog: String
    /// What the query tests (`fragment`, `chosung`, `typo`, ...), or `nil`.
    public var kind: String?
    /// The text a person types.
    public var query: String
    /// The field searched, or `nil` for all.
    public var target: SearchQuery.Target?
    /// Exact titles expected in the top results; the first is the right first result.
    public var expected: [String]
    /// Why these results are right.
    public var note: String

    /// Creates a judged search.
    public init(
      id: String, catalog: String, kind: String? = nil, query: String, target: SearchQuery.Target? = nil,
      expected: [String], note: String = ""
    ) {
      self.id = id
      self.catalog = catalog
      self.kind = kind
      self.query = query
      self.target = target
      self.expected = expected
      self.note = note
    }

    private enum CodingKeys: String, CodingKey {
      case id, catalog, kind, query, target, expected, note
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      var target: SearchQuery.Target?
      if let raw = try container.decodeIfPresent(String.self, forKey: .target) {
        guard let parsed = SearchQuery.Target(rawValue: raw) else {
          throw DecodingError.dataCorruptedError(
            forKey: .target, in: container, debugDescription: "unknown target \(raw)")
        }
        target = parsed
      }
      self.init(
        id: try container.decode(String.self, forKey: .id),
        catalog: try container.decode(String.self, forKey: .catalog),
        kind: try container.decodeIfPresent(String.self, forKey: .kind),
        query: try container.decode(String.self, forKey: .query),
        target: target,
        expected: try container.decode([String].self, forKey: .expected),
        note: try container.decodeIfPresent(String.self, forKey: .note) ?? "")
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(catalog, forKey: .catalog)
      try container.encodeIfPresent(kind, forKey: .kind)
      try container.encode(query, forKey: .query)
      try container.encode(target?.rawValue, forKey: .target)
      try container.encode(expected, forKey: .expected)
      try container.encode(note, forKey: .note)
    }
  }

  /// The judged searches, in file order.
  public var queries: [Query]

  /// A set of judged searches.
  public init(queries: [Query]) {
    self.queries = queries
  }

  /// Reads a set from JSON: an array of queries.
  public init(json data: Data) throws {
    queries = try JSONDecoder().decode([Query].self, from: data)
  }

  /// Reads a set from a JSON file.
  public init(contentsOf url: URL) throws {
    try self.init(json: Data(contentsOf: url))
  }

  /// The queries judged for one catalog.
  public func filtered(catalog: String) -> RelevanceSet {
    RelevanceSet(queries: queries.filter { $0.catalog == catalog })
  }

  // MARK: - Evaluating

  /// Runs every query (page 1 of `size` results, sorted by accuracy) against `searcher` and
  /// finds where each expected title ranks. Titles match exactly, after NFC normalisation; an
  /// expected `title|publisher` names one edition of a title several books share, and is matched
  /// by the title and publisher. A query that is invalid or fails to search scores zero and
  /// records the error.
  public func evaluate(_ searcher: some BookSearching, size: Int = 10) async -> RelevanceReport {
    var results: [RelevanceReport.Result] = []
    for query in queries {
      do {
        let search = try SearchQuery(query: query.query, target: query.target, size: size)
        let page = try await searcher.search(search)
        let byEdition = query.expected.contains { $0.contains("|") }
        results.append(
          RelevanceReport.Result(
            query: query, titles: page.documents.map { byEdition ? $0.title + "|" + $0.publisher : $0.title })
        )
      } catch {
        results.append(RelevanceReport.Result(query: query, titles: [], error: String(describing: error)))
      }
    }
    return RelevanceReport(results: results, depth: size)
  }
}
