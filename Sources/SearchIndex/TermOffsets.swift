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
  /// The entries, in the order their terms were first added: the term, its hash and offsets.
  private(set) var terms: [Term] = []
  private var hashes: [UInt64] = []
  private(set) var offsets: [Offsets] = []
  private let seed = UInt64.random(in: .min ... .max)

  /// An empty table.
  init() { slots = [Int32](repeating: 0, count: 16) }

  /// Makes room for `capacity` terms, so that the table does not grow until it holds them.
  mutating func reserveCapacity(_ capacity: Int) {
    terms.reserveCapacity(capacity)
    hashes.reserveCapacity(capacity)
    offsets.reserveCapacity(capacity)
    var slotCount = slots.count
    while slotCount < capacity * 2 { slotCount *= 2 }
    if slotCount > slots.count { place(in: slotCount) }
  }

  /// Adds `offset` to the offsets of `term` (which starts with it when new), unless it is already
  /// the term's last: offsets are added in ascending order.
  mutating func add(_ term: Term, at offset: UInt16) {
    let hash = Self.hash(term, seed: seed)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let entry = Int(slots[slot]) - 1
      if hashes[entry] == hash && terms[entry] == term {
        offsets[entry].appendUnlessLast(offset)
        return
      }
      slot = (slot + 1) & mask
    }
    slots[slot] = Int32(terms.count + 1)
    terms.append(term)
    hashes.append(hash)
    offsets.append(Offsets(offset))
    if terms.count * 2 > slots.count { place(in: slots.count * 2) }
  }

  /// Places every entry again, by the hash it keeps, in `slotCount` slots (a power of two).
  private mutating func place(in slotCount: Int) {
    slots = [Int32](repeating: 0, count: slotCount)
    let mask = slotCount - 1
    for (entry, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(entry + 1)
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

/// A term's offsets in a chunk, ascending: the first kept apart, since most of a chunk's terms have
/// one document, and an array for each would be an allocation each.
struct Offsets {
  private let first: UInt16
  private var rest: [UInt16] = []

  init(_ first: UInt16) { self.first = first }

  var count: Int { 1 + rest.count }

  mutating func appendUnlessLast(_ offset: UInt16) {
    if (rest.last ?? first) != offset { rest.append(offset) }
  }

  /// The offsets as ``Postings`` encodes them.
  var encoded: Data {
    guard !rest.isEmpty else { return withUnsafeBytes(of: first.littleEndian) { Data($0) } }
    return Postings.encode(Container(sorted: [first] + rest)!)
  }
}
