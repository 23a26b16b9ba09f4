import Foundation
import Storage

/// Answers queries over a ``InvertedIndex`` on one connection, in one read transaction: evaluates a
/// ``Query`` to the ``DocIDSet`` of its matches, and collects a page of them (see
/// ``search(_:tiers:order:offset:limit:)``). It caches what it reads (the postings of each term,
/// the stored fields of each document, the sort keys), so the tiers of a search read each once:
/// make one for each search.
public struct Searcher {
  let connection: Connection
  let rankCache: RankCache
  let supplier: (any TextSupplier)?
  /// The best keys a crowded prefix keeps (``InvertedIndex/keptPerPrefix``).
  let keptPerPrefix: Int
  /// The sort keys by chunk, read at the first ranking.
  var ranks: [Int: RankCache.Chunk]?
  /// Postings read so far, by term.
  var postings: [Term: DocIDSet] = [:]
  /// The documents of prefixes read so far.
  var prefixes: [PrefixKey: DocIDSet] = [:]
  /// The most candidates of a query's phrases checked in full (see
  /// ``search(_:tiers:order:offset:limit:)``): a read of a text each.
  var phraseCheckLimit = 2_000

  /// A prefix query's term and limit.
  struct PrefixKey: Hashable {
    let term: Term
    let limit: Int
  }
  /// The texts of stored and supplied fields read so far, by field and id.
  var fieldTexts: [StoredField: [Int: String]] = [:]

  init(connection: Connection, rankCache: RankCache, supplier: (any TextSupplier)?, keptPerPrefix: Int) {
    self.connection = connection
    self.rankCache = rankCache
    self.supplier = supplier
    self.keptPerPrefix = keptPerPrefix
  }

  // MARK: - Matching

  /// The documents matching `query`.
  public mutating func matches(_ query: Query) throws -> DocIDSet {
    switch query {
    case .term(let term):
      return try documents(of: term)
    case .prefix(let term, let limit):
      return try documents(startingWith: term, limit: limit)
    case .all(let queries):
      var result: DocIDSet?
      for query in queries {
        let found = try matches(query)
        if result == nil { result = found } else { result!.formIntersection(found) }
        if result!.isEmpty { break }
      }
      return result ?? DocIDSet()
    case .any(let queries):
      return DocIDSet.union(try queries.map { try matches($0) })
    case .containing(let phrases, let fields, let query):
      return try containing(phrases, in: fields, try matches(query))
    }
  }

  private mutating func documents(of term: Term) throws -> DocIDSet {
    if let known = postings[term] { return known }
    // No row: no document; a document: the only one; none: the postings rows.
    switch try connection.first(
      "SELECT doc FROM search_terms WHERE term = ?", [term.encoded],
      {
        $0.isNull(0) ? nil : $0.int(0)
      })
    {
    case nil:
      postings[term] = DocIDSet()
      return DocIDSet()
    case let only??:
      postings[term] = DocIDSet([only])
      return postings[term]!
    case nil?:
      break
    }
    var chunks: [DocIDSet.Chunk] = []
    try connection.forEachRow(
      "SELECT chunk, docs FROM search_postings WHERE term = ? ORDER BY chunk", [term.encoded]
    ) { row in
      if let container = row.withBytes(1, Postings.decode) {
        chunks.append(DocIDSet.Chunk(key: row.int(0), container: container))
      }
    }
    let set = DocIDSet(chunks: chunks)
    postings[term] = set
    return set
  }

  /// The documents of the first `limit` terms that begin with `prefix`, in term order, read from
  /// at most `limit` postings rows.
  private mutating func documents(startingWith prefix: Term, limit: Int) throws -> DocIDSet {
    let key = PrefixKey(term: prefix, limit: limit)
    if let known = prefixes[key] { return known }
    let (start, end) = prefix.prefixRange
    var builder = DocIDSet.Builder()
    var (count, last) = (0, String?.none)  // the limit-th term, where the range has that many
    try connection.forEachRow(
      "SELECT term, doc FROM search_terms WHERE term >= ? AND term < ? LIMIT ?", [start, end, limit]
    ) { row in
      count += 1
      if count == limit { last = row.text(0) }  // only its text is read: a title key each, else
      if !row.isNull(1) { builder.insert(row.int(1)) }
    }
    if count > 0 {
      try connection.forEachRow(
        last == nil
          ? "SELECT chunk, docs FROM search_postings WHERE term >= ? AND term < ? LIMIT ?"
          : "SELECT chunk, docs FROM search_postings WHERE term >= ? AND term <= ? LIMIT ?",
        [start, last ?? end, limit]
      ) { row in
        row.withBytes(1) { builder.insert(chunk: row.int(0), postings: $0) }
      }
    }
    let set = builder.set
    prefixes[key] = set
    return set
  }

  // MARK: - Vocabulary

  /// The indexed terms of the field whose tokens begin with `prefix`'s: `prefix` itself if indexed,
  /// then those of the most documents (among the first 5,000 in order), `limit` in all.
  public func completions(of prefix: Term, limit: Int) throws -> [Term] {
    let (start, end) = prefix.prefixRange
    return try connection.query(
      """
      SELECT term FROM (SELECT term, docs FROM search_terms WHERE term >= ? AND term < ? LIMIT 5000)
      ORDER BY term = ? DESC, docs DESC, term LIMIT ?
      """, [start, end, start, limit]
    ) { Term(encoded: $0.text(0)) }
  }

  /// The terms of `candidates` that some document holds.
  public func vocabulary(among candidates: [Term]) throws -> [Term] {
    let list = try JSONEncoder().encode(candidates.map(\.encoded))
    return try connection.query(
      "SELECT term FROM search_terms WHERE term IN (SELECT value FROM json_each(?))",
      [String(decoding: list, as: UTF8.self)]
    ) { Term(encoded: $0.text(0)) }
  }
}
