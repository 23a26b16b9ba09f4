import Storage

/// The best keys of crowded prefixes (`search_suggestion_tops`): for a prefix that begins more
/// than ``InvertedIndex/crowdedPrefix`` completion keys of a key space, its
/// ``InvertedIndex/keptPerPrefix`` best, each with its rank (the highest first, then the key in
/// byte order), so that a search reads a few rows where it would rank thousands. A prefix that
/// never began more keys has no rows, and neither has any longer prefix it begins; one that did
/// and lost some keeps its rows, which stay its best. Prefixes count Unicode scalars.
struct SuggestionTops {
  let index: InvertedIndex
  let connection: Connection
  /// The prefixes whose rows a batch's changes left to write again from their keys, once, at its
  /// end (``refillStale()``): a kept key lowered below the last or gone, or a prefix now crowded.
  private var stale: Set<Spot> = []

  /// A prefix in a key space.
  private struct Spot: Hashable {
    let space: String
    let prefix: String
  }

  init(index: InvertedIndex, connection: Connection) {
    self.index = index
    self.connection = connection
  }

  /// Follows a key whose best row in `space` now has rank `after` (`nil`: no row), its row
  /// written already: along the key's prefixes, as long as they are crowded. A prefix's rows
  /// change in place where they can; where its next best may be any key, it is stale.
  mutating func follow(_ key: String, in space: String, to after: Int?) throws {
    var prefix = String.UnicodeScalarView()
    for scalar in key.unicodeScalars {
      prefix.append(scalar)
      let spot = Spot(space: space, prefix: String(prefix))
      guard !stale.contains(spot) else { continue }
      let kept = try connection.query(
        "SELECT key, rank FROM search_suggestion_tops WHERE space = ? AND prefix = ?", [space, spot.prefix]
      ) { (key: $0.text(0), rank: $0.int(1)) }
      guard let last = kept.min(by: { PrefixTops.precedes($1, $0) }) else {
        guard after != nil, try isCrowded(spot.prefix, in: space) else { return }
        stale.insert(spot)
        continue
      }
      let whole = kept.count < index.keptPerPrefix  // every key of the prefix is kept
      if let old = kept.first(where: { $0.key.hasSameBytes(as: key) }) {
        if let after, whole || after >= old.rank || PrefixTops.precedes((key, after), last) {
          guard after != old.rank else { continue }
          try connection.run(
            "UPDATE search_suggestion_tops SET rank = ? WHERE space = ? AND prefix = ? AND key = ?",
            [after, space, spot.prefix, key])
        } else if after == nil && whole {
          try connection.run(
            "DELETE FROM search_suggestion_tops WHERE space = ? AND prefix = ? AND key = ?",
            [space, spot.prefix, key])
        } else {
          stale.insert(spot)  // lowered below the last kept, or gone: the next may be any key
        }
      } else if let after, whole || PrefixTops.precedes((key, after), last) {
        try connection.run(
          "INSERT INTO search_suggestion_tops (space, prefix, key, rank) VALUES (?, ?, ?, ?)",
          [space, spot.prefix, key, after])
        if !whole {
          try connection.run(
            "DELETE FROM search_suggestion_tops WHERE space = ? AND prefix = ? AND key = ?",
            [space, spot.prefix, last.key])
        }
      }
    }
  }

  /// Writes the rows of the prefixes left stale, from their keys as they are now.
  mutating func refillStale() throws {
    for spot in stale { try refill(spot.prefix, in: spot.space) }
    stale = []
  }

  /// Writes the rows of every crowded prefix of `space`, which has none yet, reading its keys once,
  /// in byte order (see ``PrefixTops``), a page at a time; `eachRow` is given each key's best row
  /// on the way, between pages' reads, so that it may write rows of another space.
  func build(
    in space: String, eachRow: (_ key: String, _ best: IndexWriter.Best) throws -> Void = { _, _ in }
  )
    throws
  {
    var prefixes = PrefixTops(crowdedPrefix: index.crowdedPrefix, keptPerPrefix: index.keptPerPrefix)
    var rows = BatchInsert(
      into: "search_suggestion_tops", columns: ["space", "prefix", "key", "rank"], on: connection)
    func write(_ prefix: String, _ best: [PrefixTops.Ranked]) throws {
      for (key, rank) in best { try rows.append([space, prefix, key, rank]) }
    }
    var last = ""
    while true {
      let page = try connection.query(
        """
        SELECT key, doc, rank, text FROM search_suggestion_keys
        WHERE space = ? AND key > ? ORDER BY key LIMIT 10000
        """, [space, last]
      ) { (key: $0.text(0), best: IndexWriter.Best(doc: $0.int(1), rank: $0.int(2), text: $0.text(3))) }
      guard let final = page.last else { break }
      for (key, best) in page {
        try eachRow(key, best)
        try prefixes.add(key, rank: best.rank, write)
      }
      last = final.key
    }
    try prefixes.finish(write)
    try rows.flush()
  }

  // MARK: - Reading the keys

  /// `true` when more than ``InvertedIndex/crowdedPrefix`` keys of `space` begin with `prefix`.
  private func isCrowded(_ prefix: String, in space: String) throws -> Bool {
    try connection.integer(
      """
      SELECT count(*) FROM (
        SELECT 1 FROM search_suggestion_keys WHERE space = ? AND key >= ? AND key < ? LIMIT ?
      )
      """, [space, prefix, prefix + "\u{10FFFF}", index.crowdedPrefix + 1]) > index.crowdedPrefix
  }

  /// Writes a prefix's rows again from its keys' best rows (none when it begins no key).
  private func refill(_ prefix: String, in space: String) throws {
    try connection.run("DELETE FROM search_suggestion_tops WHERE space = ? AND prefix = ?", [space, prefix])
    try connection.run(
      """
      INSERT INTO search_suggestion_tops (space, prefix, key, rank)
      SELECT ?1, ?2, key, rank FROM search_suggestion_keys
      WHERE space = ?1 AND key >= ?2 AND key < ?3 ORDER BY rank DESC, key LIMIT ?4
      """, [space, prefix, prefix + "\u{10FFFF}", index.keptPerPrefix])
  }

}
