import BookModel
import Testing

@testable import BookImport

@Suite("Goodreads export: the reader's own data")
struct GoodreadsReadingTests {
  /// Today's 24-column export: a Korean book read twice whose quoted review holds commas, quotes, a
  /// line break and `<br/>`s, and whose notes span a line (lines 2–4); each exclusive shelf, the
  /// built-in ones and two the reader made (5–8); readings counted and dated (9, 10); values that
  /// cannot be read (11); a row without a Book Id but with an ISBN (12), and one with neither (13).
  static let export = #"""
    Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,\#
    Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,\#
    Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies
    1384470,채식주의자,한강,"한강, 한강",,"=""8936433598""","=""9788936433598""",5,3.60,창비,Paperback,247,\#
    2007,2007,2024/03/02,2024/01/15,"favorites, 한국-소설, favorites","favorites (#3), 한국-소설 (#1)",read,\#
    "Unsettling, precise, and ""quiet"".<br/><br/>Second reading:
    the trees.<br>Still.",,"Lent to 민지,
    back in May.",2,1
    234225,Dune (Dune #1),Frank Herbert,"Herbert, Frank",,"=""0441013597""","=""9780441013593""",0,4.25,\#
    Ace Books,Paperback,528,2005,1965,,2020/05/01,"to-read, sci-fi","to-read (#3), sci-fi (#1)",to-read,,,,0,0
    13623848,The Song of Achilles,Madeline Miller,"Miller, Madeline",,"=""0062060619""",\#
    "=""9780062060617""",0,4.38,Ecco,Hardcover,378,2012,2011,,2025/11/02,currently-reading,\#
    currently-reading (#1),currently-reading,,,,1,0
    12067,"Good Omens: The Nice and Accurate Prophecies of Agnes Nutter, Witch",Terry Pratchett,\#
    "Pratchett, Terry",Neil Gaiman,"=""""","=""""",2,4.25,William Morrow,Paperback,432,2006,1990,,2021/02/11,\#
    "did-not-finish, 장르","did-not-finish (#1), 장르 (#4)",did-not-finish,,,,0,0
    5907,The Hobbit,J.R.R. Tolkien,"Tolkien, J.R.R.",,="",="",0,4.28,Houghton Mifflin,Paperback,366,2002,1937,,\#
    2019/08/08,abandoned,abandoned (#1),abandoned,,,,0,0
    11,"The Hitchhiker's Guide to the Galaxy (Hitchhiker's Guide to the Galaxy, #1)",Douglas Adams,\#
    "Adams, Douglas",,"=""0345391802""","=""9780345391803""",4,4.22,Del Rey,Mass Market Paperback,193,1995,\#
    1979,2019/03/02,2019/01/15,,,read,,,,0,1
    2767052,소년이 온다,한강,"한강, 한강",,="","=""9791190090018""",3,4.40,창비,Paperback,216,2014,2014,,\#
    2016/05/20,,,read,,,,3,0
    99,Mystery Book,A. Author,"Author, A.",,="",="",great,3.10,Small Press,Paperback,many,2001,,yesterday,\#
    2021/02/30,,,read,,,,two,x
    ,Written Elsewhere,Some One,"One, Some",,"=""0756404746""","=""9780756404741""",0,,,,,,,,2022/02/02,\#
    to-read,to-read (#1),to-read,,,,0,0
    ,No Identity,Some One,"One, Some",,="",="",0,,,,,,,,2022/02/02,to-read,to-read (#2),to-read,,,,0,0

    """#

  @Test func theExclusiveShelfIsTheShelfAndAnyShelfTheReaderMadeIsDidNotFinish() throws {
    let rows = try ImportedRows(Self.export, as: .goodreads)
    #expect(try rows.record("채식주의자").shelf == .read)
    #expect(try rows.record("Dune (Dune #1)").shelf == .want)
    #expect(try rows.record("The Song of Achilles").shelf == .reading)
    #expect(
      try rows.record("Good Omens: The Nice and Accurate Prophecies of Agnes Nutter, Witch").shelf == .dnf)
    #expect(try rows.record("The Hobbit").shelf == .dnf, "abandoned")
  }

  @Test func theOtherShelvesAreTheTagsTrimmedAndWithoutRepeats() throws {
    let rows = try ImportedRows(Self.export, as: .goodreads)
    #expect(try rows.record("채식주의자").tags == ["favorites", "한국-소설"])
    #expect(try rows.record("Dune (Dune #1)").tags == ["sci-fi"], "to-read is the exclusive shelf")
    #expect(
      try rows.record("Good Omens: The Nice and Accurate Prophecies of Agnes Nutter, Witch").tags == ["장르"])
    #expect(try rows.record("The Song of Achilles").tags.isEmpty)
  }

  @Test func aRatingIsWholeStarsAndZeroIsUnrated() throws {
    let rows = try ImportedRows(Self.export, as: .goodreads)
    #expect(try rows.record("채식주의자").rating == stars(5))
    #expect(
      try rows.record("Good Omens: The Nice and Accurate Prophecies of Agnes Nutter, Witch").rating
        == stars(2))
    #expect(try rows.record("Dune (Dune #1)").rating == nil)
  }

  @Test func theReviewsLineBreaksAndTheNotesAreKept() throws {
    let record = try ImportedRows(Self.export, as: .goodreads).record("채식주의자")
    #expect(record.review == "Unsettling, precise, and \"quiet\".\n\nSecond reading:\nthe trees.\nStill.")
    #expect(record.notes == "Lent to 민지,\nback in May.")
  }

  @Test func readCountReadingsOnTheReadShelfEndWithTheDateRead() throws {
    let rows = try ImportedRows(Self.export, as: .goodreads)
    #expect(
      try rows.record("채식주의자").readings == [.init(), .init(finished: day("2024-03-02"))],
      "read twice, the last finished on the Date Read")
    #expect(
      try rows.record("The Hitchhiker's Guide to the Galaxy (Hitchhiker's Guide to the Galaxy, #1)").readings
        == [.init(finished: day("2019-03-02"))], "Read Count 0 with a Date Read is one reading")
    #expect(try rows.record("소년이 온다").readings == [.init(), .init(), .init()], "three, undated")
    #expect(
      try rows.record("The Song of Achilles").readings.isEmpty, "Read Count counts on the read shelf only")
    #expect(try rows.record("Dune (Dune #1)").readings.isEmpty)
  }

  @Test func theDayAddedPagesAndOwnedCopiesAreRead() throws {
    let rows = try ImportedRows(Self.export, as: .goodreads)
    let vegetarian = try rows.record("채식주의자")
    #expect(vegetarian.added == day("2024-01-15") && vegetarian.pages == 247 && vegetarian.owned)
    let dune = try rows.record("Dune (Dune #1)")
    #expect(dune.added == day("2020-05-01") && dune.pages == 528 && !dune.owned)
  }

  @Test func valuesThatCannotBeReadAreWarningsWithTheirLineAndTheRowIsImported() throws {
    let rows = try ImportedRows(Self.export, as: .goodreads)
    #expect(
      rows.warnings == [
        ImportProblem(line: 11, reason: "Date Read is not a date", detail: "yesterday"),
        ImportProblem(line: 11, reason: "Read Count is not a number", detail: "two"),
        ImportProblem(line: 11, reason: "My Rating is not a rating", detail: "great"),
        ImportProblem(line: 11, reason: "Date Added is not a date", detail: "2021/02/30"),
        ImportProblem(line: 11, reason: "Number of Pages is not a number", detail: "many"),
        ImportProblem(line: 11, reason: "Owned Copies is not a number", detail: "x"),
      ])
    #expect(try rows.record("Mystery Book") == ReadingRecord(shelf: .read))
  }

  @Test func eachBookCarriesTheLineItsRowStartsOn() throws {
    let rows = try ImportedRows(Self.export, as: .goodreads)
    #expect(rows.books.map(\.line) == [2, 5, 6, 7, 8, 9, 10, 11, 12, 13])
  }

  @Test func aRowWithoutBookIdIsIdentifiedByItsISBNElseByItsTitleAndAuthors() throws {
    let rows = try ImportedRows(Self.export, as: .goodreads)
    let elsewhere = try rows.book("Written Elsewhere").book
    #expect(elsewhere.url.isEmpty && elsewhere.id.rawValue == "9780756404741")
    let unknown = try rows.book("No Identity").book
    #expect(unknown.url.isEmpty && unknown.id == Book(title: "No Identity", authors: ["Some One"]).id)
    #expect(rows.skipped.isEmpty)
  }

  @Test func columnsAnOlderLayoutLacksLeaveTheRecordEmpty() throws {
    let rows = try ImportedRows("Book Id,Title,Author,ISBN,ISBN13\n7,Old,Some One,,\n", as: .goodreads)
    #expect(rows.warnings.isEmpty)
    #expect(try rows.record("Old") == ReadingRecord())
  }

  @Test func aReviewsLineBreaksAreReadInAnyCaseAndSpacingAndOtherTagsKept() {
    #expect(ImportField.review("a<BR >b<br/>c<br />d<Br\t/>e") == "a\nb\nc\nd\ne")
    #expect(ImportField.review("<b>bold</b> < 3 <br") == "<b>bold</b> < 3 <br", "not a line break")
    #expect(ImportField.review("no tags") == "no tags")
  }
}
