import Foundation

/// A batch's items transformed on every core, a part at a time and in order, from its creation,
/// while its consumer takes each item as soon as its part is done: so that a batch's books are
/// packed and analyzed while the ones before them are written. The work runs on threads of its
/// own, not on Dispatch's or Swift's cooperative pool, which a waiting consumer may be holding.
/// Of one item, it is one job on a thread of its own, whose result the subscript waits for (a
/// chunk of the index gathered while others are written).
///
/// It is `@unchecked Sendable` because its state is read and written only under its condition.
final class OrderedParts<Output: Sendable>: @unchecked Sendable {
  /// The items transformed, by part; a part is `nil` until done.
  private var parts: [[Output]?]
  /// The first part no thread has taken.
  private var nextPart = 0
  private let condition = NSCondition()
  private let partSize: Int
  /// The number of items.
  let count: Int

  /// Starts transforming `count` items, `partSize` at a time (by default as many as give every
  /// core a part, from 16 to 256): `transform` is given a part's positions and returns its
  /// outputs in order.
  init(count: Int, partSize: Int? = nil, _ transform: @escaping @Sendable (Range<Int>) -> [Output]) {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let partSize = partSize ?? max(16, min(256, count / cores))
    self.count = count
    self.partSize = partSize
    parts = Array(repeating: nil, count: (count + partSize - 1) / partSize)
    for _ in 0..<min(cores, parts.count) {
      Thread { [self] in
        while let part = takePart() {
          let outputs = transform(part * partSize..<min(count, (part + 1) * partSize))
          condition.lock()
          parts[part] = outputs
          condition.broadcast()
          condition.unlock()
        }
      }.start()
    }
  }

  /// The output of the item at `position`, once its part is done.
  subscript(position: Int) -> Output {
    let part = position / partSize
    condition.lock()
    defer { condition.unlock() }
    while parts[part] == nil { condition.wait() }
    return parts[part]![position - part * partSize]
  }

  private func takePart() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    guard nextPart < parts.count else { return nil }
    nextPart += 1
    return nextPart - 1
  }
}
