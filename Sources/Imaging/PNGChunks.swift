/// The chunks of a PNG file that matter to its pixels: the header, the palette (with its
/// transparency) and the image data, every chunk's checksum checked.
struct PNGChunks {
  let header: PNGHeader
  /// RGBA of each palette entry, for palette images.
  let palette: [(UInt8, UInt8, UInt8, UInt8)]
  /// The image data: every IDAT chunk, in order.
  let data: [UInt8]

  /// The chunks of the file `bytes`, whose image may have at most `limit` pixels.
  init(_ bytes: [UInt8], limit: Int) throws(ImageError) {
    var position = PNG.signature.count
    var header: PNGHeader?
    var colors: [(UInt8, UInt8, UInt8)] = []
    var alphas: [UInt8] = []
    var data: [UInt8] = []
    var ended = false
    while !ended {
      guard bytes.count - position >= 12 else { throw .invalid("the PNG is cut short") }
      let length = Int(bytes.bigEndian(at: position))
      guard length <= Int(Int32.max), bytes.count - position - 12 >= length else {
        throw .invalid("a chunk runs past the end of the file")
      }
      let type = String(decoding: bytes[position + 4..<position + 8], as: UTF8.self)
      let body = Array(bytes[position + 8..<position + 8 + length])
      guard PNG.crc(bytes[position + 4..<position + 8 + length]) == bytes.bigEndian(at: position + 8 + length)
      else {
        throw .invalid("the \(type) chunk's checksum is wrong")
      }
      position += 12 + length
      if header == nil, type != "IHDR" { throw .invalid("the first chunk is \(type), not IHDR") }
      switch type {
      case "IHDR": header = try PNGHeader(body, limit: limit)
      case "PLTE":
        guard length % 3 == 0, length / 3 <= 256 else { throw .invalid("a palette of \(length) bytes") }
        colors = stride(from: 0, to: length, by: 3).map { (body[$0], body[$0 + 1], body[$0 + 2]) }
      case "tRNS": alphas = body
      case "IDAT":
        guard data.count + length <= 1 << 30 else { throw .invalid("more than 1 GB of image data") }
        data += body
      case "IEND": ended = true
      default: break  // ancillary chunks: text, gamma, physical size…
      }
    }
    guard let header else { throw .invalid("no IHDR chunk") }
    if header.colorType == 3 && colors.isEmpty { throw .invalid("a palette image without a palette") }
    self.header = header
    self.palette = colors.enumerated().map { index, color in
      (color.0, color.1, color.2, index < alphas.count ? alphas[index] : 255)
    }
    self.data = data
  }
}

extension [UInt8] {
  /// The big-endian 32-bit number at `offset`.
  func bigEndian(at offset: Int) -> UInt32 {
    UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8
      | UInt32(self[offset + 3])
  }
}
