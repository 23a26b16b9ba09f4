import Foundation
import Testing

@testable import SearchIndex

@Suite("Handing items between threads")
struct HandoffTests {
  struct Failed: Error, Equatable {}

  /// A count or flag shared by a maker and a test.
  final class Shared: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
  }

  @Test(.timeLimit(.minutes(1)))
  func itemsArriveInOrderWithAFewWaitingAtMost() throws {
    let handoff = Handoff<Int>(capacity: 2)
    let made = Shared()
    Thread {
      for item in 0..<1_000 {
        _ = handoff.put(item)
        made.add()
      }
      handoff.end()
    }.start()
    Thread.sleep(forTimeInterval: 0.05)
    #expect(made.value <= 2, "the maker waits while two items wait")
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
    let refused = Shared()
    Thread {
      while handoff.put(0) {}
      Thread.sleep(forTimeInterval: 0.1)  // what a reader does before it ends
      refused.add()
      handoff.end()
    }.start()
    #expect(try handoff.take() == 0)
    handoff.abandon()
    #expect(refused.value == 1)
  }
}
