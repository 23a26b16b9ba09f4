import BookModel
import Imaging

/// Opens the book whose barcode is in an image: the EAN-13 codes zbar finds, the first that is an
/// ISBN (978…, 979…), and the book with that ISBN by ``BookLookup`` (the user's books, the catalog,
/// then the provider).
public struct BookScan: Sendable {
  private let lookup: BookLookup
  private let reader: BarcodeReader

  /// A scan that reads barcodes with `reader` (one of its own unless given) and looks books up
  /// with `lookup`.
  public init(lookup: BookLookup, reader: BarcodeReader = BarcodeReader()) {
    self.lookup = lookup
    self.reader = reader
  }

  /// What the barcodes in the image `image` makes lead to; the image is made (decoded) and read on
  /// the reader's thread.
  /// - Throws: what `image` throws (an ``Imaging/ImageError``), ``BarcodeReader/Busy``, the
  ///   lookup's errors (a database error, a provider failure).
  public func scan(_ image: @escaping @Sendable () throws -> GrayImage) async throws -> ScanResult {
    let codes = try await reader.ean13(in: image)
    guard let isbn = codes.lazy.compactMap(ISBN.init).first else {
      return codes.first.map(ScanResult.notAnISBN) ?? .noBarcode
    }
    return try await open(isbn)
  }

  /// The book with `isbn`, read from a barcode by someone else (a browser's own detector).
  /// - Throws: the lookup's errors.
  public func open(_ isbn: ISBN) async throws -> ScanResult {
    let (book, provider) = try await lookup.lookUp(BookID(parsing: isbn.isbn13)!)
    return book.map { .found(isbn, $0) } ?? .notFound(isbn, provider: provider)
  }
}

/// What a barcode scan found.
public enum ScanResult: Sendable, Equatable {
  /// The book with the ISBN read.
  case found(ISBN, Book)
  /// An ISBN was read, but no book with it was found; `provider` says whether a provider was
  /// asked and how it went.
  case notFound(ISBN, provider: ProviderAnswer)
  /// A barcode was read, but it is an EAN-13 of something other than a book (`880…`).
  case notAnISBN(String)
  /// No EAN-13 barcode could be read.
  case noBarcode
}
