import BookModel
import Foundation
import Testing

@testable import BookImport

@Suite("Goodreads export: writing the reader's library")
struct GoodreadsExportTests {
  static let header = """
    Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,\
    Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,\
    Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies
    """

  static let hungerGames = Book(
    title: "The Hunger Games (The Hunger Games, #1)", url: "https://www.goodreads.com/book/show/2767052",
    isbn: "0439023483 9780439023481", datetime: KakaoDate.firstOfJanuary(2008), authors: ["Suzanne Collins"],
    publisher: "Scholastic Press")

  static let humanActs = Book(
    title: "소년이 온다", url: "https://search.daum.net/search?q=9791190090018", isbn: "9791190090018",
    authors: ["한강", "Deborah Smith"], publisher: "창비")

  // MARK: - The file

  @Test func writesGoodreadsHeaderAndRowsAsGoodreadsDoes() {
    let csv = GoodreadsExport.csv([
      (
        Self.hungerGames,
        ReadingRecord(
          shelf: .read, rating: stars(3.75), tags: ["favorites", "ya"],
          review: "Loved it, \"really\".\nTwice.",
          added: day("2012-03-20"),
          readings: [.init(started: day("2012-03-25"), finished: day("2012-04-01"))],
          pages: 374, owned: true)
      ),
      (
        Self.humanActs,
        ReadingRecord(shelf: .want, tags: ["favorites", "to-read"], notes: "From 민지,\nin May.")
      ),
    ])
    #expect(
      csv == Self.header + "\n" + #"""
        2767052,"The Hunger Games (The Hunger Games, #1)",Suzanne Collins,"Collins, Suzanne",,\#
        "=""0439023483""","=""9780439023481""",4,,Scholastic Press,,374,2008,,2012/04/01,2012/03/20,\#
        "favorites, ya","favorites (#1), ya (#1)",read,"Loved it, ""really"".<br/>Twice.",,,1,1
        ,소년이 온다,한강,한강,Deborah Smith,"=""""","=""9791190090018""",0,,창비,,,,,,,"to-read, favorites",\#
        "to-read (#1), favorites (#2)",to-read,,,"From 민지,
        in May.",0,0

        """#)
  }

  @Test func theFileIsUTF8WithLFLineEndsAndNoByteOrderMark() {
    let csv = GoodreadsExport.csv([(Self.humanActs, ReadingRecord(review: "one\r\ntwo"))])
    #expect(csv.hasPrefix("Book Id,") && csv.hasSuffix("\n"))
    #expect(!csv.unicodeScalars.contains("\r"), "a review's line breaks are <br/>")
    #expect(ImportFormat.detect(Data(csv.utf8)) == .goodreads)
  }

  @Test func myRatingIsWholeStarsRoundedHalfUpAndNeverZero() throws {
    let ratings = [0.25, 0.5, 1.25, 2.5, 3.25, 3.75, 5]
    let library = ratings.enumerated().map { index, rating in
      (Book(title: "Book \(index)", isbn: "9788936433598"), ReadingRecord(rating: stars(rating)))
    }
    let rows = try ImportedRows(GoodreadsExport.csv(library), as: .goodreads)
    #expect(rows.books.map { $0.reading?.rating?.stars } == [1, 1, 1, 3, 3, 4, 5])
  }

  // MARK: - Reading the file back

  @Test func aGoodreadsLibraryReadsBackToTheSameBooksAndRecords() throws {
    let original = try ImportedRows(GoodreadsReadingTests.export, as: .goodreads)
    let exported = GoodreadsExport.csv(original.books.map { ($0.book, $0.reading ?? ReadingRecord()) })
    let reread = try ImportedRows(exported, as: .goodreads)
    #expect(reread.skipped.isEmpty && reread.warnings.isEmpty)
    #expect(reread.books.map(\.book) == original.books.map(\.book))
    #expect(reread.books.map(\.reading) == original.books.map(\.reading))
  }

  @Test func storyGraphRecordsReadBackAsFarAsGoodreadsCanHoldThem() throws {
    let storyGraph = try ImportedRows(StoryGraphImportTests.export, as: .storygraph)
    let exported = GoodreadsExport.csv(storyGraph.books.map { ($0.book, $0.reading ?? ReadingRecord()) })
    let reread = try ImportedRows(exported, as: .goodreads)
    #expect(reread.warnings.isEmpty)
    #expect(reread.books.map(\.book.title) == storyGraph.books.map(\.book.title))
    for book in reread.books {
      let title = book.book.title
      #expect(book.reading == Self.goodreadsCanHold(try storyGraph.record(title)), "\(title)")
      #expect(book.book.isbn == (try storyGraph.book(title).book.isbn))
      #expect(!book.book.isbn.isEmpty || book.book.url.isEmpty, "without an ISBN, known by title and authors")
    }
    #expect(try reread.record("소년이 온다").rating == stars(4), "3.75")
    #expect(
      try reread.record("소년이 온다").readings == [.init(), .init(finished: day("2024-02-10"))],
      "two readings, the last finished")
  }

  /// What GoodreadsExport documents Goodreads keeps of a record: whole stars, rounded half up, and of
  /// the readings their number on the `read` shelf and the day the last one finished.
  private static func goodreadsCanHold(_ record: ReadingRecord) -> ReadingRecord {
    var held = record
    held.rating = record.rating.map { stars(max(($0.stars).rounded(.toNearestOrAwayFromZero), 1)) }
    let last = record.readings.last?.finished.map { [ReadingRecord.Reading(finished: $0)] } ?? []
    let earlier = record.shelf == .read ? max(record.readings.count - last.count, 0) : 0
    held.readings = Array(repeating: ReadingRecord.Reading(), count: earlier) + last
    return held
  }
}
