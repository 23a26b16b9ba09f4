import Foundation
import Imaging
import TestSupport
import Testing

@testable import ChaekCLI

@Suite("chaek scan")
struct ScanCommandTests {
  @Test func aPhotoOfTheBarcodeShowsTheBookAndOtherwiseSaysWhatWasRead() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    func write(_ code: String, _ kind: EAN13Image.Kind, as name: String) throws -> String {
      let file = chaek.home.appendingPathComponent(name)
      let image = try EAN13Image.image(code, kind: kind)
      let data =
        name.hasSuffix(".png")
        ? Data(PNG.encode(image))
        : Data("P5\n\(image.width) \(image.height)\n255\n".utf8) + Data(image.pixels)
      try data.write(to: file)
      return file.path
    }

    // The real barcode of a starter book (채식주의자, 창비 2007) opens it: the starter catalog has it.
    let found = await chaek.run(
      "scan", try write("9788936433598", .noisy, as: "photo.png"), "--source", "local")
    #expect(found.status == 0 && found.out.hasPrefix("ISBN 9788936433598, read from the barcode.\n\n채식주의자"))
    #expect(await chaek.run("recent", "--json").out.contains("9788936433598"), "a scanned book is viewed")
    let pgm = await chaek.run(
      "scan", try write("9788936433598", .blurred, as: "scan.pgm"), "--json", "--source", "local")
    #expect(pgm.status == 0 && pgm.out.contains(#""title":"채식주의자""#))

    let unknown = await chaek.run(
      "scan", try write("9788936434120", .sharp, as: "other.png"), "--source", "local")
    #expect(
      unknown.status == 1
        && unknown.err.contains("read ISBN 9788936434120 from the barcode, but found no book"))
    let grocery = await chaek.run(
      "scan", try write("8801234567893", .sharp, as: "milk.png"), "--source", "local")
    #expect(grocery.status == 1 && grocery.err.contains("8801234567893, which is not a book's ISBN"))
    let notImage = chaek.home.appendingPathComponent("notes.txt")
    try Data("hello".utf8).write(to: notImage)
    let refused = await chaek.run("scan", notImage.path)
    #expect(refused.status == 1 && refused.err.contains("not a PNG or PGM image"))
  }
}
