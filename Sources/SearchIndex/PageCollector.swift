/// Collects one page from groups of results taken in order, skipping the page's offset.
struct PageCollector {
  private var skip: Int
  private let size: Int
  private(set) var ids: [Int] = []

  init(offset: Int, size: Int) {
    skip = offset
    self.size = size
  }

  var isFull: Bool { ids.count == size }

  /// Takes from a group of `count` results; `first(n)` gives its best `n`, in order.
  mutating func take(count: Int, _ first: (Int) -> [Int]) {
    guard !isFull, count > 0 else { return }
    guard skip < count else {
      skip -= count
      return
    }
    let wanted = min(count, skip + size - ids.count)
    ids += first(wanted).dropFirst(skip)
    skip = 0
  }
}
