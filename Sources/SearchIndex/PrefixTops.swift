/// The best keys of every crowded prefix of a key space, found in one pass over its keys in byte
/// order (see ``SuggestionTops/build(in:eachRow:)``), rather than a query for each prefix, which
/// read each key again for every crowded prefix it has.
///
/// The keys a prefix begins are consecutive in byte order, so the prefixes of the last key added
/// are the ones still open; a key's first scalars that differ from the last key's end the
/// prefixes the last key had past them. An ended prefix gives its count and best keys to the
/// prefix one scalar shorter, so each prefix's best are found from its longer prefixes' best,
/// not from all its keys. Prefixes count Unicode scalars.
struct PrefixTops {
  /// A key and its rank.
  typealias Ranked = (key: String, rank: Int)

  /// The most keys a prefix may begin and not be crowded.
  private let crowdedPrefix: Int
  /// How many best keys a crowded prefix keeps.
  private let keptPerPrefix: Int
  /// The scalars of the last key added.
  private var last: [Unicode.Scalar] = []
  /// For each open prefix (the first `n + 1` scalars of the last key at `n`), the keys it began
  /// so far; arrays past `depth` are kept to be used again.
  private var levels: [Level] = []
  /// The number of open prefixes.
  private var depth = 0

  /// An open prefix: how many keys it begins so far, and the best of them, best first.
  private struct Level {
    var count = 0
    var best: [Ranked] = []
  }

  /// Finds the best `keptPerPrefix` keys of each prefix that begins more than `crowdedPrefix`.
  init(crowdedPrefix: Int, keptPerPrefix: Int) {
    (self.crowdedPrefix, self.keptPerPrefix) = (crowdedPrefix, keptPerPrefix)
  }

  /// Adds a key after every key added before it in byte order, and gives the best keys of each
  /// crowded prefix that ends with it (see ``finish(_:)``). An empty key begins no prefix.
  mutating func add(
    _ key: String, rank: Int, _ crowded: (_ prefix: String, _ best: [Ranked]) throws -> Void
  ) rethrows {
    let scalars = Array(key.unicodeScalars)
    guard !scalars.isEmpty else { return }
    var common = 0
    while common < min(depth, scalars.count), last[common] == scalars[common] { common += 1 }
    precondition(common < scalars.count, "keys are added once each, in byte order")
    try close(downTo: common, crowded)
    last = scalars
    while depth < scalars.count {
      if depth == levels.count { levels.append(Level()) }
      levels[depth].count = 0
      levels[depth].best.removeAll(keepingCapacity: true)
      depth += 1
    }
    levels[depth - 1].count = 1
    levels[depth - 1].best.append((key, rank))
  }

  /// Ends the prefixes still open, giving the best keys of each crowded one: after the last key.
  mutating func finish(_ crowded: (_ prefix: String, _ best: [Ranked]) throws -> Void) rethrows {
    try close(downTo: 0, crowded)
  }

  /// Ends the open prefixes longer than `length` scalars, the longest first.
  private mutating func close(
    downTo length: Int, _ crowded: (_ prefix: String, _ best: [Ranked]) throws -> Void
  ) rethrows {
    while depth > length {
      depth -= 1
      let (count, best) = (levels[depth].count, levels[depth].best)
      if count > crowdedPrefix {
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: last[...depth])
        try crowded(String(prefix), best)
      }
      if depth > 0 {
        levels[depth - 1].count += count
        keep(best, in: depth - 1)
      }
    }
  }

  /// Keeps the best of `candidates` (best first) among the best of the open prefix at `level`.
  private mutating func keep(_ candidates: [Ranked], in level: Int) {
    for candidate in candidates {
      let count = levels[level].best.count
      if count == keptPerPrefix, !Self.precedes(candidate, levels[level].best[count - 1]) { return }
      var low = 0
      var high = count
      while low < high {
        let middle = (low + high) / 2
        if Self.precedes(levels[level].best[middle], candidate) { low = middle + 1 } else { high = middle }
      }
      levels[level].best.insert(candidate, at: low)
      if count == keptPerPrefix { levels[level].best.removeLast() }
    }
  }

  /// `true` when key `left` ranks before `right`: a higher rank, then a key first in byte order.
  static func precedes(_ left: Ranked, _ right: Ranked) -> Bool {
    left.rank != right.rank ? left.rank > right.rank : left.key.bytesPrecede(right.key)
  }
}
