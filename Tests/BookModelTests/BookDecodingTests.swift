import Foundation
import Testing

@testable import BookModel

@Suite("Decoding Kakao documents")
struct BookDecodingTests {
  /// A real-shaped Kakao response: both ISBNs, only an ISBN-13 with a leading space, only an
  /// ISBN-10, no ISBN, no sale, no thumbnail.
  static let response = """
    {"documents":[
      {"authors":["한강"],"contents":"채식주의자 설명","datetime":"2007-10-30T00:00:00.000+09:00",
       "isbn":"8936433598 9788936433598","price":12000,"publisher":"창비","sale_price":10800,
       "status":"정상판매","thumbnail":"https://search1.kakaocdn.net/thumb/x.jpg",
       "title":"채식주의자","translators":[],"url":"https://search.daum.net/search?q=1"},
      {"authors":["J.K. 롤링"],"contents":"","datetime":"2019-11-19T00:00:00.000+09:00",
       "isbn":" 9788983927620","price":10000,"publisher":"문학수첩","sale_price":-1,
       "status":"","thumbnail":"","title":"해리 포터와 마법사의 돌 1","translators":["강동혁"],
       "url":"https://search.daum.net/search?q=2"},
      {"authors":["George Orwell"],"contents":"","datetime":"","isbn":"0451524934 ",
       "price":0,"publisher":"Signet","sale_price":-1,"status":"","thumbnail":"",
       "title":"1984","translators":[],"url":""},
      {"authors":[],"contents":"","datetime":"2020-01-01T09:30:00+09:00","isbn":"",
       "price":5000,"publisher":"어딘가","sale_price":4500,"status":"품절","thumbnail":"",
       "title":"이름 없는 책","translators":[],"url":"https://example.com/b"}
    ],"meta":{"is_end":false,"pageable_count":4,"total_count":123}}
    """

  /// An ISBN is kept without the spaces and tabs around it, as Foundation trims them, whether or
  /// not the text's ends are ASCII.
  @Test(arguments: [
    "9788983927620", " 9788983927620", "0451524934\t", "\u{3000}978 89\u{3000}", "978\u{00A0}", "",
    " ", "\t\t", "ｘ", "89 ",
  ])
  func anISBNIsTrimmedAsFoundationTrimsIt(isbn: String) {
    #expect(Book(title: "책", isbn: isbn).isbn == isbn.trimmingCharacters(in: .whitespaces))
  }

  func decode() throws -> SearchPage {
    try JSONDecoder().decode(SearchPage.self, from: Data(Self.response.utf8))
  }

  @Test func decodesMetaAndAllDocuments() throws {
    let page = try decode()
    #expect(page.documents.count == 4)
    #expect(page.meta == .init(totalCount: 123, pageableCount: 4, isEnd: false))
  }

  @Test func isbnFieldWithBothNumbersGivesTheIsbn13AsIdentity() throws {
    let book = try decode().documents[0]
    #expect(book.isbn13 == "9788936433598")
    #expect(book.id.rawValue == "9788936433598")
    #expect(book.isbns.count == 2)
  }

  @Test func isbnWithLeadingSpaceIsTrimmed() throws {
    let book = try decode().documents[1]
    #expect(book.isbn == "9788983927620")
    #expect(book.id.rawValue == "9788983927620")
  }

  @Test func isbn10AloneIsConvertedToIsbn13() throws {
    #expect(try decode().documents[2].id.rawValue == "9780451524935")
  }

  @Test func bookWithoutIsbnIsIdentifiedByItsUrl() throws {
    let book = try decode().documents[3]
    #expect(book.id.rawValue.hasPrefix("u-"))
    #expect(book.id == Book(title: "다른 제목", url: "https://example.com/b").id)
  }

  @Test func bookWithoutIsbnOrUrlIsIdentifiedByTitleAuthorsPublisher() {
    let a = Book(title: "무명", authors: ["가"], publisher: "나")
    #expect(a.id.rawValue.hasPrefix("b-"))
    #expect(a.id == Book(title: "무명", contents: "다른 설명", authors: ["가"], publisher: "나").id)
    #expect(a.id != Book(title: "무명", authors: ["다"], publisher: "나").id)
    #expect(BookID(parsing: a.id.rawValue) == a.id)
  }

  @Test func salePriceMinusOneMeansNoSale() throws {
    let books = try decode().documents
    #expect(books[0].isDiscounted && books[0].effectivePrice == 10800)
    #expect(!books[1].isDiscounted && books[1].effectivePrice == 10000)
  }

  @Test func datetimeWithAndWithoutFractionParsesAndEmptyIsNil() throws {
    let books = try decode().documents
    #expect(books[0].datetime.map(KakaoDate.format) == "2007-10-30T00:00:00.000+09:00")
    #expect(books[2].datetime == nil)
    #expect(books[3].datetime.map(KakaoDate.format) == "2020-01-01T09:30:00.000+09:00")
  }

  @Test func encodingRoundTripsEveryField() throws {
    let books = try decode().documents
    let again = try JSONDecoder().decode([Book].self, from: JSONEncoder().encode(books))
    #expect(again == books)
    let json = String(decoding: try JSONEncoder().encode(books[0]), as: UTF8.self)
    #expect(json.contains("\"sale_price\":10800"))
    #expect(json.contains("\"datetime\":\"2007-10-30T00:00:00.000+09:00\""))
  }

  @Test func missingFieldsDecodeAsEmptyAndMissingTitleFails() throws {
    let book = try JSONDecoder().decode(Book.self, from: Data(#"{"title":"T","price":null}"#.utf8))
    #expect(book.authors == [] && book.price == 0 && book.salePrice == -1 && book.datetime == nil)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Book.self, from: Data(#"{"title":"  "}"#.utf8))
    }
  }

  @Test func decomposedHangulIsNormalisedToComposed() throws {
    let decomposed = "채식주의자".decomposedStringWithCanonicalMapping
    #expect(decomposed.unicodeScalars.count != "채식주의자".unicodeScalars.count)
    #expect(Book(title: decomposed).title.unicodeScalars.elementsEqual("채식주의자".unicodeScalars))
  }

  @Test func authorsJoinWithCommaAndPricesFormatAsWon() {
    let book = Book(title: "T", authors: ["한강", "데버라 스미스"], price: 16200)
    #expect(book.authorsText == "한강, 데버라 스미스")
    #expect(Won.format(16200) == "16,200원")
    #expect(Won.format(1_234_567) == "1,234,567원")
    #expect(Won.format(900) == "900원")
    #expect(Won.format(0) == "")
  }
}

@Suite("Publication dates for people")
struct PublicationDateTests {
  @Test func fullDatesShowTheDayAndYearOnlyDatesTheYear() throws {
    #expect(
      KakaoDate.displayText(try #require(KakaoDate.parse("2014-11-17T00:00:00.000+09:00"))) == "2014-11-17")
    #expect(KakaoDate.displayText(try #require(KakaoDate.parse("2007-01-01T00:00:00.000+09:00"))) == "2007")
    #expect(
      KakaoDate.displayText(try #require(KakaoDate.parse("2007-01-01T10:00:00.000+09:00"))) == "2007-01-01")
  }

  @Test(arguments: [(2008, "2008-01-01T00:00:00.000+09:00"), (1813, "1813-01-01T00:00:00.000+09:00")])
  func aKnownYearIsJanuaryFirstInKorea(year: Int, text: String) throws {
    let date = try #require(KakaoDate.firstOfJanuary(year))
    #expect(KakaoDate.format(date) == text)
    #expect(KakaoDate.year(of: date) == year)
  }

  @Test(arguments: [-720, 0, 2101, 9999])
  func anImplausibleYearIsNoDate(year: Int) {
    #expect(KakaoDate.firstOfJanuary(year) == nil)
  }
}
