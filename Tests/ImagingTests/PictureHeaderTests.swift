import Foundation
import Imaging
import Testing

@Suite("Picture headers: a JPEG's or PNG's kind and size without decoding it")
struct PictureHeaderTests {
  /// A JPEG's first segments: SOI, an APP0 (JFIF) segment, an APP1 segment of `exif` bytes, and the
  /// baseline start-of-frame of a `width` × `height` picture.
  static func jpeg(width: Int, height: Int, exif: Int = 0, frame: UInt8 = 0xC0) -> Data {
    var bytes: [UInt8] =
      [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
    if exif > 0 {
      bytes +=
        [0xFF, 0xE1, UInt8((exif + 2) >> 8), UInt8((exif + 2) & 0xFF)] + [UInt8](repeating: 0x45, count: exif)
    }
    bytes += [
      0xFF, frame, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8),
      UInt8(width & 0xFF), 0x03,
    ]
    bytes += [UInt8](repeating: 0, count: 9) + [0xFF, 0xD9]
    return Data(bytes)
  }

  @Test func readsTheSizeOfAJPEGPastItsOtherSegmentsAndOfAPNG() throws {
    let baseline = try PictureHeader(of: Self.jpeg(width: 800, height: 1_200))
    #expect(baseline.kind == .jpeg && baseline.width == 800 && baseline.height == 1_200)
    let progressive = try PictureHeader(of: Self.jpeg(width: 640, height: 480, exif: 30_000, frame: 0xC2))
    #expect(progressive.kind == .jpeg && progressive.width == 640 && progressive.height == 480)
    #expect(progressive.kind.mediaType == "image/jpeg")
    let png = try GrayImage(width: 3, height: 5, pixels: [UInt8](repeating: 9, count: 15))
    let header = try PictureHeader(of: Data(PNG.encode(png)))
    #expect(
      header.kind == .png && header.width == 3 && header.height == 5 && header.kind.mediaType == "image/png")
  }

  @Test func refusesOtherFilesAndHeadersCutShort() {
    #expect(throws: ImageError.unknownFormat) { try PictureHeader(of: Data("GIF89a".utf8)) }
    #expect(throws: ImageError.unknownFormat) { try PictureHeader(of: Data()) }
    let jpeg = Self.jpeg(width: 10, height: 10)
    for cut in [4, 12, 20, 24] {
      #expect(throws: ImageError.self, "\(cut) bytes") { try PictureHeader(of: jpeg.prefix(cut)) }
    }
    #expect(throws: ImageError.self) { try PictureHeader(of: Self.jpeg(width: 0, height: 10)) }
    #expect(throws: ImageError.self) { try PictureHeader(of: Data([137, 80, 78, 71, 13, 10, 26, 10])) }
  }
}
