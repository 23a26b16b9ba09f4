import BookModel
import Foundation
import Testing

@testable import BookCatalog

@Suite struct PackedJSONTests {
  /// A book as Kakao returns one, with a description longer than the packer's window.
  let book = Book(
    title: "채식주의자", contents: String(repeating: "한 여자가 고기를 먹지 않기로 한다. \u{0}그 뒤로 ", count: 200),
    url: "https://search.daum.net/search?w=bookpage&bookId=1467038&q=채식주의자",
    isbn: "8936433598 9788936433598", authors: ["한강"], publisher: "창비", translators: [],
    price: 15000, salePrice: 13500,
    thumbnail:
      "https://search1.kakaocdn.net/thumb/R120x174.q85/?fname=http%3A%2F%2Ft1.daumcdn.net%2Flbook%2Fimage%2F1467038",
    status: "정상판매")

  @Test func aPackedBookReadsAsItWasWritten() throws {
    let stored = Catalog.encode(book)
    #expect(stored.first == PackedJSON.marker)
    #expect(try Catalog.decode(stored) == book)
    #expect(try PackedJSON.unpack(stored) == book.jsonString(escapingSlashes: true))
  }

  @Test func aBookStoredAsJSONTextByAnEarlierVersionReads() throws {
    #expect(try Catalog.decode(Data(book.jsonString(escapingSlashes: true).utf8)) == book)
  }

  @Test func theStarterBooksTakeLittleMoreThanHalfTheirJSON() throws {
    let books = try Catalog.starterBooks()
    let json = books.reduce(0) { $0 + $1.jsonString(escapingSlashes: true).utf8.count }
    let packed = books.reduce(0) { $0 + Catalog.encode($1).count }
    // Short Korean descriptions, and ISBN digits and page counts, which deflate cannot shrink:
    // 51% of the JSON when the starter books gained them (48% before).
    #expect(packed * 100 < json * 53, "\(packed) bytes packed of \(json)")
  }

  @Test func aDamagedRowIsAnErrorNotAnotherBook() throws {
    let stored = Catalog.encode(book)
    #expect(throws: DecodingError.self) { try Catalog.decode(stored.prefix(stored.count / 2)) }
    #expect(throws: DecodingError.self) { try Catalog.decode(stored + Data([0x42])) }
  }
}
