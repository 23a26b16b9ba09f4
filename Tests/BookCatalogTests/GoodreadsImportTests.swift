import BookModel
import Foundation
import Testing

@testable import BookCatalog
@testable import BookImport

@Suite("Goodreads export import")
struct GoodreadsImportTests {
  /// Today's 24-column export: a review over three lines, ISBNs as formulas (`="…"`, `=""`), and
  /// broken rows: no Book Id nor ISBN (line 7, read by its title), no title (8), too few fields (9), an invalid ISBN and a
  /// year that is text (10).
  static let export = #"""
    Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,\#
    Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,\#
    Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies
    11,"The Hitchhiker's Guide to the Galaxy (Hitchhiker's Guide to the Galaxy, #1)",Douglas Adams,\#
    "Adams, Douglas",,"=""0345391802""","=""9780345391803""",5,4.22,Del Rey,Mass Market Paperback,193,\#
    1995,1979,2019/03/02,2019/01/15,favorites,favorites (#1),read,"Funny, and ""mostly harmless"".

    Still funny the second time.",,,2,1
    234225,Dune (Dune #1),Frank Herbert,"Herbert, Frank",,"=""0441013597""","=""9780441013593""",0,4.25,\#
    Ace Books,Paperback,528,2005,1965,,2020/05/01,to-read,to-read (#3),to-read,,,,0,0
    12067,"Good Omens: The Nice and Accurate Prophecies of Agnes Nutter, Witch",Terry Pratchett,\#
    "Pratchett, Terry",Neil Gaiman,="",="",4,4.25,William Morrow,Paperback,432,2006,1990,,2021/02/11,,,\#
    read,,,,1,0
    ,Untitled Row,Nobody,"Nobody, No",,="",="",0,0.00,,,,,,,2021/02/12,,,to-read,,,,0,0
    99,,Someone,"Someone, Else",,="",="",0,0.00,,,,,,,2021/02/12,,,to-read,,,,0,0
    42,"Short Row",Too Few
    7,Mystery Book,A. Author,"Author, A.",,"=""1234567890""",="",0,3.10,Small Press,Paperback,100,\#
    unknown,,,2021/03/01,,,to-read,,,,0,0

    """#

  /// The older 31-column export, with a byte-order mark and CRLF line ends.
  static let olderExport =
    "\u{FEFF}"
      + #"""
      Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,\#
      Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,\#
      Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,\#
      Recommended For,Recommended By,Owned Copies,Original Purchase Date,Original Purchase Location,\#
      Condition,Condition Description,BCID
      2767052,"The Hunger Games (The Hunger Games, #1)",Suzanne Collins,"Collins, Suzanne",,\#
      "=""0439023483""","=""9780439023481""",5,4.33,Scholastic Press,Hardcover,374,2008,2008,2012/04/01,\#
      2012/03/20,,,read,,,,1,,,0,,,,,
      13623848,The Song of Achilles,Madeline Miller,"Miller, Madeline",,"=""0062060619""",\#
      "=""9780062060617""",4,4.38,Ecco,Hardcover,378,2012,2011,,2014/06/30,"to-read, classics",\#
      "to-read (#12), classics (#2)",to-read,,,,0,,,1,2014/07/01,Bookshop,,,

      """#.replacingOccurrences(of: "\n", with: "\r\n")

  // MARK: - Today's export

  @Test func mapsAnExportRowOntoABook() throws {
    let rows = try ReadRows(Self.export, as: .goodreads)
    let dune = try rows.book("Dune (Dune #1)")
    #expect(dune.isbn == "0441013597 9780441013593" && dune.id.rawValue == "9780441013593")
    #expect(dune.authors == ["Frank Herbert"])
    #expect(dune.publisher == "Ace Books")
    #expect(dune.datetime == january1(1965), "the original publication year, not the edition's")
    #expect(dune.url == "https://www.goodreads.com/book/show/234225")
    #expect(dune.contents.isEmpty && dune.thumbnail.isEmpty)
    let guide = try rows.book("The Hitchhiker's Guide to the Galaxy (Hitchhiker's Guide to the Galaxy, #1)")
    #expect(guide.id.rawValue == "9780345391803")
    #expect(!guide.contents.contains("harmless"), "the reader's review is theirs, not the catalog's")
  }

  @Test func additionalAuthorsFollowTheAuthorAndEmptyIsbnsLeaveTheGoodreadsPageAsIdentity() throws {
    let omens = try ReadRows(Self.export, as: .goodreads)
      .book("Good Omens: The Nice and Accurate Prophecies of Agnes Nutter, Witch")
    #expect(omens.authors == ["Terry Pratchett", "Neil Gaiman"])
    #expect(omens.isbn.isEmpty)
    #expect(omens.id == Book(title: "x", url: "https://www.goodreads.com/book/show/12067").id)
  }

  @Test func reportsBrokenRowsByTheLineTheyStartOn() throws {
    let rows = try ReadRows(Self.export, as: .goodreads)
    #expect(rows.books.count == 5, "a row without a Book Id or an ISBN is known by its title and authors")
    #expect(
      rows.skipped == [
        ImportProblem(line: 8, reason: "no title"),
        ImportProblem(line: 9, reason: "wrong number of fields", detail: "3 of 24"),
      ])
    #expect(
      rows.warnings == [
        ImportProblem(line: 10, reason: "invalid ISBN", detail: "1234567890"),
        ImportProblem(line: 10, reason: "Year Published is not a number", detail: "unknown"),
      ])
    let mystery = try rows.book("Mystery Book")
    #expect(mystery.isbn.isEmpty && mystery.datetime == nil && mystery.publisher == "Small Press")
  }

  // MARK: - Other layouts

  @Test func readsTheOlder31ColumnExportWithBOMAndCRLF() throws {
    let rows = try ReadRows(Self.olderExport, as: .goodreads)
    #expect(rows.skipped.isEmpty && rows.warnings.isEmpty)
    #expect(rows.books.map(\.id.rawValue) == ["9780439023481", "9780062060617"])
    let achilles = try rows.book("The Song of Achilles")
    #expect(achilles.datetime == january1(2011) && achilles.publisher == "Ecco")
  }

  @Test func matchesColumnsByNameInAnyOrder() throws {
    let reversed = Self.reversingColumns(Self.export)
    #expect(reversed.hasPrefix("\"Owned Copies\",\"Read Count\""))
    let original = try ReadRows(Self.export, as: .goodreads)
    let shuffled = try ReadRows(reversed, as: .goodreads)
    #expect(shuffled.books == original.books)
    #expect(shuffled.skipped == original.skipped)
    #expect(shuffled.warnings == original.warnings)
  }

  @Test func aFileWithoutTheExportsColumnsIsNotAnExport() throws {
    #expect(
      throws: ImportError(message: "not a Goodreads export CSV: the header on line 1 has no column ISBN13")
    ) {
      try ReadRows("Book Id,Title,Author,ISBN\n1,x,y,z\n", as: .goodreads)
    }
    #expect(throws: ImportError.emptyFile) { try ReadRows("\n\n", as: .goodreads) }
  }

  @Test func importingTheExportAgainChangesNothing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try directory.catalog()
    let data = try directory.write(Self.export, to: "goodreads_library_export.csv")

    let first = try await catalog.importBooks(from: data, format: .goodreads)
    let second = try await catalog.importBooks(from: data, format: .goodreads)

    #expect(first.read == 5 && first.added == 5 && first.skipped.count == 2)
    #expect(second.read == 5 && second.unchanged == 5 && second.added == 0 && second.updated == 0)
    let page = try await catalog.search(SearchQuery(query: "dune"))
    #expect(page.documents.map(\.title) == ["Dune (Dune #1)"])
  }

  /// The CSV with its columns in reverse order and every field quoted.
  private static func reversingColumns(_ text: String) -> String {
    var reader = CSVReader(Array(text.utf8))
    var lines: [String] = []
    while let record = reader.next() {
      lines.append(
        record.fields.reversed().map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
          .joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
