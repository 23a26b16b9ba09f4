/// A search whose phrases leave too many candidates to check them all (see
/// ``Searcher/phraseCheckLimit``): the index holds no positions, so a phrase is checked in each
/// candidate's text, and checking every one costs a read per candidate, tens of thousands in a
/// catalog of millions for a common Hangul word. Here the candidates are ranked as if every phrase
/// held, and checked in that order (popularity or date) only until the page (and one result past
/// it) is found; the total is then estimated from an evenly spread sample of them, as search
/// engines estimate the hits of a large result. The page is the one a full check would give.
extension Searcher {
  /// How many of a query's candidates the estimate of its total checks.
  static let totalSample = 256

  /// One group of the order: the candidates `set`, of which a document belongs to the group when
  /// every query of `all` holds for it and none of `none` (the groups before it) does.
  private struct Group {
    let set: DocIDSet
    let all: [Query]
    let none: [Query]
  }

  /// The page `offset..<offset + limit` of `query`'s matches among `candidates` (its matches with
  /// no phrase checked), in the order of ``search(_:tiers:order:offset:limit:)``, whose tiers have
  /// no ``Tier/Part/containing(_:in:amongBest:)`` part.
  mutating func searchCheckingLate(
    _ query: Query, candidates: DocIDSet, tiers: [Tier], order: Order, offset: Int, limit: Int
  ) throws -> TopDocs {
    if ranks == nil { ranks = try rankCache.current(on: connection) }
    var groups: [Group] = []
    var earlierTiers: [Query] = []
    for tier in tiers {
      var tierSet = try matches(tier.query.withoutPhrases)
      tierSet.formIntersection(candidates)
      var earlierParts: [Query] = []
      for case .matching(let part) in tier.parts {
        var partSet = try matches(part.withoutPhrases)
        partSet.formIntersection(tierSet)
        groups.append(Group(set: partSet, all: [query, tier.query, part], none: earlierTiers + earlierParts))
        earlierParts.append(part)
      }
      groups.append(Group(set: tierSet, all: [query, tier.query], none: earlierTiers + earlierParts))
      earlierTiers.append(tier.query)
    }
    groups.append(Group(set: candidates, all: [query], none: earlierTiers))
    let phrases = Self.phrases(
      of: [query] + tiers.flatMap { tier in [tier.query] + tier.parts.compactMap(\.matchingQuery) })

    var (skip, ids, more) = (offset, [Int](), false)
    groupLoop: for group in groups where !group.set.isEmpty {
      var checked = 0
      while checked < group.set.count {
        let wanted = min(group.set.count, max(2 * checked, 2 * (skip + limit - ids.count + 1), 16))
        let batch = Array(top(group.set, wanted, order: order).dropFirst(checked))
        checked = wanted
        try readTexts(checking: phrases, of: batch)
        for id in batch
        where group.all.allSatisfy({ holds($0, id) }) && !group.none.contains(where: { holds($0, id) }) {
          if skip > 0 {
            skip -= 1
          } else if ids.count < limit {
            ids.append(id)
          } else {
            more = true
            break groupLoop
          }
        }
      }
    }
    guard more else { return TopDocs(total: offset - skip + ids.count, ids: ids) }
    return TopDocs(
      total: max(try estimatedCount(of: query, among: candidates, phrases), offset + limit + 1), ids: ids)
  }

  /// `true` when some document matches `query`: its candidates are checked in batches, in id
  /// order, until one holds (``matches(_:)`` checks every one).
  public mutating func hasMatch(_ query: Query) throws -> Bool {
    let candidates = try matches(query.withoutPhrases)
    guard query.hasPhrases else { return !candidates.isEmpty }
    let phrases = Self.phrases(of: [query])
    let all = candidates.sorted
    var start = 0
    while start < all.count {
      let batch = Array(all[start..<min(all.count, start + max(64, start))])
      try readTexts(checking: phrases, of: batch)
      if batch.contains(where: { holds(query, $0) }) { return true }
      start += batch.count
    }
    return false
  }

  /// How many of `candidates` match `query`, from a sample of them spread evenly.
  private mutating func estimatedCount(of query: Query, among candidates: DocIDSet, _ phrases: [Phrase])
    throws -> Int
  {
    let all = candidates.sorted
    let step = Double(all.count) / Double(min(all.count, Self.totalSample))
    let sample = stride(from: 0.0, to: Double(all.count), by: step).map { all[Int($0)] }
    try readTexts(checking: phrases, of: sample)
    let holding = sample.filter { holds(query, $0) }.count
    return Int((Double(all.count) * Double(holding) / Double(sample.count)).rounded())
  }

  /// `true` when `id` matches `query`, whose sets this searcher holds (``matches(_:)`` evaluated
  /// it or the same query without phrases) and whose phrases' texts of `id` it has read.
  private func holds(_ query: Query, _ id: Int) -> Bool {
    switch query {
    case .term(let term):
      return postings[term]?.contains(id) ?? false
    case .prefix(let term, let limit):
      return prefixes[PrefixKey(term: term, limit: limit)]?.contains(id) ?? false
    case .all(let queries):
      return !queries.isEmpty && queries.allSatisfy { holds($0, id) }
    case .any(let queries):
      return queries.contains { holds($0, id) }
    case .containing(let phrases, let fields, let query):
      return holds(query, id) && holds(phrases, in: fields, id)
    }
  }

  /// The phrases `queries` check.
  private static func phrases(of queries: [Query]) -> [Phrase] {
    queries.flatMap { query -> [Phrase] in
      switch query {
      case .term, .prefix: []
      case .all(let queries), .any(let queries): phrases(of: queries)
      case .containing(let texts, let fields, let query): texts.map { ($0, fields) } + phrases(of: [query])
      }
    }
  }
}

extension Query {
  /// The query with every phrase taken as matching: the candidates of its matches.
  var withoutPhrases: Query {
    switch self {
    case .term, .prefix: self
    case .all(let queries): .all(queries.map(\.withoutPhrases))
    case .any(let queries): .any(queries.map(\.withoutPhrases))
    case .containing(_, _, let query): query.withoutPhrases
    }
  }

  /// `true` when the query checks a phrase somewhere.
  var hasPhrases: Bool {
    switch self {
    case .term, .prefix: false
    case .all(let queries), .any(let queries): queries.contains(where: \.hasPhrases)
    case .containing: true
    }
  }
}

extension Tier.Part {
  /// The query of a ``matching(_:)`` part.
  fileprivate var matchingQuery: Query? {
    if case .matching(let query) = self { query } else { nil }
  }
}
