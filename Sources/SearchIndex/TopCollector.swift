/// The top-N collector: the best `limit` of a stream of ranked ids, best first, kept in a heap whose
/// root is the worst kept: a candidate no better than the root costs one comparison, so picking a
/// page from a quarter of a million matches is a single pass.
struct TopCollector {
  /// An id and its rank: a higher `key` is better, then a higher `tie`.
  struct Entry {
    let key: UInt64
    let tie: Int
    let id: Int

    func isBetter(than other: Entry) -> Bool {
      key != other.key ? key > other.key : tie > other.tie
    }
  }

  let limit: Int
  private var heap: [Entry] = []

  init(limit: Int) {
    self.limit = limit
    heap.reserveCapacity(limit)
  }

  /// Offers an id.
  mutating func offer(_ entry: Entry) {
    guard limit > 0 else { return }
    if heap.count < limit {
      heap.append(entry)
      siftUp(heap.count - 1)
    } else if entry.isBetter(than: heap[0]) {
      heap[0] = entry
      siftDown(0)
    }
  }

  /// Whether every entry whose key is at most `key` would be rejected, when entries come in order
  /// of worsening tie (so that of two with the same key, the first is better): `limit` entries
  /// are kept and the worst of them has that key or a higher one.
  func rejectsLaterEntries(upTo key: UInt64) -> Bool {
    heap.count == limit && (limit == 0 || heap[0].key >= key)
  }

  /// The kept ids, best first.
  var ids: [Int] {
    heap.sorted { $0.isBetter(than: $1) }.map(\.id)
  }

  private mutating func siftUp(_ index: Int) {
    var child = index
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[parent].isBetter(than: heap[child]) else { return }
      heap.swapAt(parent, child)
      child = parent
    }
  }

  private mutating func siftDown(_ index: Int) {
    var parent = index
    while true {
      var worst = parent
      let left = 2 * parent + 1
      if left < heap.count, heap[worst].isBetter(than: heap[left]) { worst = left }
      if left + 1 < heap.count, heap[worst].isBetter(than: heap[left + 1]) { worst = left + 1 }
      guard worst != parent else { return }
      heap.swapAt(parent, worst)
      parent = worst
    }
  }
}
