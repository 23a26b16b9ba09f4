import Foundation
import Testing

@testable import Imaging

@Suite("PNG")
struct PNGTests {
  @Test(arguments: PNGCase.all)
  func everyColorTypeBitDepthFilterAndInterlaceReadsAsItsGray(_ png: PNGCase) throws {
    let image = try PNG.decode([UInt8](try #require(Data(base64Encoded: png.base64))))
    #expect(image.width == 5 && image.height == 6)
    #expect(image.pixels == png.gray)
  }

  @Test func writtenImagesReadBack() throws {
    var random = SystemRandomNumberGenerator()
    let gray = try GrayImage(
      width: 37, height: 11, pixels: (0..<(37 * 11)).map { _ in UInt8.random(in: 0...255, using: &random) })
    #expect(try PNG.decode(PNG.encode(gray)) == gray)
    let rgba: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 0, 10, 20, 30, 128]
    let read = try PNG.decode(PNG.encode(width: 2, height: 2, rgba: rgba))
    #expect(read.pixels == [76, 150, 255, 136], "red, green, transparent (white), half-transparent dark")
    #expect(try ImageFile.grayImage(from: Data(PNG.encode(gray))) == gray)
  }

  @Test func brokenFilesAreRefusedWithTheReason() throws {
    let good = PNG.encode(try GrayImage(width: 4, height: 4, pixels: Array(repeating: 9, count: 16)))
    var badChecksum = good
    badChecksum[20] ^= 1  // inside IHDR
    #expect(throws: ImageError.invalid("the IHDR chunk's checksum is wrong")) { try PNG.decode(badChecksum) }
    #expect(throws: ImageError.invalid("the PNG is cut short")) { try PNG.decode(Array(good.prefix(40))) }
    #expect(throws: ImageError.unknownFormat) { try ImageFile.grayImage(from: Data("GIF89a".utf8)) }

    // A header that claims 1 × 1 pixel over data of a larger image: refused, not read past.
    var small = good
    small.replaceSubrange(16..<24, with: [0, 0, 0, 1, 0, 0, 0, 1])
    let crc = PNG.crc(small[12..<29])
    small.replaceSubrange(
      29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
    #expect(throws: ImageError.invalid("more image data than its size")) { try PNG.decode(small) }
  }

  /// A PNG file whose header says `width` × `height` with `bitDepth` and `colorType`, holding
  /// `data` as its image data (none when empty).
  func pngFile(width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8, data: [UInt8] = [])
    -> [UInt8]
  {
    var header: [UInt8] = []
    header.appendBigEndian(width)
    header.appendBigEndian(height)
    header += [bitDepth, colorType, 0, 0, 0]
    var file = PNG.signature
    file.appendChunk("IHDR", header)
    if !data.isEmpty { file.appendChunk("IDAT", data) }
    file.appendChunk("IEND", [])
    return file
  }

  @Test func anImageTooLargeIsRefusedBeforeAnyPixelIsKept() {
    let file = pngFile(width: 100_000, height: 100_000, bitDepth: 8, colorType: 0)
    #expect(throws: ImageError.tooLarge(width: 100_000, height: 100_000, limit: GrayImage.maximumPixels)) {
      try PNG.decode(file)
    }
  }

  @Test func aReaderTakesNoMorePixelsThanItsLimit() throws {
    let image = try GrayImage(width: 30, height: 20, pixels: [UInt8](repeating: 9, count: 600))
    let file = PNG.encode(image)
    #expect(try PNG.decode(file, limit: 600) == image)
    #expect(throws: ImageError.tooLarge(width: 30, height: 20, limit: 599)) {
      try PNG.decode(file, limit: 599)
    }
    let pgm = Data("P5 30 20 255\n".utf8) + Data(image.pixels)
    #expect(try ImageFile.grayImage(from: pgm, limit: 600) == image)
    #expect(throws: ImageError.tooLarge(width: 30, height: 20, limit: 599)) {
      try ImageFile.grayImage(from: pgm, limit: 599)
    }
    #expect(
      ImageError.tooLarge(width: 3000, height: 2000, limit: 4_194_304).description
        == "the image is 3000 × 2000 pixels; at most 4.2 million are read")
  }

  @Test func imageDataTooShortForItsSizeIsRefusedBeforeItIsInflated() {
    // 16-bit RGBA, 4,000 × 4,000: 128 MB of pixels claimed by a few bytes of data.
    let file = pngFile(
      width: 4_000, height: 4_000, bitDepth: 16, colorType: 6,
      data: [0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
    #expect(throws: ImageError.invalid("8 bytes of image data cannot hold 128004000 bytes of pixels")) {
      try PNG.decode(file)
    }
  }
}

@Suite("PGM")
struct PGMTests {
  @Test func binaryAndPlainFilesWithCommentsAndWideSamples() throws {
    let binary = Data("P5\n# a comment\n3 2\n255\n".utf8) + Data([0, 128, 255, 1, 2, 3])
    #expect(try ImageFile.grayImage(from: binary).pixels == [0, 128, 255, 1, 2, 3])
    let plain = Data("P2 2 2 15 0 15\n# half\n 7 8".utf8)
    #expect(try ImageFile.grayImage(from: plain).pixels == [0, 255, 119, 136])
    let wide = Data("P5 2 1 65535\n".utf8) + Data([0xFF, 0xFF, 0x80, 0x00])
    #expect(try ImageFile.grayImage(from: wide).pixels == [255, 127])
    #expect(throws: ImageError.self) {
      try ImageFile.grayImage(from: Data("P5 4 4 255\n".utf8) + Data([1, 2]))
    }
    #expect(throws: ImageError.self) { try ImageFile.grayImage(from: Data("P5 0 4 255\n".utf8)) }
  }
}
