import Foundation

/// A chunk's terms, each with the offsets of its documents (see ``IndexChunk``): a table that
/// finds a term by its bytes, open-addressed, hashed a machine word at a time.
///
/// A rebuild looks every term of every book up here. In a `Dictionary`, `Term`'s hash (SipHash
/// over its bytes, with `Hasher`'s per-call setup) and its probing were about a tenth of a
/// rebuild's samples in perf. The hash is seeded once per table, so no fixed set of texts collides in every build.
struct TermOffsets {
  /// Each slot holds an entry's index plus one, or 0 when empty; a power of two of them, at most
  /// half full.
  private var slots: [Int32]
  /// The entries, in the order their terms were first added.
  private var entries: [Entry] = []
  /// The offsets after each term's first, in the order added, each with its entry's index: a
  /// term's offsets ascend in it. One log for all the terms, rather than an array each, which
  /// was an allocation, and a cache miss, a term.
  private var laterEntries: [Int32] = []
  private var laterOffsets: [UInt16] = []
  private let seed = UInt64.random(in: .min ... .max)
  /// The hashes of the terms being added (see ``add(_:at:)``), an array kept to be used again.
  private var hashes: [UInt64] = []
  /// What the reads ahead of a document's lookups read, kept so that they are not optimized away.
  private var prefetched: UInt64 = 0

  /// A term, its hash, and its first and last offsets and their count: what an addition reads
  /// and writes, side by side.
  private struct Entry {
    let hash: UInt64
    let term: Term
    let first: UInt16
    var last: UInt16
    var count: Int32
  }

  /// The number of terms.
  var count: Int { entries.count }

  /// An empty table.
  init() { slots = [Int32](repeating: 0, count: 16) }

  /// Makes room for `capacity` terms, so that the table does not grow until it holds them.
  mutating func reserveCapacity(_ capacity: Int) {
    entries.reserveCapacity(capacity)
    growSlots(toHold: capacity)
  }

  /// Doubles the slots until `count` terms fill at most half of them.
  private mutating func growSlots(toHold count: Int) {
    var slotCount = slots.count
    while slotCount < count * 2 { slotCount *= 2 }
    if slotCount > slots.count { place(in: slotCount) }
  }

  /// Adds `offset` to the offsets of each of `terms`, a document's, which may repeat a term.
  ///
  /// A lookup waits on two cache misses, its slot and its entry, which were most of a rebuild's
  /// samples in this type. Here every term's first slot and entry are read first, in a loop whose
  /// reads do not wait on one another, so that the processor has many misses in flight at once;
  /// the lookups that follow find those lines in the cache.
  mutating func add(_ terms: [Term], at offset: UInt16) {
    // No growing between the reads and the lookups; the entries grow as an array does, as an
    // exact reservation at every document would copy them each time.
    growSlots(toHold: entries.count + terms.count)
    hashes.removeAll(keepingCapacity: true)
    let mask = slots.count - 1
    var read: UInt64 = 0
    for term in terms {
      let hash = Self.hash(term, seed: seed)
      hashes.append(hash)
      let index = Int(slots[Int(truncatingIfNeeded: hash) & mask])
      if index != 0 { read ^= entries[index - 1].hash }
    }
    prefetched = read
    for (term, hash) in zip(terms, hashes) { add(term, hash: hash, at: offset) }
  }

  /// Adds `offset` to the offsets of `term`, whose hash is `hash` (which starts with it when
  /// new), unless it is already the term's last: offsets are added in ascending order. The slots
  /// have room for it (see ``growSlots(toHold:)``).
  private mutating func add(_ term: Term, hash: UInt64, at offset: UInt16) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let index = Int(slots[slot]) - 1
      if entries[index].hash == hash && entries[index].term == term {
        if entries[index].last != offset {
          entries[index].last = offset
          entries[index].count += 1
          laterEntries.append(Int32(index))
          laterOffsets.append(offset)
        }
        return
      }
      slot = (slot + 1) & mask
    }
    slots[slot] = Int32(entries.count + 1)
    entries.append(Entry(hash: hash, term: term, first: offset, last: offset, count: 1))
  }

  /// Gives each term with its offsets, ascending, in the order the terms were first added, and
  /// empties the table: what it held for adding is let go first.
  mutating func drain(_ body: (Term, ArraySlice<UInt16>) -> Void) {
    slots = []
    // Each term's offsets go in one array, a term after another, its first then its later ones.
    var next = [Int](repeating: 0, count: entries.count)
    var total = 0
    for (index, entry) in entries.enumerated() {
      next[index] = total + 1
      total += Int(entry.count)
    }
    var all = [UInt16](repeating: 0, count: total)
    for (index, entry) in entries.enumerated() { all[next[index] - 1] = entry.first }
    for (index, offset) in zip(laterEntries, laterOffsets) {
      all[next[Int(index)]] = offset
      next[Int(index)] += 1
    }
    (next, laterEntries, laterOffsets) = ([], [], [])
    var start = 0
    for entry in entries {
      body(entry.term, all[start..<start + Int(entry.count)])
      start += Int(entry.count)
    }
    self = TermOffsets()
  }

  /// Places every entry again, by the hash it keeps, in `slotCount` slots (a power of two).
  private mutating func place(in slotCount: Int) {
    slots = [Int32](repeating: 0, count: slotCount)
    let mask = slotCount - 1
    for (index, entry) in entries.enumerated() {
      var slot = Int(truncatingIfNeeded: entry.hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index + 1)
    }
  }

  /// A hash of the term's bytes: eight at a time, each word mixed in by a multiply and a shift,
  /// the last few packed into one word.
  static func hash(_ term: Term, seed: UInt64) -> UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var encoded = term.encoded
    return encoded.withUTF8 { bytes in
      let raw = UnsafeRawBufferPointer(bytes)
      var hash = seed ^ (UInt64(raw.count) &* multiplier)
      var start = 0
      while start + 8 <= raw.count {
        hash = (hash ^ raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)) &* multiplier
        hash ^= hash >> 32
        start += 8
      }
      var tail: UInt64 = 0
      for (position, byte) in raw[start...].enumerated() {
        tail |= UInt64(byte) << (8 * UInt64(position))
      }
      hash = (hash ^ tail) &* multiplier
      return hash ^ (hash >> 29)
    }
  }
}

extension Postings {
  /// The stored form of a term's offsets in a chunk, ascending.
  static func encode(_ offsets: ArraySlice<UInt16>) -> Data {
    guard offsets.count > 1 else { return withUnsafeBytes(of: offsets.first!.littleEndian) { Data($0) } }
    return encode(Container(sorted: Array(offsets))!)
  }
}
