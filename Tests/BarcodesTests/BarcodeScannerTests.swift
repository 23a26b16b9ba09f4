import Barcodes
import Imaging
import TestSupport
import Testing

@Suite("EAN-13 barcodes")
struct BarcodeScannerTests {
  static let codes = ["9788936433598", "9791190090018", "9780441013593", "8801234567893"]

  @Test(arguments: codes)
  func aSharpBarcodeReadsAsItsDigits(code: String) throws {
    #expect(BarcodeScanner.ean13(in: try EAN13Image.image(code, kind: .sharp)) == [code])
  }

  @Test(arguments: [EAN13Image.Kind.rotatedLeft, .rotatedRight, .blurred, .lowContrast, .noisy])
  func aBarcodeAsACameraSeesItStillReads(kind: EAN13Image.Kind) throws {
    #expect(BarcodeScanner.ean13(in: try EAN13Image.image("9788936433598", kind: kind)) == ["9788936433598"])
  }

  @Test func aPNGFileOfABarcodeReadsAndABlankImageHasNone() throws {
    let png = PNG.encode(try EAN13Image.image("9791190090018", kind: .sharp))
    #expect(BarcodeScanner.ean13(in: try PNG.decode(png)) == ["9791190090018"])
    let blank = try GrayImage(width: 300, height: 200, pixels: Array(repeating: 255, count: 60_000))
    #expect(BarcodeScanner.ean13(in: blank).isEmpty)
  }

  @Test func theDrawnCodesAreValidEAN13() {
    for code in Self.codes {
      #expect(EAN13Image.checkDigit(String(code.prefix(12))) == code.last!.wholeNumberValue)
    }
  }
}
