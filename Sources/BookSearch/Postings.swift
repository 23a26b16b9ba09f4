import Foundation

/// How one chunk of a term's postings is stored: the 16-bit offsets of its rowids, ascending, two
/// bytes each, when fewer than 4,096 (a sparse term costs two bytes a book); otherwise the chunk's
/// 8,192-byte bitmap. The two never have the same length, so the length tells them apart.
enum Postings {
  /// The byte count of a stored bitmap.
  static let bitmapBytes = DocSet.wordsPerChunk * 8

  /// Sets the bits of a stored chunk in `words`.
  static func decode(_ bytes: UnsafeRawBufferPointer, into words: inout [UInt64]) {
    words.withUnsafeMutableBufferPointer { words in
      if bytes.count == bitmapBytes {
        for index in 0..<DocSet.wordsPerChunk {
          words[index] |= UInt64(
            littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
        }
      } else {
        for index in 0..<bytes.count / 2 {
          let slot = Int(
            UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)))
          words[slot >> 6] |= 1 << UInt64(slot & 63)
        }
      }
    }
  }

  /// The stored form of a chunk bitmap; empty when no bit is set.
  static func encode(_ words: [UInt64]) -> Data {
    let count = words.reduce(0) { $0 + $1.nonzeroBitCount }
    guard count < bitmapBytes / 2 else {
      return words.map(\.littleEndian).withUnsafeBufferPointer { Data(buffer: $0) }
    }
    var slots: [UInt16] = []
    slots.reserveCapacity(count)
    DocSet.forEach(in: words, chunk: 0) { slots.append(UInt16($0).littleEndian) }
    return slots.withUnsafeBufferPointer { Data(buffer: $0) }
  }
}
