import Testing

@testable import BookModel

@Suite("ISBN")
struct ISBNTests {
  @Test(arguments: [
    ("0-306-40615-2", "9780306406157"),
    ("0306406152", "9780306406157"),
    ("978-0-306-40615-7", "9780306406157"),
    ("89 364 3359 8", "9788936433598"),
    ("080442957X", "9780804429573"),
    ("080442957x", "9780804429573"),
    ("979-11-6040-123-3", "9791160401233"),
  ])
  func validNumbersParseToIsbn13(text: String, isbn13: String) throws {
    #expect(try #require(ISBN(text)).isbn13 == isbn13)
  }

  @Test(arguments: [
    "0306406153", "9780306406158", "12345", "97803064061570", "X306406152", "978030640615X",
    "abc", "", "0-306-40615-٢",
  ])
  func invalidNumbersAreRejected(text: String) {
    #expect(ISBN(text) == nil)
  }

  @Test(arguments: ["0000000000", "000-000000-0", "9780000000002", "9790000000001"])
  func zerosWithAFittingCheckDigitAreNoIsbn(text: String) {
    #expect(ISBN(text) == nil)
  }

  @Test(arguments: ["4006381333931", "5901234123457", "0012345678905"])
  func ean13sOfOtherProductsAreNoIsbn(text: String) {
    #expect(ISBN(text) == nil, "a valid EAN-13 check digit, but not a 978 or 979 prefix")
  }

  @Test func bookIDsOfThoseNumbersFallBackToTheUrl() {
    let pencil = Book(title: "Pencil", url: "https://example.com/pencil", isbn: "4006381333931")
    #expect(pencil.isbns.isEmpty)
    #expect(pencil.id.rawValue.hasPrefix("u-"))
    #expect(BookID(parsing: "0000000000") == nil)
  }

  @Test func isbn13ConvertsBackToIsbn10OnlyFor978() throws {
    #expect(try #require(ISBN("9780306406157")).isbn10 == "0306406152")
    #expect(try #require(ISBN("9780804429573")).isbn10 == "080442957X")
    #expect(try #require(ISBN("9791160401233")).isbn10 == nil)
  }

  @Test func kakaoNotationWritesBothFormsOrTheIsbn13Alone() throws {
    #expect(try #require(ISBN("0-439-02348-3")).kakaoNotation == "0439023483 9780439023481")
    #expect(try #require(ISBN("9791160401233")).kakaoNotation == "9791160401233")
  }

  @Test func bookIdParsesIsbnsInAnyNotation() {
    #expect(BookID(parsing: "89-364-3359-8")?.rawValue == "9788936433598")
    #expect(BookID(parsing: " 9788936433598 ")?.rawValue == "9788936433598")
    #expect(BookID(parsing: "u-00112233445566ff")?.rawValue == "u-00112233445566ff")
    #expect(BookID(parsing: "u-xyz") == nil)
    #expect(BookID(parsing: "hello") == nil)
  }
}
