import BookModel
import ChaekApp
import Foundation
import HTTPRouting
import HTTPTransport
import Imaging
import UserLibrary

extension WebApp {
  /// `POST /api/scan[?width=W&height=H]`: the book whose barcode is in the body — a photo reduced to
  /// 8-bit gray pixels by the page (`width × height` bytes, row by row), or a PNG or PGM file.
  /// Answers `{"result":"found","isbn","entry":{"id","saved","book"}}`, or `"not_found"` with the
  /// `isbn` read, `"not_isbn"` with the `code` read, `"no_barcode"`; `400` for pixels that are not
  /// the size given or a file that is no image.
  func scanBarcode(_ request: HTTPRequest) async throws -> HTTPResponse {
    let image: GrayImage
    do {
      if let width = try request.queryInteger("width"), let height = try request.queryInteger("height") {
        image = try GrayImage(width: width, height: height, pixels: [UInt8](request.body))
      } else {
        image = try ImageFile.grayImage(from: request.body)
      }
    } catch let error as ImageError {
      throw APIError.badRequest("\(error)")
    }
    let search = search
    let lookup = BookLookup(library: library, search: { search })
    switch try await BookScan(lookup: lookup).scan(image) {
    case .found(let isbn, let book):
      let saved = try await library.contains(book.id)
      return try .json(ScanReply(result: "found", isbn: isbn.isbn13, entry: LibraryEntry(book, saved: saved)))
    case .notFound(let isbn): return try .json(ScanReply(result: "not_found", isbn: isbn.isbn13))
    case .notAnISBN(let code): return try .json(ScanReply(result: "not_isbn", code: code))
    case .noBarcode: return try .json(ScanReply(result: "no_barcode"))
    }
  }
}

private struct ScanReply: Encodable {
  let result: String
  var isbn: String?
  var code: String?
  var entry: LibraryEntry?
}
