import CZlib
import Foundation
import HTTPTransport

/// gzip content coding: which bodies are worth compressing, which clients accept it, and zlib.
///
/// ``GzipMiddleware`` compresses dynamic responses; ``StaticFiles`` compresses each file once, with
/// the same rules.
enum Gzip {
  /// Bodies of this many bytes or fewer are sent as they are.
  static let minimumSize = 1024

  // MARK: - Rules

  /// `true` for a body above ``minimumSize`` of a type that compresses (text, JSON, JavaScript, SVG,
  /// XML): the client gets it compressed if it accepts gzip.
  static func isWorthCompressing(size: Int, contentType: String?) -> Bool {
    size > minimumSize && isCompressible(contentType)
  }

  /// The gzip form of `data` when it is worth compressing and compressing makes it smaller.
  static func compressedIfWorthIt(_ data: Data, contentType: String?, level: Int32 = 6) -> Data? {
    guard isWorthCompressing(size: data.count, contentType: contentType) else { return nil }
    guard let compressed = compress(data, level: level), compressed.count < data.count else { return nil }
    return compressed
  }

  /// `true` for the media types that compress well; never for event streams.
  private static func isCompressible(_ contentType: String?) -> Bool {
    guard let contentType else { return false }
    let type = HTTPHeaders.firstItem(of: contentType, separatedBy: UInt8(ascii: ";")) ?? ""
    if type == "text/event-stream" { return false }
    return type.hasPrefix("text/") || type.hasSuffix("json") || type.hasSuffix("javascript")
      || type.hasSuffix("xml")
  }

  /// `true` when `request`'s `Accept-Encoding` accepts gzip (by name or `*`, with a q-value above 0).
  static func isAccepted(by request: HTTPRequest) -> Bool {
    guard let header = request.headers["Accept-Encoding"] else { return false }
    var gzip: Double?
    var any: Double?
    for item in HTTPHeaders.items(of: header) {
      let parts = item.split(separator: ";")
      guard let coding = parts.first else { continue }
      var quality = 1.0
      for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
        quality = Double(parameter.dropFirst(2)) ?? 0
      }
      if coding == "gzip" || coding == "x-gzip" {
        gzip = quality
      } else if coding == "*" {
        any = quality
      }
    }
    return (gzip ?? any ?? 0) > 0
  }

  // MARK: - zlib

  /// `data` in the gzip format (RFC 1952), or `nil` if zlib fails.
  static func compress(_ data: Data, level: Int32) -> Data? {
    var stream = z_stream()
    guard czlib_deflate_init_gzip(&stream, level) == Z_OK else { return nil }
    defer { deflateEnd(&stream) }
    var output = Data(count: Int(deflateBound(&stream, uLong(data.count))))
    let status = data.withUnsafeBytes { input in
      output.withUnsafeMutableBytes { buffer in
        stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
        stream.avail_in = uInt(input.count)
        stream.next_out = buffer.bindMemory(to: Bytef.self).baseAddress
        stream.avail_out = uInt(buffer.count)
        return deflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END else { return nil }
    output.count = Int(stream.total_out)
    return output
  }
}
