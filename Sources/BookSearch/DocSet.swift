/// A set of book rowids, held as 65,536-wide chunks of bitmaps: the unit the search index stores
/// and combines. Intersection, union and counting are word-wise over 1,024 words a chunk, so a
/// query over a million books costs microseconds per term, however many books match.
struct DocSet {
  /// Rowids per chunk, as a power of two.
  static let chunkShift = 16
  /// 64-bit words per chunk bitmap.
  static let wordsPerChunk = 1 << (chunkShift - 6)

  /// Chunk number → its bitmap; a chunk with no member is absent.
  private(set) var chunks: [Int: [UInt64]] = [:]

  /// An empty set.
  init() {}

  /// The set of these rowids.
  init(_ rowids: some Sequence<Int>) {
    for rowid in rowids { insert(rowid) }
  }

  /// The number of rowids in the set.
  var count: Int {
    chunks.values.reduce(0) { total, words in words.reduce(total) { $0 + $1.nonzeroBitCount } }
  }

  var isEmpty: Bool { chunks.isEmpty }

  /// Where a rowid lives: its chunk, and its slot (bit) in the chunk's bitmap.
  static func place(_ rowid: Int) -> (chunk: Int, slot: Int) {
    (rowid >> chunkShift, rowid & ((1 << chunkShift) - 1))
  }

  func contains(_ rowid: Int) -> Bool {
    let (chunk, slot) = Self.place(rowid)
    guard let words = chunks[chunk] else { return false }
    return words[slot >> 6] & (1 << UInt64(slot & 63)) != 0
  }

  mutating func insert(_ rowid: Int) {
    let (chunk, slot) = Self.place(rowid)
    chunks[chunk, default: Self.emptyChunk][slot >> 6] |= 1 << UInt64(slot & 63)
  }

  /// Adds a stored chunk (see ``Postings``) to the set.
  mutating func formUnion(chunk: Int, postings: UnsafeRawBufferPointer) {
    var words = chunks.removeValue(forKey: chunk) ?? Self.emptyChunk
    Postings.decode(postings, into: &words)
    chunks[chunk] = words
  }

  /// Keeps only the rowids also in `other`.
  mutating func formIntersection(_ other: DocSet) {
    for (chunk, var words) in chunks {
      chunks[chunk] = nil
      guard let others = other.chunks[chunk] else { continue }
      var any: UInt64 = 0
      for index in 0..<Self.wordsPerChunk {
        words[index] &= others[index]
        any |= words[index]
      }
      if any != 0 { chunks[chunk] = words }
    }
  }

  /// Adds every rowid of `other`.
  mutating func formUnion(_ other: DocSet) {
    for (chunk, others) in other.chunks {
      guard var words = chunks.removeValue(forKey: chunk) else {
        chunks[chunk] = others
        continue
      }
      for index in 0..<Self.wordsPerChunk { words[index] |= others[index] }
      chunks[chunk] = words
    }
  }

  /// Removes every rowid of `other`.
  mutating func subtract(_ other: DocSet) {
    for (chunk, others) in other.chunks {
      guard var words = chunks.removeValue(forKey: chunk) else { continue }
      var any: UInt64 = 0
      for index in 0..<Self.wordsPerChunk {
        words[index] &= ~others[index]
        any |= words[index]
      }
      if any != 0 { chunks[chunk] = words }
    }
  }

  /// The rowids of one chunk's bitmap, in ascending order, to `body`.
  static func forEach(in words: [UInt64], chunk: Int, _ body: (Int) -> Void) {
    let base = chunk << chunkShift
    for index in 0..<wordsPerChunk {
      var word = words[index]
      while word != 0 {
        body(base | index << 6 | word.trailingZeroBitCount)
        word &= word - 1
      }
    }
  }

  /// Every rowid, in ascending order.
  var sorted: [Int] {
    var rowids: [Int] = []
    for chunk in chunks.keys.sorted() {
      Self.forEach(in: chunks[chunk]!, chunk: chunk) { rowids.append($0) }
    }
    return rowids
  }

  static var emptyChunk: [UInt64] { [UInt64](repeating: 0, count: wordsPerChunk) }
}
