import Foundation

/// What a JPEG or PNG file says of itself before its pixels: its kind and size, read from its
/// header (a JPEG's start-of-frame, a PNG's `IHDR`) without decoding it. A cover photo is checked
/// this way before it is stored; the browser decodes it.
public struct PictureHeader: Equatable, Sendable {
  /// The two kinds of picture read.
  public enum Kind: String, Sendable {
    case jpeg, png

    /// The media type of the kind.
    public var mediaType: String { "image/\(rawValue)" }
  }

  /// The picture's kind.
  public let kind: Kind
  /// Its width in pixels.
  public let width: Int
  /// Its height in pixels.
  public let height: Int

  /// The header of the picture in `data`.
  /// - Throws: ``ImageError/unknownFormat`` for neither a JPEG nor a PNG, ``ImageError/invalid(_:)``
  ///   for one whose header is cut short or names no size.
  public init(of data: Data) throws(ImageError) {
    let bytes = [UInt8](data.prefix(Self.headerLimit))
    if bytes.starts(with: PNG.signature) {
      // The signature, then the IHDR chunk: length, type, width, height (big-endian).
      guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else {
        throw .invalid("a PNG without its IHDR")
      }
      self.init(
        kind: .png, width: Self.bigEndian(bytes, at: 16, count: 4),
        height: Self.bigEndian(bytes, at: 20, count: 4))
    } else if bytes.starts(with: [0xFF, 0xD8]) {
      self = try Self.jpeg(bytes)
    } else {
      throw .unknownFormat
    }
    guard width > 0, height > 0 else { throw .invalid("a picture of no pixels") }
  }

  private init(kind: Kind, width: Int, height: Int) {
    (self.kind, self.width, self.height) = (kind, width, height)
  }

  /// A JPEG's size, from the first start-of-frame marker (`FFC0`–`FFCF` but `C4`, `C8`, `CC`).
  private static func jpeg(_ bytes: [UInt8]) throws(ImageError) -> PictureHeader {
    var position = 2
    while position + 4 <= bytes.count {
      guard bytes[position] == 0xFF else { throw .invalid("a JPEG marker is missing") }
      let marker = bytes[position + 1]
      if marker == 0xFF {
        position += 1  // fill byte
        continue
      }
      let length = bigEndian(bytes, at: position + 2, count: 2)
      if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
        guard position + 9 <= bytes.count else { break }
        return PictureHeader(
          kind: .jpeg, width: bigEndian(bytes, at: position + 7, count: 2),
          height: bigEndian(bytes, at: position + 5, count: 2))
      }
      guard length >= 2, marker != 0xDA else { break }  // the scan starts before any frame
      position += 2 + length
    }
    throw .invalid("a JPEG whose size comes after its first \(headerLimit / 1024) KiB, or never")
  }

  /// How far into a file its size is looked for: past a camera's EXIF block and thumbnail.
  static let headerLimit = 256 * 1024

  private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
    bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
  }
}
