import TestSupport

/// Sets of document ids for the property tests of ``SearchIndex/DocIDSet``.
extension SeededGenerator {
  // MARK: - Sets of ids

  /// Ids in up to four of the first five chunks, each chunk holding a count at or near the
  /// array/bitmap threshold or any other, spread over the chunk or packed against one of its
  /// ends (so that ids meet across chunk boundaries).
  mutating func ids() -> Set<Int> {
    var ids = Set<Int>()
    for _ in 0..<Int.random(in: 0...4, using: &self) {
      let key = Int.random(in: 0...4, using: &self)
      let count = [1, 2, 64, 4_095, 4_096, 4_097, Int.random(in: 1...9_000, using: &self)].randomElement(
        using: &self)!
      ids.formUnion(offsets(count).map { key << 16 | $0 })
    }
    return ids
  }

  /// Ids overlapping `ids`: about half of them, and others.
  mutating func ids(overlapping ids: Set<Int>) -> Set<Int> {
    ids.filter { _ in Bool.random(using: &self) }.union(self.ids())
  }

  /// `count` distinct offsets in a chunk: spread over it with an odd stride (which visits every
  /// offset once), or packed at its start or its end.
  private mutating func offsets(_ count: Int) -> [Int] {
    switch Int.random(in: 0..<3, using: &self) {
    case 0:
      let (start, stride) = (
        Int.random(in: 0..<65_536, using: &self), Int.random(in: 0..<32_768, using: &self) * 2 + 1
      )
      return (0..<count).map { (start + $0 * stride) & 0xFFFF }
    case 1: return Array(0..<count)
    default: return Array((65_536 - count)..<65_536)
    }
  }
}
