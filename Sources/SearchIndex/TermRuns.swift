import Foundation
import Storage

/// The term rows of a bulk build (``IndexBuilder``), a run a chunk: each chunk's rows in byte
/// order of term (see ``IndexChunk/termRun``), appended to a temporary file beside the index as
/// the chunk is written, and merged in term order at the end. The term and postings tables are
/// so written once, in key order, which SQLite does at the end of each table; written a chunk at
/// a time, every chunk's rows went between the rows of the chunks before, and once the tables
/// outgrew the page cache, each chunk wrote most of their pages again.
///
/// The file is unnamed from the start: it goes when the build ends, or when its process is
/// killed, and memory holds only a buffer a run while merging.
final class TermRuns {
  /// A term's row in one chunk: its encoded postings and its number of documents.
  struct Row: Equatable {
    let chunk: Int
    let docs: Data
    let count: Int
  }

  /// A row's header: the byte counts of its term and postings, and its number of documents, as
  /// three little-endian 32-bit integers.
  static let headerSize = 12

  private let file: Int32
  /// Bytes of a run read from the file at once.
  private let readSize: Int
  private var runs: [(chunk: Int, range: Range<Int>)] = []
  private var size = 0

  /// An empty file of runs in `directory` (the index's own, whose disk holds the tables the runs
  /// become, rather than a temporary directory that may be memory), or the system's temporary
  /// directory. Runs are read `readSize` bytes at a time.
  /// - Throws: ``DatabaseError`` when the file cannot be made.
  init(in directory: String? = nil, readSize: Int = 1 << 18) throws {
    let directory = directory ?? FileManager.default.temporaryDirectory.path
    var path = Array((directory + "/chaek-index-runs-XXXXXX").utf8CString)
    let file = path.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard file >= 0 else {
      throw Self.error("cannot make the index build's temporary file in \(directory)", errno)
    }
    unlink(path)
    _ = fcntl(file, F_SETFD, FD_CLOEXEC)  // not a child process's
    (self.file, self.readSize) = (file, readSize)
  }

  deinit { close(file) }

  /// The run of a chunk's term rows, in byte order of term: each row a header (see
  /// ``headerSize``), then the term's bytes, then its encoded postings.
  static func run(of rows: [(term: String, docs: Data, count: Int)]) -> [UInt8] {
    var run: [UInt8] = []
    run.reserveCapacity(rows.count * (headerSize + 16) + rows.reduce(0) { $0 + $1.docs.count })
    for (term, docs, count) in rows {
      var term = term
      for field in [term.utf8.count, docs.count, count] {
        withUnsafeBytes(of: UInt32(field).littleEndian) { run += $0 }
      }
      term.withUTF8 { run += $0 }
      run += docs
    }
    return run
  }

  /// Appends a chunk's run, whose chunk is above those of the runs before it.
  /// - Throws: ``DatabaseError`` when the file cannot be written (a full disk).
  func append(_ run: [UInt8], of chunk: Int) throws {
    precondition(chunk > runs.last?.chunk ?? -1, "runs are appended in ascending chunk order")
    var written = 0
    try run.withUnsafeBytes { bytes in
      while written < bytes.count {
        let count = pwrite(file, bytes.baseAddress! + written, bytes.count - written, off_t(size + written))
        if count < 0, errno == EINTR { continue }
        guard count > 0 else {
          throw Self.error("cannot write the index build's temporary file", count < 0 ? errno : ENOSPC)
        }
        written += count
      }
    }
    runs.append((chunk, size..<size + run.count))
    size += run.count
  }

  /// Gives each term once, in byte order, with its rows, chunks ascending. The runs are read and
  /// merged on a thread of their own, a few batches of terms ahead of `body`, which runs on the
  /// caller's thread: what `body` writes is most of the build's end, which no other thread shares.
  /// - Throws: ``DatabaseError`` when the file cannot be read; what `body` throws.
  func merge(_ body: (_ term: String, _ rows: [Row]) throws -> Void) throws {
    defer { ftruncate(file, 0) }  // its disk space back at once, whatever the merge's end
    let handoff = Handoff<[(term: String, rows: [Row])]>(capacity: 4)
    let (file, runs, readSize) = (self.file, self.runs, self.readSize)
    Thread {
      var batch: [(term: String, rows: [Row])] = []
      var bytes = 0
      do {
        try Self.merge(file: file, runs: runs, readSize: readSize) { term, rows in
          batch.append((term, rows))
          bytes += term.utf8.count + rows.reduce(0) { $0 + $1.docs.count }
          guard batch.count == 4_096 || bytes >= 1 << 20 else { return true }
          defer { (batch, bytes) = ([], 0) }
          return handoff.put(batch)
        }
        if !batch.isEmpty { _ = handoff.put(batch) }
        handoff.end()
      } catch {
        handoff.end(throwing: error)
      }
    }.start()
    defer { handoff.abandon() }
    while let batch = try handoff.take() {
      for (term, rows) in batch { try body(term, rows) }
    }
  }

  /// Merges `runs` of `file`, giving each term once, in byte order, with its rows, chunks
  /// ascending, until `body` returns `false`.
  private static func merge(
    file: Int32, runs: [(chunk: Int, range: Range<Int>)], readSize: Int,
    _ body: (_ term: String, _ rows: [Row]) -> Bool
  ) throws {
    var cursors = runs.map { Cursor(file: file, chunk: $0.chunk, range: $0.range, readSize: readSize) }
    for index in cursors.indices { try cursors[index].next() }
    // A heap of the cursors that hold a row: the first term in byte order at the top, the
    // earlier chunk first among equal terms.
    var heap = MergeHeap(cursors.indices.filter { cursors[$0].term != nil }) {
      cursors[$0].precedes(cursors[$1])
    }
    while let first = heap.top {
      let term = cursors[first].term!
      var rows: [Row] = []
      while let next = heap.top, cursors[next].term == term {
        rows.append(cursors[next].row)
        try cursors[next].next()
        if cursors[next].term == nil { heap.removeTop() } else { heap.topChanged() }
      }
      guard body(String(decoding: term, as: UTF8.self), rows) else { return }
    }
  }

  /// The error of a failed step of the file, with the system's reason (an `errno`), if any.
  private static func error(_ what: String, _ number: Int32? = nil) -> DatabaseError {
    DatabaseError(
      code: number == ENOSPC ? DatabaseError.Code.diskFull.rawValue : DatabaseError.Code.ioError.rawValue,
      message: number.map { "\(what): \(String(cString: strerror($0)))" } ?? what)
  }

  /// A run being read, a buffer at a time, and its current row.
  private struct Cursor {
    let file: Int32
    let chunk: Int
    /// The bytes of the run not yet in the buffer.
    var unread: Range<Int>
    var buffer: [UInt8] = []
    /// The first byte of the buffer not yet read.
    var start = 0
    /// The current row's term; `nil` past the run's last row.
    var term: [UInt8]?
    var row = Row(chunk: 0, docs: Data(), count: 0)
    let readSize: Int

    init(file: Int32, chunk: Int, range: Range<Int>, readSize: Int) {
      (self.file, self.chunk, unread, self.readSize) = (file, chunk, range, readSize)
    }

    /// `true` when this cursor's term comes before `other`'s, or is the same in an earlier chunk.
    func precedes(_ other: Cursor) -> Bool {
      let (left, right) = (term!, other.term!)
      let common = min(left.count, right.count)
      let order =
        common == 0
        ? 0
        : left.withUnsafeBytes { left in
          right.withUnsafeBytes { right in memcmp(left.baseAddress!, right.baseAddress!, common) }
        }
      return order != 0
        ? order < 0 : left.count != right.count ? left.count < right.count : chunk < other.chunk
    }

    /// Reads the next row, or sets `term` to `nil` at the run's end.
    mutating func next() throws {
      guard buffer.count > start || !unread.isEmpty else {
        term = nil
        return
      }
      try fill(TermRuns.headerSize)
      let headerStart = start
      let (termCount, docsCount, count) = buffer.withUnsafeBytes { bytes in
        let field = { (index: Int) in
          Int(
            UInt32(
              littleEndian: bytes.loadUnaligned(fromByteOffset: headerStart + index * 4, as: UInt32.self)))
        }
        return (field(0), field(1), field(2))
      }
      try fill(TermRuns.headerSize + termCount + docsCount)
      let termStart = start + TermRuns.headerSize
      term = Array(buffer[termStart..<termStart + termCount])
      row = Row(
        chunk: chunk, docs: Data(buffer[termStart + termCount..<termStart + termCount + docsCount]),
        count: count)
      start = termStart + termCount + docsCount
    }

    /// Makes sure the buffer holds `count` unread bytes, reading more of the run as needed.
    /// - Throws: ``DatabaseError`` when the run has fewer left (it ends inside a row), or the
    ///   file cannot be read.
    private mutating func fill(_ count: Int) throws {
      if buffer.count - start >= count { return }
      buffer.removeSubrange(0..<start)
      start = 0
      let wanted = min(max(count - buffer.count, readSize), unread.count)
      guard buffer.count + wanted >= count else {
        throw TermRuns.error("the index build's temporary file ends inside a row")
      }
      let old = buffer.count
      buffer += repeatElement(0, count: wanted)
      var read = 0
      try buffer.withUnsafeMutableBytes { bytes in
        while read < wanted {
          let got = pread(
            file, bytes.baseAddress! + old + read, wanted - read, off_t(unread.lowerBound + read))
          if got < 0, errno == EINTR { continue }
          guard got > 0 else {
            throw got < 0
              ? TermRuns.error("cannot read the index build's temporary file", errno)
              : TermRuns.error("the index build's temporary file ended early")
          }
          read += got
        }
      }
      unread = unread.lowerBound + wanted..<unread.upperBound
    }
  }
}

/// A binary heap of small integers (the merge's cursors), the first by `precedes` at the top.
private struct MergeHeap {
  private var items: [Int]
  private let precedes: (Int, Int) -> Bool

  init(_ items: [Int], precedes: @escaping (Int, Int) -> Bool) {
    self.items = []
    self.precedes = precedes
    for item in items { insert(item) }
  }

  var top: Int? { items.first }

  /// Removes the top.
  mutating func removeTop() {
    items.swapAt(0, items.count - 1)
    items.removeLast()
    topChanged()
  }

  /// Puts the top back in its place after what orders it changed.
  mutating func topChanged() {
    var parent = 0
    while true {
      var first = parent
      let left = 2 * parent + 1
      if left < items.count, precedes(items[left], items[first]) { first = left }
      if left + 1 < items.count, precedes(items[left + 1], items[first]) { first = left + 1 }
      guard first != parent else { return }
      items.swapAt(parent, first)
      parent = first
    }
  }

  private mutating func insert(_ item: Int) {
    items.append(item)
    var child = items.count - 1
    while child > 0, precedes(items[child], items[(child - 1) / 2]) {
      items.swapAt(child, (child - 1) / 2)
      child = (child - 1) / 2
    }
  }
}
