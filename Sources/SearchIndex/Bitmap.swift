/// The ids of a dense chunk, one bit each: 1,024 64-bit words (8 KiB), and how many bits are set.
struct Bitmap: Equatable, Sendable {
  /// 64-bit words per chunk.
  static let wordCount = 1 << (DocIDSet.chunkShift - 6)

  private(set) var words: [UInt64]
  private(set) var count: Int

  /// An empty bitmap.
  init() {
    words = [UInt64](repeating: 0, count: Self.wordCount)
    count = 0
  }

  /// The bitmap of these words.
  init(words: [UInt64]) {
    self.words = words
    count = words.reduce(0) { $0 + $1.nonzeroBitCount }
  }

  /// The bitmap of these offsets.
  init(_ offsets: some Sequence<UInt16>) {
    self.init()
    for offset in offsets { insert(offset) }
  }

  func contains(_ offset: UInt16) -> Bool {
    words[Int(offset >> 6)] & (1 << UInt64(offset & 63)) != 0
  }

  mutating func insert(_ offset: UInt16) {
    let (index, bit) = (Int(offset >> 6), UInt64(1) << UInt64(offset & 63))
    guard words[index] & bit == 0 else { return }
    words[index] |= bit
    count += 1
  }

  mutating func remove(_ offset: UInt16) {
    let (index, bit) = (Int(offset >> 6), UInt64(1) << UInt64(offset & 63))
    guard words[index] & bit != 0 else { return }
    words[index] &= ~bit
    count -= 1
  }

  /// Sets the bits of `other` too.
  mutating func formUnion(_ other: [UInt64]) {
    count = 0
    for index in 0..<Self.wordCount {
      words[index] |= other[index]
      count += words[index].nonzeroBitCount
    }
  }

  /// Each word combined with the word of `other` at its index by `combine`.
  func combined(with other: [UInt64], _ combine: (UInt64, UInt64) -> UInt64) -> Bitmap {
    var result = Bitmap()
    for index in 0..<Self.wordCount {
      let word = combine(words[index], other[index])
      result.words[index] = word
      result.count += word.nonzeroBitCount
    }
    return result
  }

  /// The set offsets, in ascending order, to `body`.
  func forEachOffset(_ body: (UInt16) -> Void) {
    forEachOffset(inWords: 0..<Self.wordCount, body)
  }

  /// The set offsets of the blocks of `1 << blockShift` offsets (at least a word's 64) that
  /// `isWanted` accepts, in ascending order or `descending`, to `body`. `isWanted` is asked about
  /// each block with an offset set, in that order, just before its offsets go to `body`.
  func forEachOffset(
    blockShift: Int, descending: Bool, where isWanted: (Int) -> Bool, _ body: (UInt16) -> Void
  ) {
    precondition((6...16).contains(blockShift), "a block is from a word's bits to a chunk's")
    let wordsPerBlock = 1 << (blockShift - 6)
    let last = Self.wordCount / wordsPerBlock - 1
    for block in stride(from: descending ? last : 0, through: descending ? 0 : last, by: descending ? -1 : 1)
    {
      let range = block * wordsPerBlock..<(block + 1) * wordsPerBlock
      guard words[range].contains(where: { $0 != 0 }), isWanted(block) else { continue }
      if descending {
        for index in range.reversed() {
          var word = words[index]
          while word != 0 {
            let bit = 63 - word.leadingZeroBitCount
            body(UInt16(index << 6 | bit))
            word &= ~(1 << UInt64(bit))
          }
        }
      } else {
        forEachOffset(inWords: range, body)
      }
    }
  }

  /// The set offsets of the words in `range`, in ascending order, to `body`.
  private func forEachOffset(inWords range: Range<Int>, _ body: (UInt16) -> Void) {
    for index in range {
      var word = words[index]
      while word != 0 {
        body(UInt16(index << 6 | word.trailingZeroBitCount))
        word &= word - 1
      }
    }
  }

  /// The set offsets, in ascending order.
  var offsets: [UInt16] {
    var offsets: [UInt16] = []
    offsets.reserveCapacity(count)
    forEachOffset { offsets.append($0) }
    return offsets
  }
}
