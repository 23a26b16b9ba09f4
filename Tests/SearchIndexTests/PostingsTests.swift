import Foundation
import TestSupport
import Testing

@testable import SearchIndex

@Suite("Postings codec")
struct PostingsTests {
  @Test func everyChunkRoundTripsThroughItsStoredForm() {
    var random = SeededGenerator(seed: 2)
    for _ in 0..<300 {
      let offsets = Set(random.ids().map { $0 & 0xFFFF })
      guard let container = Container(sorted: offsets.map(UInt16.init).sorted()) else { continue }
      let stored = Postings.encode(container)
      #expect(stored.count == (offsets.count < 4_096 ? offsets.count * 2 : Postings.bitmapBytes))
      #expect(stored.withUnsafeBytes(Postings.decode) == container)
      var builder = DocIDSet.Builder()
      stored.withUnsafeBytes { builder.insert(chunk: 3, postings: $0) }
      #expect(builder.set.sorted == offsets.sorted().map { 3 << 16 | $0 })
    }
  }

  @Test func anEmptyChunkDecodesToNothing() {
    #expect(Data().withUnsafeBytes(Postings.decode) == nil)
  }
}
