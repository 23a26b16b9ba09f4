import BookCatalog
import BookImport
import BookModel
import ChaekApp
import Foundation
import TestLibraries
import TestSupport
import Testing
import UserLibrary

/// A Goodreads library export as Goodreads writes it: a book of the starter catalog with an ISBN,
/// one without (a Kindle edition), a book Chaek does not know, a row without a title. (`\#` joins
/// a row's lines.)
private let goodreadsExport = #"""
  Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,\#
  Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,\#
  Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies
  1384470,채식주의자,한강,"한강, 한강",,"=""8936433598""","=""9788936433598""",5,3.60,창비,Paperback,247,\#
  2007,2007,2026/03/02,2026/01/15,"소설, favorites","소설 (#1), favorites (#3)",read,"조용하고 ""무섭다"".",,\#
  "민지에게 빌려줌",1,1
  5000001,흰,한강,"한강, 한강",,"=""""","=""""",4,3.9,문학동네,Kindle Edition,,2016,2016,2026/04/10,2026/04/01,,,\#
  read,,,,1,0
  50202953,Piranesi,Susanna Clarke,"Clarke, Susanna",,"=""1526622424""","=""9781526610225""",0,4.25,\#
  Bloomsbury,Paperback,272,2020,2020,,2025/12/01,"to-read, fantasy","to-read (#3), fantasy (#1)",to-read,,,,0,0
  999,,Nobody,"Nobody, ",,"=""""","=""""",0,0,,,,,,,2025/01/01,,,to-read,,,,0,0

  """#

@Suite("Importing a reading app's export into the journal")
struct LibraryImportTests {
  private let today = CalendarDay("2026-05-01")!

  @Test func booksAreMatchedByISBNOrTitleAndAuthorElseAddedAndASecondImportChangesNothing() async throws {
    let catalog = try Catalog(path: ":memory:")
    let library = try await TestLibrary.make()
    let importer = LibraryImport(catalog: catalog, library: library)
    let report = try await importer.run(Data(goodreadsExport.utf8), format: .goodreads, today: today)

    let journal = try #require(report.journal)
    #expect(journal.rows.map(\.line) == [2, 3, 4])
    #expect(journal.rows.map(\.match) == [.identity, .title, .added], "the starter books have ISBNs")
    #expect(journal.rows.allSatisfy { $0.journal == .added })
    #expect(report.books.skipped.map(\.line) == [5])

    let vegetarian = try #require(try await library.entry(BookID(parsing: "9788936433598")!))
    #expect(
      vegetarian.shelf == .read && vegetarian.rating?.stars == 5 && vegetarian.review == "조용하고 \"무섭다\".")
    #expect(vegetarian.tags == ["favorites", "소설", Library.ownedTag].sorted())
    #expect(vegetarian.notes.map(\.text) == ["민지에게 빌려줌"])
    #expect(vegetarian.sessions.map(\.finished) == [CalendarDay("2026-03-02")])
    let white = try #require(try await library.savedBooks(shelf: .read).first { $0.book.title == "흰" })
    let starterWhite = try #require(try Catalog.starterBooks().first { $0.title == "흰" })
    #expect(white.book.id == starterWhite.id, "the catalog's record stands for it")
    #expect(try await library.savedFacets(shelf: nil, tag: nil).shelves[.want] == 1)
    #expect(try await library.stats(for: 2026, today: today).bookCount == 2)

    let again = try await importer.run(Data(goodreadsExport.utf8), format: .goodreads, today: today)
    #expect(again.journal?.rows.allSatisfy { $0.journal == .unchanged } == true)
    #expect(again.journal?.rows.map(\.match) == [.identity, .title, .identity])
    #expect(try await library.savedCount() == 3)
  }

  @Test func aGoodreadsExportReadsBackToTheSameJournalAndAJSONBackupRestoresByteForByte() async throws {
    let library = try await TestLibrary.make()
    _ = try await LibraryImport(catalog: try Catalog(path: ":memory:"), library: library).run(
      Data(goodreadsExport.utf8), format: .goodreads, today: today)

    let csv = try await LibraryExport(library: library).data(.goodreads)
    #expect(
      String(decoding: csv, as: UTF8.self).hasPrefix(GoodreadsExport.columns.joined(separator: ",") + "\n"))
    #expect(String(decoding: csv, as: UTF8.self).contains("\"=\"\"9788936433598\"\"\""))
    let copy = try await TestLibrary.make()
    _ = try await LibraryImport(catalog: try Catalog(path: ":memory:"), library: copy).run(
      csv, format: .goodreads, today: today)
    func journals(_ library: Library) async throws -> [String] {
      try await library.savedBooks().asyncMap { saved in
        let entry = try #require(try await library.entry(saved.book.id))
        return "\(entry.book.title) \(entry.shelf) \(entry.rating?.description ?? "-") \(entry.tags) "
          + "\(entry.review) \(entry.notes.map(\.text)) \(entry.sessions.map { $0.finished?.description ?? "?" })"
      }
    }
    let original = try await journals(library)
    let copied = try await journals(copy)
    #expect(copied == original)

    // Its own export, read back, changes nothing: the notes written as one are the notes it holds.
    let vegetarian = BookID(parsing: "9788936433598")!
    try await library.addNote(.note, to: vegetarian, text: "두 번째 메모", day: today)
    let own = try await LibraryExport(library: library).data(.goodreads)
    let reread = try await LibraryImport(catalog: try Catalog(path: ":memory:"), library: library).run(
      own, format: .goodreads, today: today)
    #expect(reread.journal?.rows.allSatisfy { $0.journal == .unchanged } == true)
    #expect(try await library.entry(vegetarian)?.notes.count == 2)

    let backup = try await LibraryExport(library: library).data(.json)
    let restored = try await TestLibrary.make()
    try await restored.restore(try LibraryBackup.decode(backup))
    #expect(try await LibraryExport(library: restored).data(.json) == backup)
  }
}

@Suite("Importing what the journal cannot keep")
struct LibraryImportLimitsTests {
  private let today = CalendarDay("2026-05-01")!

  @Test func tagsReviewsAndNotesTheJournalCannotKeepAreLeftOutOnTheirLineAndTheImportGoesOn() async throws {
    let shelves = (1...JournalText.maximumTags + 1).map { "shelf-\($0)" }.joined(separator: ", ")
    let long = String(repeating: "x", count: JournalText.maximumNoteLength + 1)
    let tag = String(repeating: "t", count: JournalText.maximumTagLength + 1)
    let export = """
      Book Id,Title,Author,ISBN,ISBN13,Bookshelves,Exclusive Shelf,My Review,Private Notes
      1,First,A,,,"\(shelves)",read,,
      2,Second,B,,,\(tag),to-read,\(long),\(long)
      3,Third,C,12345,,,to-read,좋았다,

      """
    let library = try await TestLibrary.make()
    let report = try await LibraryImport(catalog: try Catalog(path: ":memory:"), library: library).run(
      Data(export.utf8), format: .goodreads, today: today)
    #expect(report.journal?.rows.map(\.journal) == [.added, .added, .added])
    #expect(
      report.books.warnings == [
        ImportProblem(line: 2, reason: "tags beyond 100 a book", detail: "1: shelf-101"),
        ImportProblem(line: 3, reason: "review over 10000 characters", detail: "10001 characters"),
        ImportProblem(line: 3, reason: "tag over 100 characters", detail: "\(tag.prefix(20))…"),
        ImportProblem(line: 3, reason: "note over 10000 characters", detail: "10001 characters"),
        ImportProblem(line: 4, reason: "invalid ISBN", detail: "12345"),
      ], "the journal's among the reader's, in file order")
    let rows = try #require(report.journal?.rows)
    #expect(try await library.entry(rows[0].id)?.tags.count == JournalText.maximumTags)
    let second = try #require(try await library.entry(rows[1].id))
    #expect(second.tags.isEmpty && second.review.isEmpty && second.notes.isEmpty)
    #expect(try await library.entry(rows[2].id)?.review == "좋았다")
  }
}

@Suite("Exporting the journal")
struct LibraryExportTests {
  @Test func goodreadsGetsTheDayTheLastReadingFinishedWhateverOrderTheyWereKept() async throws {
    let library = try await TestLibrary.make()
    let book = Book(title: "Emma", isbn: "0141439580", authors: ["Jane Austen"])
    try await library.save(book)
    var entry = try await library.finishReading(book.id, on: CalendarDay("2026-05-04")!)
    entry = try await library.startReading(book.id, on: CalendarDay("2020-01-01")!)
    try await library.updateSession(entry.sessions[1].id, started: nil, finished: CalendarDay("2020-02-02"))
    let csv = String(decoding: try await LibraryExport(library: library).data(.goodreads), as: UTF8.self)
    #expect(csv.contains(",2026/05/04,"), "\(csv)")
    #expect(!csv.contains("2020/02/02"))
  }
}

extension Array {
  fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var results: [T] = []
    for element in self { results.append(try await transform(element)) }
    return results
  }
}
