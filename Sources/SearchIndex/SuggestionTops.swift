import Storage

/// The best keys of crowded prefixes (`search_suggestion_tops`): for a prefix that begins more
/// than ``InvertedIndex/crowdedPrefix`` completion keys of a key space, its
/// ``InvertedIndex/keptPerPrefix`` best, each with its rank (the highest first, then the key in
/// byte order), so that a search reads a few rows where it would rank thousands. A prefix of
/// fewer keys has no rows, and neither has any longer prefix it begins; a prefix that had more
/// keys and lost some keeps its rows, which stay its best. Prefixes count Unicode scalars, as
/// SQLite's `substr` counts a text's characters.
struct SuggestionTops {
  let index: InvertedIndex
  let connection: Connection

  /// Follows a key whose best row in `space` went from rank `before` to rank `after` (`nil`: no
  /// row), its row written already: along the key's prefixes, as long as they are crowded.
  func follow(_ key: String, in space: String, from before: Int?, to after: Int?) throws {
    var prefix = String.UnicodeScalarView()
    for scalar in key.unicodeScalars {
      prefix.append(scalar)
      let text = String(prefix)
      let kept = try connection.query(
        "SELECT key, rank FROM search_suggestion_tops WHERE space = ? AND prefix = ?", [space, text]
      ) { (key: $0.text(0), rank: $0.int(1)) }
      if kept.isEmpty {
        guard after != nil, try isCrowded(text, in: space) else { return }
        try refill(text, in: space)
      } else if let old = kept.first(where: { $0.key.hasSameBytes(as: key) }) {
        if let after, after >= old.rank {
          if after > old.rank {
            try connection.run(
              "UPDATE search_suggestion_tops SET rank = ? WHERE space = ? AND prefix = ? AND key = ?",
              [after, space, text, key])
          }
        } else {
          try refill(text, in: space)  // lowered or gone: the next best may be any key of the prefix
        }
      } else if let after {
        let last = kept.min { Self.precedes($1, $0) }!
        guard kept.count < index.keptPerPrefix || Self.precedes((key, after), last) else { continue }
        try connection.run(
          "INSERT INTO search_suggestion_tops (space, prefix, key, rank) VALUES (?, ?, ?, ?)",
          [space, text, key, after])
        if kept.count == index.keptPerPrefix {
          try connection.run(
            "DELETE FROM search_suggestion_tops WHERE space = ? AND prefix = ? AND key = ?",
            [space, text, last.key])
        }
      }
    }
  }

  /// Writes the rows of every crowded prefix of `space`, which has none yet.
  func build(in space: String) throws {
    var crowded = try crowdedPrefixes(ofLength: 1, in: space, startingWith: "")
    while let prefix = crowded.popLast() {
      try refill(prefix, in: space)
      crowded += try crowdedPrefixes(
        ofLength: prefix.unicodeScalars.count + 1, in: space, startingWith: prefix)
    }
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

  /// The crowded prefixes of `length` scalars that begin with `prefix` (one scalar shorter).
  private func crowdedPrefixes(ofLength length: Int, in space: String, startingWith prefix: String) throws
    -> [String]
  {
    try connection.query(
      """
      SELECT substr(key, 1, ?) AS head FROM search_suggestion_keys
      WHERE space = ? AND key >= ? AND key < ? GROUP BY head HAVING count(*) > ?
      """, [length, space, prefix, prefix + "\u{10FFFF}", index.crowdedPrefix]
    ) { $0.text(0) }
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

  /// `true` when key `left` ranks before `right`: a higher rank, then a key first in byte order.
  private static func precedes(_ left: (key: String, rank: Int), _ right: (key: String, rank: Int)) -> Bool {
    left.rank != right.rank ? left.rank > right.rank : left.key.bytesPrecede(right.key)
  }
}
