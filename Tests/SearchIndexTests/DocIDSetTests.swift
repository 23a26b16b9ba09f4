import TestSupport
import Testing

@testable import SearchIndex

@Suite("Doc-id sets against Set<Int>")
struct DocIDSetTests {
  /// A set with its chunks checked: ascending keys, none empty, an array exactly while fewer than
  /// the threshold.
  func checked(_ set: DocIDSet) -> DocIDSet {
    #expect(set.chunks.map(\.key) == set.chunks.map(\.key).sorted())
    #expect(Set(set.chunks.map(\.key)).count == set.chunks.count)
    for chunk in set.chunks {
      switch chunk.container {
      case .array(let offsets):
        #expect(!offsets.isEmpty && offsets.count < Container.arrayLimit && offsets == offsets.sorted())
      case .bitmap(let bitmap):
        #expect(bitmap.count >= Container.arrayLimit && bitmap.count == Bitmap(words: bitmap.words).count)
      }
    }
    return set
  }

  @Test func unionIntersectionAndDifferenceAgreeWithSetOfInt() {
    var random = SeededGenerator(seed: 1)
    for _ in 0..<200 {
      let (some, others) = { (a: Set<Int>) in (a, random.ids(overlapping: a)) }(random.ids())
      let (left, right) = (checked(DocIDSet(some)), checked(DocIDSet(others)))
      #expect(left.sorted == some.sorted() && left.count == some.count)
      var union = left
      union.formUnion(right)
      #expect(checked(union).sorted == some.union(others).sorted())
      var intersection = left
      intersection.formIntersection(right)
      #expect(checked(intersection).sorted == some.intersection(others).sorted())
      var difference = left
      difference.subtract(right)
      #expect(checked(difference).sorted == some.subtracting(others).sorted())
      #expect(difference.count == some.subtracting(others).count)
      for id in Array(some.prefix(20)) + Array(others.prefix(20)) {
        #expect(intersection.contains(id) == (some.contains(id) && others.contains(id)))
      }
    }
  }

  @Test func aUnionOfManySetsAgreesWithSetOfInt() {
    var random = SeededGenerator(seed: 2)
    for _ in 0..<60 {
      var sets = [random.ids()]
      for _ in 0..<Int.random(in: 0...40, using: &random) {
        sets.append(Bool.random(using: &random) ? random.ids(overlapping: sets.last!) : random.ids())
      }
      let union = checked(DocIDSet.union(sets.map { DocIDSet($0) }))
      #expect(union.sorted == sets.reduce(Set<Int>()) { $0.union($1) }.sorted())
    }
    #expect(DocIDSet.union([]).isEmpty)
  }

  @Test func aFullChunkAndItsNeighboursCombine() {
    let full = Set(65_536..<131_072)
    let edges: Set<Int> = [0, 65_535, 65_536, 131_071, 131_072, 200_000]
    var set = DocIDSet(full)
    #expect(set.count == 65_536)
    set.formIntersection(DocIDSet(edges))
    #expect(checked(set).sorted == [65_536, 131_071])
    set = DocIDSet(full)
    set.subtract(DocIDSet(full.subtracting([70_000])))
    #expect(checked(set).sorted == [70_000])
    set.formUnion(DocIDSet(edges))
    #expect(checked(set).sorted == edges.union([70_000]).sorted())
  }

  /// A chunk's offsets by block, either way, in arrays and bitmaps: each wanted block's offsets in
  /// order, each block asked about once, in order, and only when it has an offset.
  @Test func aChunksWantedBlocksGiveTheirOffsetsInOrder() {
    var random = SeededGenerator(seed: 4)
    for _ in 0..<200 {
      for chunk in DocIDSet(random.ids()).chunks {
        var offsets: [UInt16] = []
        chunk.container.forEachOffset { offsets.append($0) }
        let blockShift = Int.random(in: 6...12, using: &random)
        let wanted = Set((0..<(1 << (16 - blockShift))).filter { _ in Bool.random(using: &random) })
        for descending in [false, true] {
          var (asked, given) = ([Int](), [UInt16]())
          chunk.container.forEachOffset(
            blockShift: blockShift, descending: descending,
            where: {
              asked.append($0)
              return wanted.contains($0)
            }, { given.append($0) })
          let blocks = Set(offsets.map { Int($0) >> blockShift }).sorted()
          let expected = offsets.filter { wanted.contains(Int($0) >> blockShift) }
          #expect(asked == (descending ? blocks.reversed() : blocks))
          #expect(given == (descending ? expected.reversed() : expected))
        }
      }
    }
  }

  @Test func anEmptiedChunkIsDropped() {
    var set = DocIDSet([3, 5, 131_072])
    set.subtract(DocIDSet([131_072]))
    #expect(set.chunks.map(\.key) == [0])
    set.formIntersection(DocIDSet([4]))
    #expect(set.isEmpty && set == DocIDSet())
  }
}
