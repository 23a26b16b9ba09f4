import TestSupport
import Testing

@testable import SearchIndex

@Suite("Top-N collector")
struct TopCollectorTests {
  @Test func keepsWhatAPlainSortKeeps() {
    var random = SeededGenerator(seed: 3)
    for _ in 0..<300 {
      let count = Int.random(in: 0...2_000, using: &random)
      // Few distinct keys, so that ties are common and the tie decides.
      let entries = (0..<count).map { id in
        TopCollector.Entry(
          key: UInt64.random(in: 0...20, using: &random), tie: Bool.random(using: &random) ? id : -id, id: id)
      }
      let limit = Int.random(in: 0...(count + 5), using: &random)
      var top = TopCollector(limit: limit)
      for entry in entries.shuffled(using: &random) { top.offer(entry) }
      let sorted = entries.sorted { ($0.key, $0.tie) > ($1.key, $1.tie) }
      #expect(top.ids == sorted.prefix(limit).map(\.id))
    }
  }
}
