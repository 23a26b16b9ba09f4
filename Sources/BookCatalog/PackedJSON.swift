import CZlib
import Foundation

/// How the catalog stores a book's JSON in the `book` column: a byte ``marker``, then the JSON
/// deflated (RFC 1951, no header) against a preset ``dictionary`` of what books' JSON repeats —
/// its keys in the order ``Catalog/encode(_:)`` writes them, Kakao's and Open Library's address
/// prefixes. Each row is packed alone, so a book is read without its neighbours; the dictionary
/// is what a row would otherwise have to spell out. A generated book's 318 bytes of JSON take
/// about 125 (a third of the catalog's file at a million books, before).
///
/// A row written before books were packed holds the JSON as it is, which starts with `{`:
/// ``unpack(_:)`` reads both.
enum PackedJSON {
  /// The first byte of a packed row: the version of the dictionary it was packed against. The
  /// dictionary of a marker never changes (rows packed with it would no longer read): a better
  /// one takes a new marker, and ``unpack(_:)`` keeps reading the old.
  static let marker: UInt8 = 1

  /// The preset dictionary of ``marker``; deflate finds its matches best toward the end.
  static let dictionary = Array(
    (#"https:\/\/covers.openlibrary.org\/b\/id\/-M.jpg"# + #"https:\/\/openlibrary.org\/works\/OL"#
      + #"https:\/\/openlibrary.org\/books\/OL"# + #"&q="# + #"%3Ftimestamp%3D20"#
      + #"{"authors":["","contents":"","datetime":"-01-01T00:00:00.000+09:00","isbn":"","price":0,"#
      + #""publisher":"","sale_price":-1,"status":"정상판매","#
      + #""thumbnail":"https:\/\/search1.kakaocdn.net\/thumb\/R120x174.q85\/?fname=http%3A%2F%2Ft1.daumcdn.net%2Flbook%2Fimage%2F"#
      + #"","title":"","translators":[],"url":"https:\/\/search.daum.net\/search?w=bookpage&bookId="#)
      .utf8)

  /// `json` packed.
  static func pack(_ json: String) -> Data {
    var stream = z_stream()
    // A 4 KiB window holds the dictionary and a book; smaller tables make a stream cheap to start.
    guard czlib_deflate_init_raw(&stream, Z_DEFAULT_COMPRESSION, 12, 6) == Z_OK else {
      fatalError("zlib could not start a deflate stream (out of memory)")
    }
    defer { deflateEnd(&stream) }
    dictionary.withUnsafeBufferPointer {
      _ = deflateSetDictionary(&stream, $0.baseAddress, uInt($0.count))
    }
    var input = Array(json.utf8)
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 1)
    output[0] = marker
    let written = input.withUnsafeMutableBufferPointer { input in
      output.withUnsafeMutableBufferPointer { output in
        stream.next_in = input.baseAddress
        stream.avail_in = uInt(input.count)
        stream.next_out = output.baseAddress! + 1
        stream.avail_out = uInt(output.count - 1)
        let status = deflate(&stream, Z_FINISH)
        precondition(status == Z_STREAM_END, "deflateBound is an upper bound")
        return 1 + Int(stream.total_out)
      }
    }
    return Data(output[..<written])
  }

  /// The JSON of a stored row, packed or as it was written before.
  /// - Throws: `DecodingError.dataCorrupted` when the row is neither.
  static func unpack(_ stored: Data) throws -> String {
    guard let first = stored.first, first == marker else {
      return String(decoding: stored, as: UTF8.self)
    }
    var stream = z_stream()
    guard czlib_inflate_init_raw(&stream) == Z_OK else {
      fatalError("zlib could not start an inflate stream (out of memory)")
    }
    defer { inflateEnd(&stream) }
    dictionary.withUnsafeBufferPointer {
      _ = inflateSetDictionary(&stream, $0.baseAddress, uInt($0.count))
    }
    var input = Array(stored.dropFirst())
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: max(1_024, input.count * 4))
    var status = Z_OK
    input.withUnsafeMutableBufferPointer { input in
      stream.next_in = input.baseAddress
      stream.avail_in = uInt(input.count)
      while status == Z_OK {
        status = chunk.withUnsafeMutableBufferPointer { chunk in
          stream.next_out = chunk.baseAddress
          stream.avail_out = uInt(chunk.count)
          let status = inflate(&stream, Z_NO_FLUSH)
          output += chunk[..<(chunk.count - Int(stream.avail_out))]
          return status
        }
      }
    }
    guard status == Z_STREAM_END, stream.avail_in == 0 else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: [], debugDescription: "a stored book's packed JSON is damaged"))
    }
    return String(decoding: output, as: UTF8.self)
  }
}
