import Dispatch
import Foundation
import Imaging
import TestSupport
import Testing

@testable import ChaekApp

/// Scans are read one at a time off the shared threads, and turned away when the line is full.
@Suite("Barcode reader", .timeLimit(.minutes(10)))
struct BarcodeReaderTests {
  @Test func anImageIsMadeAndReadOnTheReadersThread() async throws {
    let reader = BarcodeReader()
    let code = try await reader.ean13 { try EAN13Image.image("9788936433598", kind: .sharp) }
    #expect(code == ["9788936433598"])
    await #expect(throws: ImageError.unknownFormat) {
      try await reader.ean13 { try ImageFile.grayImage(from: Data("GIF89a".utf8)) }
    }
  }

  @Test func aFullLineTurnsTheNextImageAwayAtOnceAndFreesAsImagesAreRead() async throws {
    let reader = BarcodeReader(capacity: 2)
    let blank = try GrayImage(width: 10, height: 10, pixels: [UInt8](repeating: 255, count: 100))
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    // The first image holds the reader's thread until released; the second waits behind it.
    let first = Task {
      try await reader.ean13 {
        started.signal()
        release.wait()
        return blank
      }
    }
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        started.wait()
        continuation.resume()
      }
    }
    let second = Task { try await reader.ean13 { blank } }
    while await reader.admittedCount < 2 { await Task.yield() }
    await #expect(throws: BarcodeReader.Busy()) { try await reader.ean13 { blank } }
    release.signal()
    #expect(try await first.value.isEmpty)
    #expect(try await second.value.isEmpty)
    #expect(try await reader.ean13 { blank }.isEmpty, "the line is free again")
  }
}
