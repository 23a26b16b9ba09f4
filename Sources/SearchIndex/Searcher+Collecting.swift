extension Searcher {
  /// The page `offset..<offset + limit` of the matches of `query`, and their number.
  ///
  /// Matches come in tiers: those matching the first of `tiers`, then those of the second not
  /// already taken, and so on, then the rest; within a tier its parts first (see ``Tier``), each
  /// group in `order`. Only the groups the page reaches are ranked. A query with phrases whose
  /// candidates (its matches with no phrase checked) number more than ``phraseCheckLimit``, and
  /// whose tiers have no ``Tier/Part/containing(_:in:amongBest:)`` part, has only the candidates
  /// its page reaches checked, and its total estimated (see
  /// ``searchCheckingLate(_:candidates:tiers:order:offset:limit:)``).
  public mutating func search(_ query: Query, tiers: [Tier] = [], order: Order, offset: Int, limit: Int)
    throws -> TopDocs
  {
    if query.hasPhrases, !tiers.contains(where: \.hasContainingPart) {
      let candidates = try matches(query.withoutPhrases)
      if candidates.count > phraseCheckLimit {
        return try searchCheckingLate(
          query, candidates: candidates, tiers: tiers, order: order, offset: offset, limit: limit)
      }
    }
    let matching = try matches(query)
    let total = matching.count
    guard offset < total else { return TopDocs(total: total, ids: []) }
    if ranks == nil { ranks = try rankCache.current(on: connection) }
    var page = PageCollector(offset: offset, size: limit)
    var taken = DocIDSet()
    for tier in tiers where !page.isFull {
      var group = try matches(tier.query)
      group.formIntersection(matching)
      group.subtract(taken)
      taken.formUnion(group)
      for part in tier.parts where !group.isEmpty && !page.isFull {
        try take(part, of: &group, order: order, into: &page)
      }
      take(group, order: order, into: &page)
    }
    var rest = matching
    rest.subtract(taken)
    take(rest, order: order, into: &page)
    return TopDocs(total: total, ids: page.ids)
  }

  /// Takes a part of a tier out of `group` into the page.
  private mutating func take(
    _ part: Tier.Part, of group: inout DocIDSet, order: Order, into page: inout PageCollector
  ) throws {
    switch part {
    case .matching(let query):
      var found = try matches(query)
      found.formIntersection(group)
      group.subtract(found)
      take(found, order: order, into: &page)
    case .containing(let text, let field, let count):
      let best = top(group, count, order: order)
      try read([field], of: best)
      let found = best.filter { fieldTexts[field]?[$0]?.includes(text) ?? false }
      group.subtract(DocIDSet(found))
      page.take(count: found.count) { Array(found.prefix($0)) }
    }
  }

  private func take(_ set: DocIDSet, order: Order, into page: inout PageCollector) {
    page.take(count: set.count) { top(set, $0, order: order) }
  }

  /// The best `limit` ids of `set` in `order`, by the sort keys ``search(_:tiers:order:offset:limit:)``
  /// read. Ids are visited from the one that wins a tie (the lowest for ``Order/rank``, the
  /// highest for ``Order/day``), so that an id no better than the worst kept is rejected at one
  /// comparison, and once `limit` ids are kept, a block of a chunk whose best key is no better
  /// than the worst kept is passed over: for a word in most books, most blocks are.
  func top(_ set: DocIDSet, _ limit: Int, order: Order) -> [Int] {
    var best = TopCollector(limit: limit)
    let descending = order == .day
    for chunk in descending ? set.chunks.reversed() : set.chunks {
      let keys = ranks?[chunk.key] ?? .empty
      let base = chunk.key << DocIDSet.chunkShift
      chunk.container.forEachOffset(
        blockShift: RankCache.Chunk.blockShift, descending: descending,
        where: { block in !best.rejectsLaterEntries(upTo: keys.bestKey(order, block: block)) },
        { offset in best.offer(keys.entry(order, offset: offset, id: base | Int(offset))) })
    }
    return best.ids
  }
}
