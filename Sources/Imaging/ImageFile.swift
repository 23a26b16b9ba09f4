import Foundation

/// Reads the image formats a barcode scan starts from, told by their first bytes.
public enum ImageFile {
  /// The image in `data`, a PNG or a PGM file, as grayscale, of at most `limit` pixels
  /// (``GrayImage/maximumPixels`` unless told).
  /// - Throws: ``ImageError``.
  public static func grayImage(from data: Data, limit: Int = GrayImage.maximumPixels) throws(ImageError)
    -> GrayImage
  {
    let bytes = [UInt8](data)
    if bytes.starts(with: PNG.signature) { return try PNG.decode(bytes, limit: limit) }
    if bytes.count >= 2, bytes[0] == UInt8(ascii: "P"),
      bytes[1] == UInt8(ascii: "2") || bytes[1] == UInt8(ascii: "5")
    {
      return try PGM.decode(bytes, limit: limit)
    }
    throw .unknownFormat
  }
}
