import Foundation

/// The bytes of an import file, read a chunk at a time, so that reading a file of any size holds a
/// bounded part of it: the readers address bytes by their offset in the file, and say when the
/// bytes before an offset are no longer needed (``release(before:)``).
///
/// A window over bytes already in memory reads them in place.
struct ByteWindow {
  /// Bytes read from the file per chunk.
  static let chunkSize = 1 << 20

  /// The bytes from ``base`` on that are held.
  private var buffer: [UInt8]
  /// The file offset of `buffer[0]`.
  private var base = 0
  /// Reads the next chunk; empty at the end of the file.
  private let readChunk: (() -> [UInt8])?
  private var isAtEnd: Bool
  /// Where a read that failed keeps its error, shared by every copy of the window.
  private let failure: ReadFailure

  /// The error a read of the file failed with, if one did: the window ends there, as if the file
  /// did, so an import must ask once it has read to the end.
  var readError: (any Error)? { failure.error }

  /// The error a read failed with, kept by reference so that the copies of a window share it.
  private final class ReadFailure: @unchecked Sendable {
    var error: (any Error)?
  }

  /// A window over bytes in memory.
  init(_ bytes: [UInt8]) {
    buffer = bytes
    readChunk = nil
    isAtEnd = true
    failure = ReadFailure()
  }

  /// A window that reads `handle` from its current position.
  init(reading handle: FileHandle) {
    self.init(chunks: { try handle.read(upToCount: ByteWindow.chunkSize).map { [UInt8]($0) } ?? [] })
  }

  /// A window over the chunks `next` reads, up to the first that is empty or fails (see
  /// ``readError``).
  init(chunks next: @escaping () throws -> [UInt8]) {
    buffer = []
    isAtEnd = false
    let failure = ReadFailure()
    self.failure = failure
    readChunk = {
      do {
        return try next()
      } catch {
        failure.error = error
        return []
      }
    }
  }

  // MARK: - Reading

  /// The byte at `offset` (not released), or `nil` past the end of the file.
  @inline(__always)
  mutating func byte(at offset: Int) -> UInt8? {
    let index = offset - base
    if index < buffer.count { return buffer[index] }
    return fill(through: offset) ? buffer[offset - base] : nil
  }

  /// The bytes in `range`, which must have been read up to its end.
  func bytes(_ range: Range<Int>) -> [UInt8] {
    Array(buffer[(range.lowerBound - base)..<(range.upperBound - base)])
  }

  /// The offset of the first byte from `offset` on that is `first` or `second`; the end of the file
  /// when there is none.
  mutating func firstIndex(of first: UInt8, or second: UInt8, from offset: Int) -> Int {
    var position = offset
    while true {
      let start = position - base
      if start < buffer.count {
        if let index = buffer[start...].firstIndex(where: { $0 == first || $0 == second }) {
          return index + base
        }
        position = base + buffer.count
      }
      guard fill(through: position) else { return position }
    }
  }

  /// The offset of the first byte that is `first` or `second` within `limit` bytes of `offset`;
  /// the end of the file when it comes first; `nil` when neither comes within the limit.
  mutating func firstIndex(of first: UInt8, or second: UInt8, from offset: Int, within limit: Int) -> Int? {
    var position = offset
    while position < offset + limit {
      let start = position - base
      if start < buffer.count {
        let stop = min(buffer.count, offset + limit - base)
        if let index = buffer[start..<stop].firstIndex(where: { $0 == first || $0 == second }) {
          return index + base
        }
        position = base + stop
        continue
      }
      guard fill(through: position) else { return position }
    }
    return nil
  }

  /// The offset just after a UTF-8 byte-order mark (`EF BB BF`) at the start, else `0`.
  mutating func startAfterByteOrderMark() -> Int {
    byte(at: 0) == 0xEF && byte(at: 1) == 0xBB && byte(at: 2) == 0xBF ? 3 : 0
  }

  /// The offset of the first byte that is not white space (after a byte-order mark), or `nil` when
  /// the file holds nothing else.
  mutating func firstNonWhiteSpace() -> Int? {
    var offset = startAfterByteOrderMark()
    while let byte = byte(at: offset) {
      guard
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
          || byte == UInt8(ascii: "\t")
      else { return offset }
      offset += 1
    }
    return nil
  }

  /// The whole file from `offset` on, when it ends within `limit` bytes of it; else `nil`. Only
  /// for a window nothing has been released from.
  mutating func rest(from offset: Int, limit: Int = .max) -> [UInt8]? {
    guard limit == .max ? !fill(through: .max) : byte(at: offset + limit) == nil else { return nil }
    return Array(buffer[(offset - base)...])
  }

  /// The file's first `count` bytes, or all of it when it is shorter. Only for a window nothing
  /// has been released from.
  mutating func prefix(_ count: Int) -> [UInt8] {
    _ = fill(through: count - 1)
    return Array(buffer.prefix(count))
  }

  /// Lets go of the bytes before `offset`: they are not read again.
  mutating func release(before offset: Int) {
    let count = min(offset - base, buffer.count)
    // Dropping moves the rest of the buffer, so it waits until there is a chunk's worth to drop.
    guard count >= ByteWindow.chunkSize, readChunk != nil else { return }
    buffer.removeFirst(count)
    base += count
  }

  /// Reads and lets go of every byte before `offset`, a chunk at a time, so that passing over a
  /// part of the file holds no more of it than reading it does; `false` when the file ends first.
  mutating func skip(to offset: Int) -> Bool {
    guard readChunk != nil else { return offset <= buffer.count }
    while offset - base > buffer.count {
      base += buffer.count
      buffer.removeAll(keepingCapacity: true)
      guard fill(through: base) else { return false }
    }
    return true
  }

  /// Reads chunks until the byte at `offset` is held; `false` when the file ends before it.
  private mutating func fill(through offset: Int) -> Bool {
    while offset - base >= buffer.count {
      guard !isAtEnd, let readChunk else { return false }
      let chunk = readChunk()
      if chunk.isEmpty {
        isAtEnd = true
        return false
      }
      buffer.append(contentsOf: chunk)
    }
    return true
  }
}
