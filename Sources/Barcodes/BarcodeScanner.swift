import CZbar
import Imaging

/// Finds EAN-13 barcodes (the barcodes on books: an ISBN-13, or an ISBN-10 printed as 978…) in
/// a grayscale image, with zbar.
public enum BarcodeScanner {
  /// zbar's name for 8-bit grayscale images, `Y800` as a four-character code.
  private static let grayFormat: UInt = 0x3030_3859

  /// The EAN-13 codes in `image`, 13 digits each, in the order zbar finds them, without repeats.
  ///
  /// zbar reads single rows and columns, so a photo's grain can break every line across the bars;
  /// when the image as it is holds no code, a copy smoothed over 3 × 3 pixels is read too. Each
  /// read covers every row and column once: the cost grows with the image's size, which
  /// ``GrayImage/maximumPixels`` bounds.
  public static func ean13(in image: GrayImage) -> [String] {
    let codes = scan(image)
    return codes.isEmpty ? scan(smoothed(image)) : codes
  }

  /// Each pixel the mean of the 3 × 3 pixels around it (fewer at the edges).
  static func smoothed(_ image: GrayImage) -> GrayImage {
    let (width, height) = (image.width, image.height)
    // Sums of three pixels along each row, at most 765: two bytes each, not eight.
    var rows = [UInt16](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        rows[y * width + x] = (max(x - 1, 0)...min(x + 1, width - 1)).reduce(0) { $0 + UInt16(image[$1, y]) }
      }
    }
    var pixels = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
      let span = max(y - 1, 0)...min(y + 1, height - 1)
      for x in 0..<width {
        let columns = min(x + 1, width - 1) - max(x - 1, 0) + 1
        pixels[y * width + x] = UInt8(
          span.reduce(0) { $0 + Int(rows[$1 * width + x]) } / (columns * span.count))
      }
    }
    // The same size as a valid image: this cannot fail.
    return (try? GrayImage(width: width, height: height, pixels: pixels)) ?? image
  }

  private static func scan(_ image: GrayImage) -> [String] {
    guard let scanner = zbar_image_scanner_create() else { return [] }
    defer { zbar_image_scanner_destroy(scanner) }
    zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
    zbar_image_scanner_set_config(scanner, ZBAR_EAN13, ZBAR_CFG_ENABLE, 1)
    guard let zbarImage = zbar_image_create() else { return [] }
    defer { zbar_image_destroy(zbarImage) }
    zbar_image_set_format(zbarImage, grayFormat)
    zbar_image_set_size(zbarImage, UInt32(image.width), UInt32(image.height))
    var codes: [String] = []
    image.pixels.withUnsafeBufferPointer { pixels in
      zbar_image_set_data(zbarImage, pixels.baseAddress, UInt(pixels.count), nil)
      guard zbar_scan_image(scanner, zbarImage) > 0 else { return }
      var symbol = zbar_image_first_symbol(zbarImage)
      while let current = symbol {
        if zbar_symbol_get_type(current) == ZBAR_EAN13, let data = zbar_symbol_get_data(current) {
          let text = String(cString: data)
          if !codes.contains(text) { codes.append(text) }
        }
        symbol = zbar_symbol_next(current)
      }
      // zbar must not keep a pointer to pixels it does not own.
      zbar_image_set_data(zbarImage, nil, 0, nil)
    }
    return codes
  }
}
