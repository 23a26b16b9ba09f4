import Barcodes
import Foundation
import TestSupport

/// How often a barcode reads, per way it is drawn (sharp, rotated ±15°, at 30%, blurred, low in
/// contrast, noisy), over `count` random ISBN-13 barcodes, and how long a read takes.
struct BarcodeBenchmark {
  let count: Int

  func run() throws {
    var random = SplitMix64(seed: 0xEA13)
    let codes = (0..<count).map { _ -> String in
      let twelve =
        (random.next() % 2 == 0 ? "978" : "979") + String(format: "%09d", random.next() % 1_000_000_000)
      return twelve + String(EAN13Image.checkDigit(twelve))
    }
    print("barcode decode rate over \(count) ISBN barcodes:")
    for kind in EAN13Image.Kind.allCases {
      var read = 0
      var samples = Samples()
      for (index, code) in codes.enumerated() {
        let image = try EAN13Image.image(code, kind: kind, seed: UInt64(index + 1))
        let start = ContinuousClock.now
        let found = BarcodeScanner.ean13(in: image)
        samples.add(Measure.since(start))
        if found == [code] { read += 1 }
      }
      let rate = String(format: "%5.1f%%", Double(read) * 100 / Double(count))
      print(
        "  \(kind.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \(rate)  read: \(samples.summary)"
      )
    }
  }
}
