/// Netpbm's grayscale format: `P5` (binary) or `P2` (plain text), with a maximum value up to 65535
/// (scaled to 0...255).
public enum PGM {
  /// Reads a PGM file of at most `limit` pixels (``GrayImage/maximumPixels`` unless told).
  /// - Throws: ``ImageError``.
  public static func decode(_ bytes: [UInt8], limit: Int = GrayImage.maximumPixels) throws(ImageError)
    -> GrayImage
  {
    var reader = Reader(bytes: bytes)
    let magic = reader.token()
    guard magic == "P5" || magic == "P2" else { throw .unknownFormat }
    guard let width = reader.number(), let height = reader.number(), let maxValue = reader.number(),
      (1...65535).contains(maxValue)
    else { throw .invalid("a PGM header needs a width, a height and a maximum value of 1 to 65535") }
    try GrayImage.check(width: width, height: height, limit: limit)
    let count = width * height
    var pixels = [UInt8](repeating: 0, count: count)
    func scaled(_ value: Int) -> UInt8 { UInt8(min(value, maxValue) * 255 / maxValue) }
    if magic == "P2" {
      for index in 0..<count {
        guard let value = reader.number() else { throw .invalid("the PGM holds fewer than \(count) pixels") }
        pixels[index] = scaled(value)
      }
    } else {
      let start = reader.position + 1  // one whitespace byte after the maximum value
      let size = maxValue > 255 ? 2 : 1
      guard bytes.count >= start + count * size else { throw .invalid("the PGM is cut short") }
      for index in 0..<count {
        let offset = start + index * size
        let value = size == 1 ? Int(bytes[offset]) : Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        pixels[index] = scaled(value)
      }
    }
    return try GrayImage(width: width, height: height, pixels: pixels)
  }

  /// Whitespace-separated header tokens, `#` comments skipped.
  private struct Reader {
    let bytes: [UInt8]
    var position = 0

    mutating func token() -> String? {
      while position < bytes.count {
        if bytes[position] == UInt8(ascii: "#") {
          while position < bytes.count, bytes[position] != 10, bytes[position] != 13 { position += 1 }
        } else if isSpace(bytes[position]) {
          position += 1
        } else {
          break
        }
      }
      let start = position
      while position < bytes.count, !isSpace(bytes[position]), bytes[position] != UInt8(ascii: "#") {
        position += 1
      }
      guard position > start, position - start <= 12 else { return nil }
      return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    mutating func number() -> Int? { token().flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil } }

    private func isSpace(_ byte: UInt8) -> Bool { byte == 32 || (9...13).contains(byte) }
  }
}
