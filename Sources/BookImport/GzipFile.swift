import CZlib
import Foundation

/// A gzip file's bytes, inflated a chunk at a time (``next()``), so that an import reads a
/// compressed dump of any size in bounded memory: Open Library publishes its dumps as
/// `ol_dump_editions_*.txt.gz`. Members written one after another (`cat a.gz b.gz`, parallel
/// compressors) are read one after another, as `gunzip` reads them.
final class GzipFile {
  /// The first two bytes of every gzip file.
  static let magic: [UInt8] = [0x1F, 0x8B]
  /// Compressed bytes read from the file at a time.
  private static let inputSize = 256 << 10

  private let handle: FileHandle
  private let stream: UnsafeMutablePointer<z_stream>
  private let input: UnsafeMutablePointer<UInt8>
  /// `true` once a member has ended and before the next begins.
  private var betweenMembers = false
  /// Compressed bytes read from the file so far: how far into the file the import is.
  private(set) var compressedBytesRead = 0

  /// Inflates the file `handle` reads, from its current position.
  /// - Throws: ``ImportError`` when zlib cannot start.
  init(reading handle: FileHandle) throws(ImportError) {
    self.handle = handle
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    input = .allocate(capacity: Self.inputSize)
    guard czlib_inflate_init_gzip(stream) == Z_OK else {
      stream.deallocate()
      input.deallocate()
      throw ImportError(message: "zlib could not start inflating the file")
    }
  }

  deinit {
    inflateEnd(stream)
    stream.deallocate()
    input.deallocate()
  }

  /// `true` when `bytes` begin as a gzip file does.
  static func isGzip(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.starts(with: magic)
  }

  /// The next inflated chunk, of at most ``ByteWindow/chunkSize`` bytes; empty at the end.
  /// - Throws: ``ImportError`` when the bytes are not gzip data or end before its last member
  ///   does (a file cut short), and the file's read error when it cannot be read.
  func next() throws -> [UInt8] {
    var output = [UInt8](repeating: 0, count: ByteWindow.chunkSize)
    var produced = 0
    while produced < output.count {
      if stream.pointee.avail_in == 0 {
        let data = try handle.read(upToCount: Self.inputSize) ?? Data()
        guard !data.isEmpty else {
          // What a file cut short holds is read before its end is an error.
          guard betweenMembers || produced > 0 else {
            throw ImportError(message: "the gzip data ends early: the file was cut short")
          }
          break
        }
        data.copyBytes(to: input, count: data.count)
        stream.pointee.next_in = input
        stream.pointee.avail_in = uInt(data.count)
        compressedBytesRead += data.count
      }
      if betweenMembers {
        inflateReset(stream)
        betweenMembers = false
      }
      let status = output.withUnsafeMutableBufferPointer { buffer in
        stream.pointee.next_out = buffer.baseAddress! + produced
        stream.pointee.avail_out = uInt(buffer.count - produced)
        defer { produced = buffer.count - Int(stream.pointee.avail_out) }
        return inflate(stream, Z_NO_FLUSH)
      }
      switch status {
      case Z_OK, Z_BUF_ERROR: continue  // more input to read, or the output is full
      case Z_STREAM_END: betweenMembers = true
      default:
        let reason = stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
        throw ImportError(message: "the file is not valid gzip data (\(reason))")
      }
    }
    output.removeLast(output.count - produced)
    return output
  }
}
