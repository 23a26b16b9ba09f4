import Foundation
import Testing

@testable import BookImport

@Suite("Detection of the Goodreads and StoryGraph exports among the other formats")
struct ExchangeFormatDetectionTests {
  static let storyGraphHeader = """
    Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,\
    Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,\
    Diverse Characters?,Flawed Characters?,Star Rating,Review,Content Warnings,\
    Content Warning Description,Tags,Owned?

    """

  @Test(arguments: [
    (StoryGraphImportTests.export, ImportFormat.storygraph),
    (storyGraphHeader, .storygraph),
    ("\u{FEFF}" + storyGraphHeader.replacingOccurrences(of: "\n", with: "\r\n"), .storygraph),
    (GoodreadsReadingTests.export, .goodreads),
    ("Book Id,Title,Author,ISBN,ISBN13\n", .goodreads),
    (
      "book_id,goodreads_book_id,isbn,authors,original_publication_year,title,ratings_count,image_url\n",
      .goodbooks
    ),
    (#"{"title":"채식주의자","isbn":"9788936433598"}"#, .kakao),
    (#"{"key":"/works/OL1W","title":"x","author_name":["y"]}"#, .openlibrary),
  ])
  func tellsEachFormatFromItsHeaderOrContent(text: String, format: ImportFormat) {
    #expect(ImportFormat.detect(Data(text.utf8)) == format)
  }

  @Test func neitherExportIsReadAsTheOther() {
    #expect(throws: ImportError.self) { try ImportedRows(StoryGraphImportTests.export, as: .goodreads) }
    #expect(throws: ImportError.self) { try ImportedRows(GoodreadsReadingTests.export, as: .storygraph) }
  }

  @Test func theStoryGraphFormatHasItsName() {
    #expect(ImportFormat.storygraph.displayName == "StoryGraph export CSV")
    #expect(ImportFormat(rawValue: "storygraph") == .storygraph)
  }
}
