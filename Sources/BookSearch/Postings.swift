import Foundation

/// How one chunk of a term's postings is stored: the 16-bit offsets of its rowids, ascending, two
/// bytes each, when fewer than 4,096 (a sparse term costs two bytes a book); otherwise the chunk's
/// 8,192-byte bitmap. The two never have the same length, so the length tells them apart.
enum Postings {
  /// The byte count of a stored bitmap.
  static let bitmapBytes = DocSet.wordsPerChunk * 8

  /// Sets the bits of a stored chunk in `words`; returns how many books the chunk holds.
  @discardableResult
  static func decode(_ bytes: UnsafeRawBufferPointer, into words: inout [UInt64]) -> Int {
    words.withUnsafeMutableBufferPointer { words in
      guard bytes.count == bitmapBytes else {
        for index in 0..<bytes.count / 2 {
          let slot = Int(
            UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)))
          words[slot >> 6] |= 1 << UInt64(slot & 63)
        }
        return bytes.count / 2
      }
      var count = 0
      for index in 0..<DocSet.wordsPerChunk {
        let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
        count += word.nonzeroBitCount
        words[index] |= word
      }
      return count
    }
  }

  /// The stored form of a chunk bitmap with `count` bits set; empty when none is.
  static func encode(_ words: [UInt64], count: Int) -> Data {
    guard count < bitmapBytes / 2 else {
      return words.map(\.littleEndian).withUnsafeBufferPointer { Data(buffer: $0) }
    }
    var slots: [UInt16] = []
    slots.reserveCapacity(count)
    DocSet.forEach(in: words, chunk: 0) { slots.append(UInt16($0).littleEndian) }
    return slots.withUnsafeBufferPointer { Data(buffer: $0) }
  }
}
