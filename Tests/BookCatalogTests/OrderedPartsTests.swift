import Foundation
import Synchronization
import Testing

@testable import BookCatalog

@Suite struct OrderedPartsTests {
  @Test(arguments: [0, 1, 255, 256, 257, 1_000])
  func everyItemComesOutInOrder(count: Int) {
    let parts = OrderedParts(count: count, partSize: 256) { positions in positions.map { $0 * 2 } }
    #expect(parts.count == count)
    #expect((0..<count).map { parts[$0] } == (0..<count).map { $0 * 2 })
  }

  @Test func anItemIsTakenBeforeTheLaterPartsAreDone() {
    let firstTaken = DispatchSemaphore(value: 0)
    let lastWaited = Mutex<Bool?>(nil)
    let parts = OrderedParts(count: 4, partSize: 2) { positions in
      if positions.lowerBound == 2 {
        // The last part waits for the consumer to have taken the first item.
        let signalled = firstTaken.wait(timeout: .now() + 30) == .success
        lastWaited.withLock { $0 = signalled }
      }
      return Array(positions)
    }
    #expect(parts[0] == 0)
    firstTaken.signal()
    #expect(parts[3] == 3)
    #expect(lastWaited.withLock { $0 } == true, "the first item came out while the last part ran")
  }
}
