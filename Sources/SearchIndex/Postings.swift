import Foundation

/// How one chunk of a term's postings is stored: the 16-bit offsets of its ids, ascending, two
/// bytes each, while fewer than 4,096 (a sparse term costs two bytes a document); otherwise the
/// chunk's 8,192-byte bitmap. The two never have the same length, so the length tells them apart;
/// they are the two kinds of ``Container``, so a stored chunk decodes to its container as it is.
enum Postings {
  /// The byte count of a stored bitmap.
  static let bitmapBytes = Bitmap.wordCount * 8

  /// The container of a stored chunk; `nil` when it holds no id.
  static func decode(_ bytes: UnsafeRawBufferPointer) -> Container? {
    guard bytes.count == bitmapBytes else {
      return Container(sorted: (0..<bytes.count / 2).map { offset(at: $0, in: bytes) })
    }
    return Container(Bitmap(words: (0..<Bitmap.wordCount).map { word(at: $0, in: bytes) }))
  }

  /// Sets the bits of a stored chunk in `bitmap`.
  static func decode(_ bytes: UnsafeRawBufferPointer, into bitmap: inout Bitmap) {
    guard bytes.count == bitmapBytes else {
      for index in 0..<bytes.count / 2 { bitmap.insert(offset(at: index, in: bytes)) }
      return
    }
    bitmap.formUnion((0..<Bitmap.wordCount).map { word(at: $0, in: bytes) })
  }

  /// The stored form of a container.
  static func encode(_ container: Container) -> Data {
    switch container {
    case .array(let offsets): offsets.map { $0.littleEndian }.withUnsafeBufferPointer { Data(buffer: $0) }
    case .bitmap(let bitmap):
      bitmap.words.map { $0.littleEndian }.withUnsafeBufferPointer { Data(buffer: $0) }
    }
  }

  private static func offset(at index: Int, in bytes: UnsafeRawBufferPointer) -> UInt16 {
    UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self))
  }

  private static func word(at index: Int, in bytes: UnsafeRawBufferPointer) -> UInt64 {
    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
  }
}
