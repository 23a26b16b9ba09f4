import Foundation
import KoreanText

/// A book, with the fields of a Kakao book-search document.
///
/// Decoding accepts Kakao's JSON as it really comes: `isbn` holds `"isbn10 isbn13"`, one of them
/// (sometimes with a leading space) or nothing; `sale_price` is `-1` when there is no sale;
/// `thumbnail` and `datetime` may be empty. Missing or `null` fields decode as empty values;
/// only `title` is required. Text is NFC-normalised so identities and searches are stable.
public struct Book: Codable, Hashable, Sendable {
  /// The title.
  public var title: String
  /// A short description.
  public var contents: String
  /// The book's page at the provider (Kakao's is a Daum search page), or empty.
  public var url: String
  /// ISBNs as Kakao writes them: ISBN-10 and ISBN-13 separated by a space, either may be missing.
  public var isbn: String
  /// Publication date, or `nil` when unknown.
  public var datetime: Date?
  /// Authors, in order.
  public var authors: [String]
  /// Publisher name, or empty.
  public var publisher: String
  /// Translators, in order.
  public var translators: [String]
  /// List price in won; `0` when unknown.
  public var price: Int
  /// Sale price in won; `-1` when the book is not on sale.
  public var salePrice: Int
  /// Cover image URL, or empty.
  public var thumbnail: String
  /// Sales status as the provider states it (`정상판매`, ...), or empty.
  public var status: String
  /// The number of pages, where a source states it (not a Kakao field: written only when known).
  public var pages: Int?
  /// The series the book is in, where a source states it (not a Kakao field: written only when
  /// known); see ``seriesVolume`` for the series a title names.
  public var series: SeriesVolume?
  /// The work this book is an edition of, as its source names it (Open Library's
  /// `/works/OL45804W`; not a Kakao field: written only when known).
  public var work: String?

  /// Creates a book; every field but the title has an empty default.
  public init(
    title: String, contents: String = "", url: String = "", isbn: String = "", datetime: Date? = nil,
    authors: [String] = [], publisher: String = "", translators: [String] = [], price: Int = 0,
    salePrice: Int = -1, thumbnail: String = "", status: String = "", pages: Int? = nil,
    series: SeriesVolume? = nil, work: String? = nil
  ) {
    self.title = title.nfc
    self.contents = contents.nfc
    self.url = url
    self.isbn = Self.trimmed(isbn)
    self.datetime = datetime
    self.authors = authors.map(\.nfc)
    self.publisher = publisher.nfc
    self.translators = translators.map(\.nfc)
    self.price = price
    self.salePrice = salePrice
    self.thumbnail = thumbnail
    self.status = status
    self.pages = pages.flatMap { BookLength.pages.contains($0) ? $0 : nil }
    self.series = series
    self.work = work.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// `text` without the spaces and tabs (`.whitespaces`) around it; as it is, without asking
  /// Foundation, when it begins and ends with another ASCII character (as stored books' ISBNs
  /// do: decoding a million of them is a rebuild).
  private static func trimmed(_ text: String) -> String {
    let utf8 = text.utf8
    guard let first = utf8.first, let last = utf8.last else { return text }
    let isKept = { (byte: UInt8) in byte < 0x80 && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") }
    return isKept(first) && isKept(last) ? text : text.trimmingCharacters(in: .whitespaces)
  }

  // MARK: - Derived values

  /// The book's valid ISBNs, parsed from `isbn`, in the order written.
  public var isbns: [ISBN] {
    isbn.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { ISBN($0) }
  }

  /// The book's ISBN-13: the one written, or derived from the ISBN-10.
  public var isbn13: String? { isbns.first?.isbn13 }

  /// The book's place in a series: the one it states, else the one its title names.
  public var seriesVolume: SeriesVolume? { series ?? SeriesVolume(title: title) }

  /// The book with Kakao's fields only: without the pages, series and work Chaek keeps beside
  /// them.
  public var kakaoDocument: Book {
    var book = self
    (book.pages, book.series, book.work) = (nil, nil, nil)
    return book
  }

  /// The book's identity (see ``BookID``).
  public var id: BookID { BookID(self) }

  /// Authors joined for display: `한강, 데버라 스미스`.
  public var authorsText: String { authors.joined(separator: ", ") }

  /// Translators joined for display.
  public var translatorsText: String { translators.joined(separator: ", ") }

  /// The price a buyer pays: the sale price when there is one, else the list price; `0` if unknown.
  public var effectivePrice: Int { salePrice >= 0 ? salePrice : price }

  /// `true` when the sale price is lower than the list price.
  public var isDiscounted: Bool { salePrice >= 0 && salePrice < price }

  // MARK: - Codable

  private enum CodingKeys: String, CodingKey {
    case title, contents, url, isbn, datetime, authors, publisher, translators, price
    case salePrice = "sale_price"
    case thumbnail, status, pages, series, work
    case seriesVolume = "series_volume"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func text(_ key: CodingKeys) throws -> String {
      try container.decodeIfPresent(String.self, forKey: key) ?? ""
    }
    func number(_ key: CodingKeys, default value: Int) throws -> Int {
      if let int = try? container.decodeIfPresent(Int.self, forKey: key) { return int }
      if let string = try? container.decodeIfPresent(String.self, forKey: key), let int = Int(string) {
        return int
      }
      return value
    }
    let title = try text(.title)
    guard !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw DecodingError.dataCorruptedError(
        forKey: .title, in: container, debugDescription: "a book needs a title")
    }
    self.init(
      title: title,
      contents: try text(.contents),
      url: try text(.url),
      isbn: try text(.isbn),
      datetime: KakaoDate.parse(try text(.datetime)),
      authors: try container.decodeIfPresent([String].self, forKey: .authors) ?? [],
      publisher: try text(.publisher),
      translators: try container.decodeIfPresent([String].self, forKey: .translators) ?? [],
      price: try number(.price, default: 0),
      salePrice: try number(.salePrice, default: -1),
      thumbnail: try text(.thumbnail),
      status: try text(.status),
      pages: try? container.decodeIfPresent(Int.self, forKey: .pages),
      series: SeriesVolume(series: try text(.series), volume: try text(.seriesVolume)),
      work: try text(.work)
    )
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(title, forKey: .title)
    try container.encode(contents, forKey: .contents)
    try container.encode(url, forKey: .url)
    try container.encode(isbn, forKey: .isbn)
    try container.encode(datetime.map(KakaoDate.format) ?? "", forKey: .datetime)
    try container.encode(authors, forKey: .authors)
    try container.encode(publisher, forKey: .publisher)
    try container.encode(translators, forKey: .translators)
    try container.encode(price, forKey: .price)
    try container.encode(salePrice, forKey: .salePrice)
    try container.encode(thumbnail, forKey: .thumbnail)
    try container.encode(status, forKey: .status)
    try container.encodeIfPresent(pages, forKey: .pages)
    try container.encodeIfPresent(series?.series, forKey: .series)
    try container.encodeIfPresent(series?.volume, forKey: .seriesVolume)
    try container.encodeIfPresent(work, forKey: .work)
  }
}
