/// Why an image file could not be read.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Not a file of a format read here (PNG, PGM).
  case unknownFormat
  /// A file of the format that breaks its rules: cut short, a bad checksum, an impossible header.
  case invalid(String)
  /// More pixels than the reader takes (`limit`, at most ``GrayImage/maximumPixels``).
  case tooLarge(width: Int, height: Int, limit: Int)

  public var description: String {
    switch self {
    case .unknownFormat: "not a PNG or PGM image"
    case .invalid(let reason): "not a valid image: \(reason)"
    case .tooLarge(let width, let height, let limit):
      "the image is \(width) × \(height) pixels; at most \(String(format: "%.1f", Double(limit) / 1e6)) million are read"
    }
  }
}
