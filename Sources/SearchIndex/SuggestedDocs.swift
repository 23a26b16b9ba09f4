import Foundation

/// The documents of one completion key in one chunk, as `search_suggestion_docs` stores them:
/// each document's offset in the chunk (two bytes) and rank (four), little-endian, offsets
/// ascending. A row lists every document of its key and chunk, and there is one unless the key's
/// best document is the only one there: a key with one document, most titles, has no row.
enum SuggestedDocs {
  /// The stored form of a chunk's documents of a key, by id (all of `chunk`).
  static func encode(_ ranks: [Int: UInt32]) -> Data {
    var bytes = Data(capacity: ranks.count * 6)
    for (doc, rank) in ranks.sorted(by: { $0.key < $1.key }) {
      withUnsafeBytes(of: DocIDSet.place(doc).offset.littleEndian) { bytes.append(contentsOf: $0) }
      withUnsafeBytes(of: rank.littleEndian) { bytes.append(contentsOf: $0) }
    }
    return bytes
  }

  /// The documents of a stored row of `chunk`, each with its rank.
  static func decode(_ bytes: UnsafeRawBufferPointer, chunk: Int) -> [Int: UInt32] {
    var ranks: [Int: UInt32] = [:]
    for start in stride(from: 0, to: bytes.count - 5, by: 6) {
      let offset = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt16.self))
      let rank = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: start + 2, as: UInt32.self))
      ranks[chunk << DocIDSet.chunkShift | Int(offset)] = rank
    }
    return ranks
  }
}
