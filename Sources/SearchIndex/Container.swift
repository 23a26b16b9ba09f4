/// The ids of one chunk of a ``DocIDSet``, as offsets from the chunk's first id, held as roaring
/// bitmaps hold them: a sorted array of 16-bit offsets while there are fewer than ``arrayLimit``
/// (two bytes an id), else a ``Bitmap`` (8 KiB, a bit an id). Every operation keeps that rule, and
/// no container is empty (a chunk without ids is absent from its set).
enum Container: Equatable, Sendable {
  case array([UInt16])
  case bitmap(Bitmap)

  /// Fewer ids than this are an array: 4,096 offsets take the bitmap's 8 KiB. Stored postings
  /// follow the same rule (see ``Postings``), so a stored chunk decodes to its container as is.
  static let arrayLimit = Bitmap.wordCount * 4

  /// The container of ascending, distinct offsets; `nil` when there are none.
  init?(sorted offsets: [UInt16]) {
    guard !offsets.isEmpty else { return nil }
    self = offsets.count < Self.arrayLimit ? .array(offsets) : .bitmap(Bitmap(offsets))
  }

  /// The container of a bitmap's bits; `nil` when none is set.
  init?(_ bitmap: Bitmap) {
    guard bitmap.count > 0 else { return nil }
    self = bitmap.count < Self.arrayLimit ? .array(bitmap.offsets) : .bitmap(bitmap)
  }

  var count: Int {
    switch self {
    case .array(let offsets): offsets.count
    case .bitmap(let bitmap): bitmap.count
    }
  }

  func contains(_ offset: UInt16) -> Bool {
    switch self {
    case .array(let offsets): offsets.sortedIndex(of: offset) != nil
    case .bitmap(let bitmap): bitmap.contains(offset)
    }
  }

  /// The offsets, in ascending order, to `body`.
  func forEachOffset(_ body: (UInt16) -> Void) {
    switch self {
    case .array(let offsets): for offset in offsets { body(offset) }
    case .bitmap(let bitmap): bitmap.forEachOffset(body)
    }
  }

  /// The offsets of the blocks of `1 << blockShift` offsets (at least 64) that `isWanted` accepts,
  /// in ascending order or `descending`, to `body`. `isWanted` is asked about each block with an
  /// offset in it, in that order, just before its offsets go to `body`, so its answer may follow
  /// what `body` did.
  func forEachOffset(
    blockShift: Int, descending: Bool, where isWanted: (Int) -> Bool, _ body: (UInt16) -> Void
  ) {
    switch self {
    case .array(let offsets):
      let step = descending ? -1 : 1
      var index = descending ? offsets.count - 1 : 0
      while offsets.indices.contains(index) {
        let block = Int(offsets[index]) >> blockShift
        let wanted = isWanted(block)
        while offsets.indices.contains(index), Int(offsets[index]) >> blockShift == block {
          if wanted { body(offsets[index]) }
          index += step
        }
      }
    case .bitmap(let bitmap):
      bitmap.forEachOffset(blockShift: blockShift, descending: descending, where: isWanted, body)
    }
  }
}

extension [UInt16] {
  /// The index of `offset` in this ascending array, found by bisection, or `nil`.
  func sortedIndex(of offset: UInt16) -> Int? {
    var (low, high) = (0, count)
    while low < high {
      let middle = (low + high) / 2
      if self[middle] < offset { low = middle + 1 } else { high = middle }
    }
    return low < count && self[low] == offset ? low : nil
  }
}
