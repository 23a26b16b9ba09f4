import Foundation
import Testing

@testable import SearchIndex

@Suite("Handing items between threads")
struct HandoffTests {
  struct Failed: Error, Equatable {}

  @Test(.timeLimit(.minutes(1)))
  func itemsArriveInOrderWithAFewWaitingAtMost() throws {
    let handoff = Handoff<Int>(capacity: 2)
    Thread {
      for item in 0..<1_000 { _ = handoff.put(item) }
      handoff.end()
    }.start()
    var taken: [Int] = []
    while let item = try handoff.take() { taken.append(item) }
    #expect(taken == Array(0..<1_000))
  }

  @Test(.timeLimit(.minutes(1)))
  func theMakersErrorComesAfterItsItems() throws {
    let handoff = Handoff<Int>(capacity: 4)
    Thread {
      _ = handoff.put(1)
      _ = handoff.put(2)
      handoff.end(throwing: Failed())
    }.start()
    #expect(try handoff.take() == 1)
    #expect(try handoff.take() == 2)
    #expect(throws: Failed.self) { try handoff.take() }
  }

  /// A taker that abandons frees a maker waiting for room, and waits for it to end.
  @Test(.timeLimit(.minutes(1)))
  func abandoningFreesAWaitingMakerAndWaitsForIt() throws {
    let handoff = Handoff<Int>(capacity: 1)
    let refused = Handoff<Int>(capacity: 1)  // what the maker saw, handed back
    Thread {
      var item = 0
      while handoff.put(item) { item += 1 }
      _ = refused.put(item)
      refused.end()
      handoff.end()
    }.start()
    #expect(try handoff.take() == 0)
    handoff.abandon()
    let item = try #require(try refused.take())
    #expect(item >= 1)
    #expect(try refused.take() == nil)
  }
}
