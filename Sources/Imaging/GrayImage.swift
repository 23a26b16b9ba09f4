/// An 8-bit grayscale image: what a barcode decoder reads. Row by row, top to bottom, one byte per
/// pixel, 0 black to 255 white.
public struct GrayImage: Equatable, Sendable {
  /// Pixels per row.
  public let width: Int
  /// Rows.
  public let height: Int
  /// `width × height` bytes, row by row.
  public let pixels: [UInt8]

  /// The most pixels an image may have: 40 million, a 7,000 × 5,700 photograph (40 MB here).
  public static let maximumPixels = 40_000_000

  /// An image of `pixels`, which must hold `width × height` bytes.
  /// - Throws: ``ImageError/tooLarge(width:height:limit:)`` beyond ``maximumPixels``,
  ///   ``ImageError/invalid(_:)`` for a size that is not positive or does not match `pixels`.
  public init(width: Int, height: Int, pixels: [UInt8]) throws(ImageError) {
    try GrayImage.check(width: width, height: height)
    guard pixels.count == width * height else {
      throw .invalid("\(pixels.count) pixels for a \(width) × \(height) image")
    }
    (self.width, self.height, self.pixels) = (width, height, pixels)
  }

  /// Checks that an image of this size may be made, with at most `limit` pixels, before any memory
  /// is given to it.
  static func check(width: Int, height: Int, limit: Int = maximumPixels) throws(ImageError) {
    guard width > 0, height > 0 else { throw .invalid("an image of \(width) × \(height) pixels") }
    guard width <= limit / height else { throw .tooLarge(width: width, height: height, limit: limit) }
  }

  /// The pixel at column `x`, row `y`.
  public subscript(x: Int, y: Int) -> UInt8 { pixels[y * width + x] }
}
