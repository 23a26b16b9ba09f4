import Barcodes
import Dispatch
import Imaging

/// Reads the barcodes of images one at a time on a thread of its own, with a short line.
///
/// Decoding a photo and reading it with zbar take up to a second of a core; on the threads every
/// request shares, two scans would hold up all the others. An image that finds the line full is
/// turned away at once (``Busy``) rather than waiting without end.
public actor BarcodeReader {
  /// Thrown when ``capacity`` images are already being read or waiting.
  public struct Busy: Error, Equatable, CustomStringConvertible {
    public var description: String { "too many barcode scans at once; try again in a moment" }
  }

  /// The most images being read or waiting at once.
  public let capacity: Int
  private let queue = DispatchQueue(label: "chaek.barcodes")
  private var admitted = 0

  /// The images being read or waiting now.
  var admittedCount: Int { admitted }

  /// A reader with room for `capacity` images at once, one of them being read.
  public init(capacity: Int = 4) {
    self.capacity = capacity
  }

  /// The EAN-13 codes (``Barcodes/BarcodeScanner/ean13(in:)``) in the image `image` makes, made
  /// and read on the reader's thread.
  /// - Throws: ``Busy`` when the line is full; what `image` throws.
  public func ean13(in image: @escaping @Sendable () throws -> GrayImage) async throws -> [String] {
    guard admitted < capacity else { throw Busy() }
    admitted += 1
    defer { admitted -= 1 }
    return try await withCheckedThrowingContinuation { continuation in
      queue.async { continuation.resume(with: Result { try BarcodeScanner.ean13(in: image()) }) }
    }
  }
}
