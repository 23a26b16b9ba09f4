import BookModel
import Foundation
import Testing

@testable import BookImport

@Suite("StoryGraph export import")
struct StoryGraphImportTests {
  /// An export with StoryGraph's current 23 columns: a Korean book read twice, rated in quarter
  /// stars (line 2); a book given up (3); a StoryGraph id, an Amazon ASIN and an ISBN-10 for
  /// `ISBN/UID` (4–6), readings written with `-` (6) and a reading still going (7); values that
  /// cannot be read (8); no title (9); a `Last Date Read` alone (10) and a paused book (11).
  static let export = #"""
    Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,\#
    Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,\#
    Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?
    소년이 온다,한강,Deborah Smith (Translator),9791190090018,paperback,read,2023/01/01,2024/02/10,"2023/01/05-2023/01/20, 2024/02/01-2024/02/10",2,"emotional, sad",slow,Character,Yes,,,,3.75,"Quiet, devastating.<br><br>Read it twice.",Graphic: Violence;,,"korean, history, korean",Yes
    The Name of the Wind,Patrick Rothfuss,,9780756404741,digital,did-not-finish,2022/05/30,,2022/06/01-,0,,,,,,,,,,,,,No
    Good Omens,"Terry Pratchett, Neil Gaiman",,a399b349-1cf7-44a0-9315-fb5329046ce2,hardcover,to-read,2025/03/01,,,0,,,,,,,,,,,,,No
    Kindle Only,Indie Author,,B0851JCZYV,digital,read,2021/07/01,2021/07/21,2021/07/21,1,,,,,,,,4.0,,,,,No
    Dune,Frank Herbert,,0441013597,paperback,read,2019/01/01,2022-04-01,"2022-03-16-2022-04-01, 2019-02-01-2019-02-20",2,,,,,,,,4.5,,,,,Yes
    채식주의자,한강,,9788936433598,paperback,currently-reading,2025/10/01,,2025/10/03-,0,,,,,,,,,,,,,Yes
    Odd Row,Someone,,not-an-id,paperback,someday,2024/13/01,,"2024/09, 2023/01/05-2023/01/20-2023/02/01",1,,,,,,,,3.3,,,,,Maybe
    ,Nobody,,,,to-read,,,,,,,,,,,,,,,,,No
    The Hobbit,J.R.R. Tolkien,,,paperback,read,2020/01/01,2020/12/31,,2,,,,,,,,5.0,,,,,No
    Paused Book,A. Writer,,,audio,paused,2024/04/04,,,0,,,,,,,,,,,,,No

    """#

  // MARK: - The book

  @Test func theBookHasItsTitleAuthorsAndISBN() throws {
    let rows = try ImportedRows(Self.export, as: .storygraph)
    let human = try rows.book("소년이 온다").book
    #expect(human.authors == ["한강"] && human.isbn == "9791190090018" && human.url.isEmpty)
    #expect(try rows.book("Dune").book.isbn == "0441013597 9780441013593", "an ISBN-10")
    #expect(try rows.book("Good Omens").book.authors == ["Terry Pratchett", "Neil Gaiman"])
  }

  @Test func aStoryGraphIdIsTheBooksPageAndAnyOtherUIDIsLeftOutWithAWarning() throws {
    let rows = try ImportedRows(Self.export, as: .storygraph)
    let omens = try rows.book("Good Omens").book
    #expect(omens.url == "https://app.thestorygraph.com/books/a399b349-1cf7-44a0-9315-fb5329046ce2")
    #expect(omens.id.rawValue.hasPrefix("u-"), "identified by its page")
    let kindle = try rows.book("Kindle Only")
    #expect(kindle.book.url.isEmpty && kindle.book.isbn.isEmpty)
    #expect(kindle.book.id.rawValue.hasPrefix("b-"), "identified by its title and authors")
    #expect(
      rows.warnings.first { $0.line == 5 }
        == ImportProblem(
          line: 5, reason: "ISBN/UID is neither an ISBN nor a StoryGraph id", detail: "B0851JCZYV"))
  }

  // MARK: - The reader's data

  @Test func theReadStatusIsTheShelf() throws {
    let rows = try ImportedRows(Self.export, as: .storygraph)
    #expect(try rows.record("소년이 온다").shelf == .read)
    #expect(try rows.record("The Name of the Wind").shelf == .dnf)
    #expect(try rows.record("Good Omens").shelf == .want)
    #expect(try rows.record("채식주의자").shelf == .reading)
    #expect(try rows.record("Paused Book").shelf == .reading)
    #expect(try rows.record("Odd Row").shelf == nil)
  }

  @Test func aStarRatingKeepsItsQuarterStars() throws {
    let rows = try ImportedRows(Self.export, as: .storygraph)
    #expect(try rows.record("소년이 온다").rating?.quarters == 15)
    #expect(try rows.record("Dune").rating == stars(4.5))
    #expect(try rows.record("Kindle Only").rating == stars(4), "4.0")
    #expect(try rows.record("The Name of the Wind").rating == nil, "unrated")
  }

  @Test func datesReadAreTheReadingsOldestFirst() throws {
    let rows = try ImportedRows(Self.export, as: .storygraph)
    #expect(
      try rows.record("소년이 온다").readings == [
        .init(started: day("2023-01-05"), finished: day("2023-01-20")),
        .init(started: day("2024-02-01"), finished: day("2024-02-10")),
      ])
    #expect(
      try rows.record("Dune").readings == [
        .init(started: day("2019-02-01"), finished: day("2019-02-20")),
        .init(started: day("2022-03-16"), finished: day("2022-04-01")),
      ], "YYYY-MM-DD, newest written first")
    #expect(try rows.record("Kindle Only").readings == [.init(finished: day("2021-07-21"))], "a day alone")
    #expect(try rows.record("채식주의자").readings == [.init(started: day("2025-10-03"))], "still reading")
    #expect(try rows.record("The Name of the Wind").readings == [.init(started: day("2022-06-01"))])
  }

  @Test func withoutDatesReadTheLastDateReadEndsTheReadCountReadings() throws {
    let hobbit = try ImportedRows(Self.export, as: .storygraph).record("The Hobbit")
    #expect(hobbit.readings == [.init(), .init(finished: day("2020-12-31"))])
  }

  @Test func tagsReviewDayAddedAndOwnedAreRead() throws {
    let rows = try ImportedRows(Self.export, as: .storygraph)
    let human = try rows.record("소년이 온다")
    #expect(human.tags == ["korean", "history"])
    #expect(human.review == "Quiet, devastating.\n\nRead it twice.")
    #expect(human.added == day("2023-01-01") && human.owned)
    #expect(try !rows.record("The Name of the Wind").owned)
    #expect(try rows.record("The Name of the Wind").notes.isEmpty, "StoryGraph has no private notes")
  }

  // MARK: - Problems

  @Test func valuesThatCannotBeReadAreWarningsWithTheirLineAndTheRowIsImported() throws {
    let rows = try ImportedRows(Self.export, as: .storygraph)
    #expect(
      rows.warnings.filter { $0.line == 8 } == [
        ImportProblem(
          line: 8, reason: "ISBN/UID is neither an ISBN nor a StoryGraph id", detail: "not-an-id"),
        ImportProblem(line: 8, reason: "Read Status is not a reading status", detail: "someday"),
        ImportProblem(line: 8, reason: "Dates Read is not a date", detail: "2024/09"),
        ImportProblem(
          line: 8, reason: "Dates Read is not a date", detail: "2023/01/05-2023/01/20-2023/02/01"),
        ImportProblem(line: 8, reason: "Star Rating is not a rating", detail: "3.3"),
        ImportProblem(line: 8, reason: "Date Added is not a date", detail: "2024/13/01"),
        ImportProblem(line: 8, reason: "Owned? is not Yes or No", detail: "Maybe"),
      ])
    #expect(try rows.record("Odd Row").readings == [.init()], "a reading in 2024/09, its days unknown")
    #expect(rows.warnings.allSatisfy { $0.line == 5 || $0.line == 8 })
  }

  @Test func aRowWithoutATitleIsSkippedAndEveryBookCarriesItsLine() throws {
    let rows = try ImportedRows(Self.export, as: .storygraph)
    #expect(rows.skipped == [ImportProblem(line: 9, reason: "no title")])
    #expect(rows.books.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 10, 11])
  }

  @Test func aFileWithoutStoryGraphsColumnsIsNotAStoryGraphExport() throws {
    #expect(
      throws: ImportError(
        message: "not a StoryGraph export CSV: the header on line 1 has no column ISBN/UID, Read Status")
    ) {
      try ImportedRows("Title,Authors\nx,y\n", as: .storygraph)
    }
  }
}
