import TestSupport
import Testing

@testable import SearchIndex

@Suite("Best keys of crowded prefixes, in one pass")
struct PrefixTopsTests {
  /// The best keys of each crowded prefix, found key by key as a query of each prefix would.
  static func expected(_ keys: [(key: String, rank: Int)], crowdedPrefix: Int, keptPerPrefix: Int)
    -> [String: [String]]
  {
    var prefixes = Set<String>()
    for (key, _) in keys {
      let scalars = Array(key.unicodeScalars)
      for length in scalars.indices {
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: scalars[...length])
        prefixes.insert(String(prefix))
      }
    }
    var expected: [String: [String]] = [:]
    for prefix in prefixes {
      let begun = keys.filter { $0.key.unicodeScalars.starts(with: prefix.unicodeScalars) }
      guard begun.count > crowdedPrefix else { continue }
      expected[prefix] = begun.sorted(by: PrefixTops.precedes).prefix(keptPerPrefix).map(\.key)
    }
    return expected
  }

  /// Random keys over a few letters, Hangul and combining marks (so that keys share prefixes,
  /// one is another's prefix, and a scalar is several bytes), with ranks that tie often.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func everyCrowdedPrefixKeepsItsBestKeys(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let alphabet: [String] = ["a", "b", "가", "각", "e", "\u{301}", "😀"]
    var keys: [String: Int] = ["": 9]  // an empty key begins no prefix
    for _ in 0..<400 {
      let key = (0..<Int.random(in: 1...6, using: &random)).map { _ in alphabet.randomElement(using: &random)!
      }
      keys[key.joined()] = Int.random(in: 0...5, using: &random)
    }
    let sorted = keys.map { (key: $0.key, rank: $0.value) }.sorted { $0.key.bytesPrecede($1.key) }
    for (crowdedPrefix, keptPerPrefix) in [(1, 1), (3, 2), (20, 5), (400, 3)] {
      var tops = PrefixTops(crowdedPrefix: crowdedPrefix, keptPerPrefix: keptPerPrefix)
      var found: [String: [String]] = [:]
      let record = { (prefix: String, best: [PrefixTops.Ranked]) in
        #expect(found[prefix] == nil, "a prefix is given once")
        found[prefix] = best.map(\.key)
      }
      for (key, rank) in sorted { tops.add(key, rank: rank, record) }
      tops.finish(record)
      let expected = Self.expected(sorted, crowdedPrefix: crowdedPrefix, keptPerPrefix: keptPerPrefix)
      #expect(found == expected, "crowded past \(crowdedPrefix), keeping \(keptPerPrefix)")
      #expect(crowdedPrefix == 400 ? found.isEmpty : !found.isEmpty)
    }
  }
}
