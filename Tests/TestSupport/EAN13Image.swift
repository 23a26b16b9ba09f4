import Foundation
import Imaging

/// EAN-13 barcodes drawn as images, sharp and as a camera would see them (rotated, small, blurred,
/// low in contrast, noisy), for the scanner's tests and its decode-rate benchmark.
public enum EAN13Image {
  /// The ways a barcode is drawn.
  public enum Kind: String, CaseIterable, Sendable {
    case sharp, rotatedLeft, rotatedRight, scaled30, blurred, lowContrast, noisy
  }

  /// The check digit of 12 digits.
  public static func checkDigit(_ twelve: String) -> Int {
    let digits = twelve.compactMap(\.wholeNumberValue)
    let sum = digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
    return (10 - sum % 10) % 10
  }

  /// `code` (13 digits) drawn as `kind`; `seed` varies the noise.
  public static func image(_ code: String, kind: Kind, seed: UInt64 = 1) throws -> GrayImage {
    let sharp = try render(code)
    switch kind {
    case .sharp: return sharp
    case .rotatedLeft: return try rotate(sharp, degrees: -15)
    case .rotatedRight: return try rotate(sharp, degrees: 15)
    case .scaled30: return try scale(sharp, by: 0.3)
    case .blurred: return try blur(sharp, radius: 2)
    case .lowContrast: return try map(sharp) { 110 + Int($0) * 40 / 255 }
    case .noisy:
      var random = seed &* 0x9E37_79B9_7F4A_7C15 | 1
      return try map(sharp, position: true) { value, x, y in
        // Light falling off across the page, and sensor noise of about ±40.
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        let noise = Int(random % 81) - 40
        return Int(value) * (230 - x * 60 / max(sharp.width, 1)) / 255 + 15 + noise + y % 3
      }
    }
  }

  // MARK: - Drawing

  private static let left = [
    "0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111",
    "0111011", "0110111", "0001011",
  ]
  private static let parity = [
    "LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLG", "LGLGLG",
    "LGLGGL", "LGGLGL",
  ]

  /// The 95 modules of `code`: 1 is a bar.
  static func modules(_ code: String) -> [Bool] {
    let digits = code.compactMap(\.wholeNumberValue)
    precondition(digits.count == 13, "13 digits")
    func right(_ digit: Int) -> String { String(left[digit].map { $0 == "0" ? "1" : "0" }) }
    var pattern = "101"
    for (index, digit) in digits[1...6].enumerated() {
      let kind = Array(parity[digits[0]])[index]
      pattern += kind == "L" ? left[digit] : String(right(digit).reversed())
    }
    pattern += "01010"
    for digit in digits[7...12] { pattern += right(digit) }
    pattern += "101"
    return pattern.map { $0 == "1" }
  }

  /// Bars 4 pixels a module, 160 high, with 12 modules of quiet zone and a white margin.
  static func render(_ code: String) throws -> GrayImage {
    let modules = modules(code)
    let (module, quiet, height, margin) = (4, 12, 160, 20)
    let width = (modules.count + 2 * quiet) * module
    let total = (width, height + 2 * margin)
    var pixels = [UInt8](repeating: 255, count: total.0 * total.1)
    for (index, bar) in modules.enumerated() where bar {
      for y in margin..<(margin + height) {
        for x in 0..<module { pixels[y * total.0 + (quiet + index) * module + x] = 0 }
      }
    }
    return try GrayImage(width: total.0, height: total.1, pixels: pixels)
  }

  private static func rotate(_ image: GrayImage, degrees: Double) throws -> GrayImage {
    let angle = degrees * .pi / 180
    let (c, s) = (cos(angle), sin(angle))
    let (w, h) = (Double(image.width), Double(image.height))
    let width = Int(abs(w * c) + abs(h * s)) + 2
    let height = Int(abs(w * s) + abs(h * c)) + 2
    var pixels = [UInt8](repeating: 255, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        let (dx, dy) = (Double(x) - Double(width) / 2, Double(y) - Double(height) / 2)
        let sx = c * dx + s * dy + w / 2
        let sy = -s * dx + c * dy + h / 2
        pixels[y * width + x] = bilinear(image, sx, sy)
      }
    }
    return try GrayImage(width: width, height: height, pixels: pixels)
  }

  private static func bilinear(_ image: GrayImage, _ x: Double, _ y: Double) -> UInt8 {
    guard x >= 0, y >= 0, x < Double(image.width - 1), y < Double(image.height - 1) else { return 255 }
    let (x0, y0) = (Int(x), Int(y))
    let (fx, fy) = (x - Double(x0), y - Double(y0))
    let top = Double(image[x0, y0]) * (1 - fx) + Double(image[x0 + 1, y0]) * fx
    let bottom = Double(image[x0, y0 + 1]) * (1 - fx) + Double(image[x0 + 1, y0 + 1]) * fx
    return UInt8((top * (1 - fy) + bottom * fy).rounded())
  }

  /// Each pixel the average of the area it covers.
  private static func scale(_ image: GrayImage, by factor: Double) throws -> GrayImage {
    let width = Int(Double(image.width) * factor)
    let height = Int(Double(image.height) * factor)
    var pixels = [UInt8](repeating: 255, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        let (x0, x1) = (
          Int(Double(x) / factor), max(Int(Double(x + 1) / factor), Int(Double(x) / factor) + 1)
        )
        let (y0, y1) = (
          Int(Double(y) / factor), max(Int(Double(y + 1) / factor), Int(Double(y) / factor) + 1)
        )
        var sum = 0
        for sy in y0..<min(y1, image.height) {
          for sx in x0..<min(x1, image.width) { sum += Int(image[sx, sy]) }
        }
        pixels[y * width + x] = UInt8(
          sum / max((min(y1, image.height) - y0) * (min(x1, image.width) - x0), 1))
      }
    }
    return try GrayImage(width: width, height: height, pixels: pixels)
  }

  /// A box blur of `radius` pixels, across the bars.
  private static func blur(_ image: GrayImage, radius: Int) throws -> GrayImage {
    var pixels = image.pixels
    for y in 0..<image.height {
      for x in 0..<image.width {
        let range = max(0, x - radius)...min(image.width - 1, x + radius)
        pixels[y * image.width + x] = UInt8(range.reduce(0) { $0 + Int(image[$1, y]) } / range.count)
      }
    }
    return try GrayImage(width: image.width, height: image.height, pixels: pixels)
  }

  private static func map(_ image: GrayImage, _ transform: (UInt8) -> Int) throws -> GrayImage {
    try map(image, position: false) { value, _, _ in transform(value) }
  }

  private static func map(_ image: GrayImage, position: Bool, _ transform: (UInt8, Int, Int) -> Int) throws
    -> GrayImage
  {
    var pixels = image.pixels
    for y in 0..<image.height {
      for x in 0..<image.width {
        pixels[y * image.width + x] = UInt8(clamping: transform(image[x, y], x, y))
      }
    }
    return try GrayImage(width: image.width, height: image.height, pixels: pixels)
  }
}
