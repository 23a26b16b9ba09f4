import BookModel
import ChaekApp
import Foundation
import Imaging

extension Command {
  static let scan = Command(
    name: "scan",
    summary: "open the book whose barcode is in a photo (PNG or PGM)",
    operands: "IMAGE",
    details: """
      Reads the EAN-13 barcode printed on a book (an ISBN-13, or an ISBN-10 printed as 978…) in
      IMAGE, a PNG or PGM file, and shows the book as `chaek show` does (and adds it to recently
      viewed): from your books, the catalog, then where --source says. A barcode that is not an
      ISBN, or an ISBN no book is found for, is an error that says what was read (exit 1).
      """,
    options: [.source, .showJSON],
    examples: ["chaek scan back-cover.png", "chaek scan barcode.pgm --json"]
  ) { arguments, context in
    let path = try arguments.single("IMAGE")
    let file: Data
    do {
      file = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw CLIError.failure("cannot read \(path): \((error as NSError).localizedDescription)")
    }
    let chaek = try await context.chaek(arguments)
    let result: ScanResult
    do {
      result = try await chaek.scan({ try ImageFile.grayImage(from: file) }, for: context.reader)
    } catch let error as ImageError {
      throw CLIError.failure("\(path): \(error)")
    }
    switch result {
    case .found(let isbn, let book):
      let saved = try await chaek.open(book, for: context.reader)
      if arguments.flag(.showJSON) {
        context.console.write(try Output.json(LibraryEntry(book, saved: saved)))
      } else {
        context.console.write(
          "ISBN \(isbn.isbn13), read from the barcode.\n\n" + Output.details(book, saved: saved))
      }
    case .notFound(let isbn, _):
      throw CLIError.failure("read ISBN \(isbn.isbn13) from the barcode, but found no book with it")
    case .notAnISBN(let code):
      throw CLIError.failure(
        "read the barcode \(code), which is not a book's ISBN (ISBNs start with 978 or 979)")
    case .noBarcode:
      throw CLIError.failure("\(path): no EAN-13 barcode could be read")
    }
  }
}
