import BookModel
import ChaekApp
import Foundation
import HTTPRouting
import HTTPTransport
import Imaging

extension WebApp {
  /// `POST /api/scan[?width=W&height=H | ?isbn=ISBN]`: the book whose barcode is in the body — a
  /// photo reduced to 8-bit gray pixels by the page (`width × height` bytes, row by row), or a PNG
  /// or PGM file — or, with `isbn`, the book of an ISBN the browser's own detector read. Answers
  /// `{"result":"found","isbn","entry":{"id","saved","book"}}`, or `"not_found"` with the `isbn`
  /// read and whether a `provider` was asked (`answered`, `unreachable`, `not_asked`), `"not_isbn"`
  /// with the `code` read, `"no_barcode"`; `400` for pixels that are not the size given, a file that
  /// is no image, or an `isbn` that is none.
  ///
  /// Images are read one at a time, off the threads requests share, with a few waiting
  /// (``ChaekApp/BarcodeReader``); beyond that the answer is `503` with `Retry-After`. A file may
  /// have at most ``scanPixelLimit`` pixels, as many as the body may carry of raw pixels.
  func scanBarcode(_ request: HTTPRequest) async throws -> HTTPResponse {
    let body = request.body
    let image: @Sendable () throws -> GrayImage
    if let width = try request.queryInteger("width"), let height = try request.queryInteger("height") {
      image = { try GrayImage(width: width, height: height, pixels: [UInt8](body)) }
    } else {
      image = { try ImageFile.grayImage(from: body, limit: Self.scanPixelLimit) }
    }
    let result: ScanResult
    do {
      if let text = request.query["isbn"] {
        guard let isbn = ISBN(text) else { throw APIError.badRequest("not an ISBN: \(text)") }
        result = try await chaek.scan(isbn, for: request.reader)
      } else {
        result = try await chaek.scan(image, for: request.reader)
      }
    } catch let error as ImageError {
      throw APIError.badRequest("\(error)")
    } catch let busy as BarcodeReader.Busy {
      throw APIError(
        status: 503, errorType: "ServiceUnavailable", message: busy.description, headers: ["Retry-After": "1"]
      )
    }
    switch result {
    case .found(let isbn, let book):
      let saved = try await chaek.isSaved(book.id, for: request.reader)
      return try .json(ScanReply(result: "found", isbn: isbn.isbn13, entry: LibraryEntry(book, saved: saved)))
    case .notFound(let isbn, let provider):
      return try .json(ScanReply(result: "not_found", isbn: isbn.isbn13, provider: provider.rawValue))
    case .notAnISBN(let code): return try .json(ScanReply(result: "not_isbn", code: code))
    case .noBarcode: return try .json(ScanReply(result: "no_barcode"))
    }
  }
}

extension WebApp {
  /// The most pixels a scanned file may have: 2,048 × 2,048, the most a scan's body carries as raw
  /// pixels (the page sends photos at most 1,600 on a side).
  static let scanPixelLimit = 2_048 * 2_048
}

private struct ScanReply: Encodable {
  let result: String
  var isbn: String?
  var code: String?
  var entry: LibraryEntry?
  /// With `not_found`: whether a provider was asked and answered (`answered`), could not be reached
  /// (`unreachable`), or was not asked (`not_asked`: there is none, with `--source local`).
  var provider: String?
}
