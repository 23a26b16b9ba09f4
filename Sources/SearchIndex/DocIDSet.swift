/// A set of document ids, as a roaring bitmap: ids in chunks of 65,536 (the unit the index
/// stores), each chunk a ``Container`` that is an array of offsets while sparse and a bitmap once
/// dense. Operations go chunk by chunk, so combining the postings of a million documents costs
/// microseconds a term, however many documents match.
public struct DocIDSet: Equatable, Sendable {
  /// Ids per chunk, as a power of two.
  static let chunkShift = 16

  /// One chunk: its number (`id >> chunkShift`) and its ids.
  struct Chunk: Equatable, Sendable {
    let key: Int
    let container: Container
  }

  /// The chunks that hold ids, by ascending key.
  private(set) var chunks: [Chunk] = []

  /// An empty set.
  public init() {}

  /// The set of these ids (non-negative).
  public init(_ ids: some Sequence<Int>) {
    var builder = Builder()
    for id in ids { builder.insert(id) }
    self = builder.set
  }

  /// The set of these chunks, by ascending key.
  init(chunks: [Chunk]) {
    self.chunks = chunks
  }

  /// Where an id lives: its chunk, and its offset in the chunk.
  static func place(_ id: Int) -> (key: Int, offset: UInt16) {
    (id >> chunkShift, UInt16(truncatingIfNeeded: id))
  }

  /// The number of ids in the set.
  public var count: Int { chunks.reduce(0) { $0 + $1.container.count } }

  public var isEmpty: Bool { chunks.isEmpty }

  public func contains(_ id: Int) -> Bool {
    let (key, offset) = Self.place(id)
    var (low, high) = (0, chunks.count)
    while low < high {
      let middle = (low + high) / 2
      if chunks[middle].key < key { low = middle + 1 } else { high = middle }
    }
    return low < chunks.count && chunks[low].key == key && chunks[low].container.contains(offset)
  }

  /// Every id, in ascending order.
  public var sorted: [Int] {
    var ids: [Int] = []
    ids.reserveCapacity(count)
    for chunk in chunks {
      let base = chunk.key << Self.chunkShift
      chunk.container.forEachOffset { ids.append(base | Int($0)) }
    }
    return ids
  }

  // MARK: - Algebra

  /// Keeps only the ids also in `other`.
  public mutating func formIntersection(_ other: DocIDSet) {
    chunks = merge(other) { mine, theirs in
      guard let mine, let theirs else { return nil }
      return Container.intersection(mine, theirs)
    }
  }

  /// Adds every id of `other`.
  public mutating func formUnion(_ other: DocIDSet) {
    guard !chunks.isEmpty else {
      chunks = other.chunks
      return
    }
    chunks = merge(other) { mine, theirs in
      guard let mine, let theirs else { return mine ?? theirs }
      return Container.union(mine, theirs)
    }
  }

  /// The ids in any of `sets`, each chunk's containers combined at once (see
  /// ``Container/union(of:)``): a union taken a set at a time copies what it has gathered again for
  /// every set, which for the fifty spellings of a common prefix at ten million documents was most
  /// of a search.
  public static func union(_ sets: [DocIDSet]) -> DocIDSet {
    guard sets.count > 2 else {
      var union = sets.first ?? DocIDSet()
      if sets.count == 2 { union.formUnion(sets[1]) }
      return union
    }
    var byKey: [Int: [Container]] = [:]
    for set in sets {
      for chunk in set.chunks { byKey[chunk.key, default: []].append(chunk.container) }
    }
    return DocIDSet(
      chunks: byKey.keys.sorted().map { Chunk(key: $0, container: Container.union(of: byKey[$0]!)) })
  }

  /// Removes every id of `other`.
  public mutating func subtract(_ other: DocIDSet) {
    chunks = merge(other) { mine, theirs in
      guard let mine, let theirs else { return mine }
      return Container.subtracting(mine, theirs)
    }
  }

  /// The chunks of `combine` applied to each key's containers in this set and `other` (`nil` where
  /// a set has no such chunk), in key order.
  private func merge(_ other: DocIDSet, _ combine: (Container?, Container?) -> Container?) -> [Chunk] {
    var result: [Chunk] = []
    var (index, otherIndex) = (0, 0)
    while index < chunks.count || otherIndex < other.chunks.count {
      let key = min(
        index < chunks.count ? chunks[index].key : .max,
        otherIndex < other.chunks.count ? other.chunks[otherIndex].key : .max)
      var (mine, theirs): (Container?, Container?) = (nil, nil)
      if index < chunks.count, chunks[index].key == key {
        mine = chunks[index].container
        index += 1
      }
      if otherIndex < other.chunks.count, other.chunks[otherIndex].key == key {
        theirs = other.chunks[otherIndex].container
        otherIndex += 1
      }
      if let container = combine(mine, theirs) { result.append(Chunk(key: key, container: container)) }
    }
    return result
  }
}
