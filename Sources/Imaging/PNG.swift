import CZlib

/// PNG files (ISO/IEC 15948): read as grayscale for barcode scanning, written for the app's icons.
///
/// Every color type and bit depth is read (grayscale 1–16 bits, palette, RGB, with alpha), Adam7
/// interlacing included; alpha is composited on white, as a page shows it. Chunk checksums are
/// checked, and the image data must inflate to exactly the size the header gives, so a file cannot
/// claim a small image and expand to a large one. Ancillary chunks are skipped.
public enum PNG {
  /// The eight bytes every PNG file starts with.
  static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

  // MARK: - Reading

  /// Reads a PNG file as grayscale, of at most `limit` pixels (``GrayImage/maximumPixels`` unless
  /// told): the size is checked before any pixel is decoded.
  /// - Throws: ``ImageError``.
  public static func decode(_ bytes: [UInt8], limit: Int = GrayImage.maximumPixels) throws(ImageError)
    -> GrayImage
  {
    guard bytes.starts(with: signature) else { throw .unknownFormat }
    let file = try PNGChunks(bytes, limit: limit)
    let header = file.header
    let raw = try inflate(file.data, size: header.rawSize)
    var pixels = [UInt8](repeating: 255, count: header.width * header.height)
    var offset = 0
    for pass in header.passes {
      let rows = try PNGFilter.unfilter(
        raw, from: offset, rows: pass.rows, rowBytes: header.rowBytes(pass.columns),
        stride: header.filterStride)
      offset += pass.rows * (1 + header.rowBytes(pass.columns))
      for row in 0..<pass.rows {
        let y = pass.y0 + row * pass.dy
        for column in 0..<pass.columns {
          let x = pass.x0 + column * pass.dx
          pixels[y * header.width + x] = header.gray(of: column, in: rows[row], palette: file.palette)
        }
      }
    }
    return try GrayImage(width: header.width, height: header.height, pixels: pixels)
  }

  /// The most deflate expands data: 258 bytes from every 2 bits, about 1,032 times, plus zlib's
  /// few bytes of header and checksum.
  static let maximumExpansion = 1_032

  /// zlib data inflated to exactly `size` bytes. Data too short to inflate to `size` is refused
  /// before the output is allocated, so a small file cannot claim a large image.
  private static func inflate(_ data: [UInt8], size: Int) throws(ImageError) -> [UInt8] {
    guard size / maximumExpansion <= data.count else {
      throw .invalid("\(data.count) bytes of image data cannot hold \(size) bytes of pixels")
    }
    var output = [UInt8](repeating: 0, count: size)
    var length = uLongf(size)
    let status = output.withUnsafeMutableBufferPointer { out in
      data.withUnsafeBufferPointer { input in
        uncompress(out.baseAddress, &length, input.baseAddress, uLong(input.count))
      }
    }
    guard status == Z_OK, Int(length) == size else {
      throw .invalid(
        status == Z_BUF_ERROR ? "more image data than its size" : "image data that does not inflate")
    }
    return output
  }

  // MARK: - Writing

  /// A PNG file of 8-bit RGBA pixels (`width × height × 4` bytes, row by row).
  public static func encode(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
    precondition(width > 0 && height > 0 && rgba.count == width * height * 4, "RGBA pixels for the size")
    return encode(width: width, height: height, colorType: 6, bytesPerPixel: 4, pixels: rgba)
  }

  /// A PNG file of a grayscale image.
  public static func encode(_ image: GrayImage) -> [UInt8] {
    encode(width: image.width, height: image.height, colorType: 0, bytesPerPixel: 1, pixels: image.pixels)
  }

  private static func encode(width: Int, height: Int, colorType: UInt8, bytesPerPixel: Int, pixels: [UInt8])
    -> [UInt8]
  {
    let rowBytes = width * bytesPerPixel
    var raw = [UInt8]()
    raw.reserveCapacity(height * (rowBytes + 1))
    for row in 0..<height {
      raw.append(0)  // filter type None
      raw.append(contentsOf: pixels[row * rowBytes..<(row + 1) * rowBytes])
    }
    var header = [UInt8]()
    header.appendBigEndian(UInt32(width))
    header.appendBigEndian(UInt32(height))
    header.append(contentsOf: [8, colorType, 0, 0, 0])
    var file = signature
    file.appendChunk("IHDR", header)
    file.appendChunk("IDAT", deflate(raw))
    file.appendChunk("IEND", [])
    return file
  }

  private static func deflate(_ data: [UInt8]) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: Int(compressBound(uLong(data.count))))
    var length = uLongf(output.count)
    let status = output.withUnsafeMutableBufferPointer { out in
      data.withUnsafeBufferPointer { input in
        compress2(out.baseAddress, &length, input.baseAddress, uLong(input.count), 9)
      }
    }
    precondition(status == Z_OK, "zlib compress2 failed: \(status)")
    return Array(output.prefix(Int(length)))
  }

  /// The CRC-32 PNG chunks carry, over `bytes`.
  static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    UInt32(bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
  }
}

extension [UInt8] {
  mutating func appendBigEndian(_ value: UInt32) {
    append(contentsOf: [
      UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
    ])
  }

  /// Appends a chunk: its length, type, data and checksum.
  mutating func appendChunk(_ type: String, _ data: [UInt8]) {
    appendBigEndian(UInt32(data.count))
    let start = count
    append(contentsOf: Array(type.utf8))
    append(contentsOf: data)
    appendBigEndian(PNG.crc(self[start...]))
  }
}
