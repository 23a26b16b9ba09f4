import Foundation
import Storage
import Synchronization

/// Every document's sort keys (its rank and day, see ``Document``), by id, held in memory: they
/// order a search's matches and are read for every match, so they cannot be read from SQL one
/// document at a time. One cache serves every searcher of an index file (see
/// ``InvertedIndex/searcher(on:ranks:texts:)``).
///
/// Loaded from `search_ranks` a chunk at a time; each search checks the chunks' versions (one
/// small read) and reloads only the chunks a writer, in this process or another, changed since.
public final class RankCache: Sendable {
  /// One chunk's sort keys, by offset (id within the chunk), as each ``Order`` compares them
  /// (one load an id, so one cache miss), and the best key of each block of ``blockShift`` offsets,
  /// so that a search can pass over a block none of whose ids would make its page.
  struct Chunk: Sendable {
    /// Offsets per block: 1 << 10, so a chunk has 64 blocks, and a block is 16 of a
    /// ``Bitmap``'s words.
    static let blockShift = 10

    /// The sort keys of a chunk with none stored: every key 0.
    static let empty = Chunk(
      version: 0, rank: [UInt32](repeating: 0, count: 1 << DocIDSet.chunkShift),
      day: [UInt32](repeating: 0, count: 1 << DocIDSet.chunkShift))

    let version: Int
    /// Rank, then day: ``Order/rank``'s key.
    private let byRank: [UInt64]
    /// ``Order/day``'s key.
    private let byDay: [UInt32]
    private let bestByRank: [UInt64]
    private let bestByDay: [UInt64]

    init(version: Int, rank: [UInt32], day: [UInt32]) {
      self.version = version
      byRank = zip(rank, day).map { UInt64($0) << 32 | UInt64($1) }
      byDay = day
      let blocks = 1 << (DocIDSet.chunkShift - Self.blockShift)
      var (bestByRank, bestByDay) = (
        [UInt64](repeating: 0, count: blocks), [UInt64](repeating: 0, count: blocks)
      )
      for offset in 0..<(1 << DocIDSet.chunkShift) {
        let block = offset >> Self.blockShift
        bestByRank[block] = max(bestByRank[block], byRank[offset])
        bestByDay[block] = max(bestByDay[block], UInt64(day[offset]))
      }
      (self.bestByRank, self.bestByDay) = (bestByRank, bestByDay)
    }

    /// The entry of the id at `offset` (whose id is `id`) in `order`: see ``Order``.
    func entry(_ order: Order, offset: UInt16, id: Int) -> TopCollector.Entry {
      switch order {
      case .rank: TopCollector.Entry(key: byRank[Int(offset)], tie: -id, id: id)
      case .day: TopCollector.Entry(key: UInt64(byDay[Int(offset)]), tie: id, id: id)
      }
    }

    /// The highest ``TopCollector/Entry/key`` in `order` of any offset of `block`.
    func bestKey(_ order: Order, block: Int) -> UInt64 {
      order == .rank ? bestByRank[block] : bestByDay[block]
    }
  }

  private let chunks = Mutex<[Int: Chunk]>([:])

  /// An empty cache.
  public init() {}

  /// The current sort keys of every chunk.
  func current(on connection: Connection) throws -> [Int: Chunk] {
    let versions = try connection.query("SELECT chunk, version FROM search_ranks") { ($0.int(0), $0.int(1)) }
    var cached = chunks.withLock { $0 }
    var loaded: [Int: Chunk] = [:]
    for (chunk, version) in versions where cached[chunk]?.version != version {
      loaded[chunk] = try connection.first(
        "SELECT version, popularity, day FROM search_ranks WHERE chunk = ?", [chunk]
      ) { row in
        Chunk(version: row.int(0), rank: Self.decode(row, column: 1), day: Self.decode(row, column: 2))
      }
      cached[chunk] = loaded[chunk]
    }
    if !loaded.isEmpty {
      // Searches on several readers load chunks at once: keep the newest of each, not one
      // search's whole view, which may be older than another's.
      let fresh = loaded
      chunks.withLock { shared in
        for (chunk, loaded) in fresh where (shared[chunk]?.version ?? .min) < loaded.version {
          shared[chunk] = loaded
        }
      }
    }
    return cached
  }

  // MARK: - Stored form

  /// A chunk's values as stored: 65,536 little-endian 32-bit integers.
  static func encode(_ values: [UInt32]) -> Data {
    values.map { $0.littleEndian }.withUnsafeBufferPointer { Data(buffer: $0) }
  }

  /// A stored chunk's values; zeros when the column is not a whole chunk.
  static func decode(_ row: Row, column: Int) -> [UInt32] {
    row.withBytes(column) { bytes in
      let count = 1 << DocIDSet.chunkShift
      guard bytes.count == count * 4 else { return [UInt32](repeating: 0, count: count) }
      return (0..<count).map {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self))
      }
    }
  }
}
