import Foundation
import Testing

@testable import BookImport

@Suite("Import format detection")
struct ImportFormatTests {
  static let goodbooksHeader = """
    book_id,goodreads_book_id,best_book_id,work_id,books_count,isbn,isbn13,authors,original_publication_year,\
    original_title,title,language_code,average_rating,ratings_count,work_ratings_count,\
    work_text_reviews_count,\
    ratings_1,ratings_2,ratings_3,ratings_4,ratings_5,image_url,small_image_url

    """

  @Test(arguments: [
    (goodbooksHeader, ImportFormat.goodbooks),
    ("\u{FEFF}" + goodbooksHeader.replacingOccurrences(of: "\n", with: "\r\n"), .goodbooks),
    (GoodreadsImportTests.export, .goodreads),
    (GoodreadsImportTests.olderExport, .goodreads),
    (OpenLibraryImportTests.searchResults, .openlibrary),
    (OpenLibraryImportTests.dump, .openlibrary),
    (KakaoImportTests.lines, .kakao),
    (KakaoImportTests.document, .kakao),
    (#"{"documents":[],"meta":{"total_count":0,"pageable_count":0,"is_end":true}}"#, .kakao),
    ("[\n  {\n    \"title\": \"흰\",\n    \"authors\": [\"한강\"]\n  }\n]\n", .kakao),
    ("\n\n  {\"key\":\"/books/OL1M\",\"title\":\"x\"}\n", .openlibrary),
  ])
  func tellsEachFormatFromItsContent(text: String, format: ImportFormat) {
    #expect(ImportFormat.detect(Data(text.utf8)) == format)
  }

  @Test func theRealGoodbooksFileIsDetected() throws {
    #expect(ImportFormat.detect(try Goodbooks.data()) == .goodbooks)
  }

  @Test(arguments: [
    "", "\n \n", "just some words\n", "title,author,isbn\nx,y,z\n", #"{"name":"not a book"}"#, "[1, 2, 3]",
    "{ not json at all",
  ])
  func anythingElseIsNoKnownFormat(text: String) {
    #expect(ImportFormat.detect(Data(text.utf8)) == nil)
  }

  @Test func everyFormatHasANameForPeople() {
    #expect(
      ImportFormat.allCases.map(\.rawValue) == [
        "kakao", "goodbooks", "goodreads", "openlibrary", "storygraph",
      ])
    #expect(Set(ImportFormat.allCases.map(\.displayName)).count == ImportFormat.allCases.count)
  }
}
