import BookModel
import Foundation
import Testing

@testable import BookCatalog
@testable import BookImport

@Suite("Open Library import")
struct OpenLibraryImportTests {
  /// Search results, one per line, as `search.json?…` returns them in `docs`.
  static let searchResults = """
    {"key":"/works/OL82563W","title":"Harry Potter and the Philosopher's Stone",\
    "author_name":["J. K. Rowling"],\
    "publisher":["Bloomsbury","Scholastic"],"isbn":["not-an-isbn","9780747532743","0747532745"],\
    "first_publish_year":1997,"cover_i":10521270}
    {"key":"/works/OL1W","title":"소년이 온다","isbn":["9791190090018"],"first_publish_year":2014}

    """

  /// Lines of an Open Library dump: an edition, a work, and an author record.
  static let dump = """
    /type/edition\t/books/OL10000135M\t4\t2010-04-24T17:54:01.503315\t{"publishers": ["Bernan Press"], \
    "physical_format": "Hardcover", "title": "Fundamentals of Early Childhood Education", \
    "subtitle": "A Guide", \
    "isbn_10": ["0130462101"], "publish_date": "March 2004", "key": "/books/OL10000135M", \
    "authors": [{"key": "/authors/OL2645777A"}], "covers": [2380132], "type": {"key": "/type/edition"}}
    /type/work\t/works/OL45804W\t5\t2020-01-01T00:00:00.000000\t{"title": "Fantastic Mr Fox", \
    "key": "/works/OL45804W", "authors": [{"author": {"key": "/authors/OL34184A"}, \
    "type": {"key": "/type/author_role"}}], "first_publish_date": "October 1, 1970", \
    "description": {"type": "/type/text", "value": "A fox outwits three farmers."}}
    /type/author\t/authors/OL1A\t1\t2008-04-01T03:28:50.625462\t{"name": "Someone", "key": "/authors/OL1A"}

    """

  /// Lines that cannot be read, one of each kind, and an edition with only an invalid ISBN.
  static let broken = """
    {"title":
    {"key":"/works/OL2W","author_name":["Nobody"]}
    just some text
    /type/edition\t/books/OL3M\t1\t2010-01-01T00:00:00\t{"title": "Broken
    /type/edition\t/books/OL4M\t1\t2010-01-01T00:00:00\t{"title": "Odd ISBN", "isbn_13": ["9780000000000"]}

    """

  // MARK: - Search results

  @Test func mapsSearchResultsAsTheLiveSearchDoes() throws {
    let rows = try ReadRows(Self.searchResults, as: .openlibrary)
    #expect(rows.skipped.isEmpty && rows.warnings.isEmpty)
    let stone = try rows.book("Harry Potter and the Philosopher's Stone")
    #expect(stone.url == "https://openlibrary.org/works/OL82563W")
    #expect(stone.isbn == "0747532745 9780747532743")
    #expect(stone.authors == ["J. K. Rowling"] && stone.publisher == "Bloomsbury")
    #expect(stone.datetime == january1(1997))
    #expect(stone.thumbnail == "https://covers.openlibrary.org/b/id/10521270-M.jpg")
    #expect(try rows.book("소년이 온다").isbn == "9791190090018")
  }

  // MARK: - Dumps

  @Test func mapsAnEditionWithoutInventingAuthors() throws {
    let rows = try ReadRows(Self.dump, as: .openlibrary)
    let edition = try rows.book("Fundamentals of Early Childhood Education: A Guide")
    #expect(edition.isbn == "0130462101 9780130462107")
    #expect(edition.publisher == "Bernan Press")
    #expect(edition.datetime == january1(2004), "March 2004")
    #expect(edition.url == "https://openlibrary.org/books/OL10000135M")
    #expect(edition.thumbnail == "https://covers.openlibrary.org/b/id/2380132-M.jpg")
    #expect(edition.authors.isEmpty, "dumps name authors only by key")
  }

  @Test func readsWorksAndSkipsOtherRecords() throws {
    let rows = try ReadRows(Self.dump, as: .openlibrary)
    let fox = try rows.book("Fantastic Mr Fox")
    #expect(fox.contents == "A fox outwits three farmers.")
    #expect(fox.datetime == january1(1970))
    #expect(fox.url == "https://openlibrary.org/works/OL45804W" && fox.isbn.isEmpty)
    #expect(
      rows.skipped == [ImportProblem(line: 3, reason: "not an edition or a work", detail: "/type/author")])
  }

  @Test(arguments: [
    ("March 2004", 2004), ("2004-03-01", 2004), ("c1998", 1998), ("1/2/1998", 1998), ("12345", nil),
    ("unknown", nil), ("", nil),
  ])
  func takesTheFirstFourDigitYearOfAFreeTextDate(text: String, year: Int?) {
    #expect(OpenLibraryImport.year(in: text) == year)
  }

  // MARK: - Bad lines

  @Test func reportsBadLinesAndReadsTheRest() throws {
    let rows = try ReadRows(Self.searchResults + Self.broken, as: .openlibrary)
    #expect(
      rows.books.map(\.title) == ["Harry Potter and the Philosopher's Stone", "소년이 온다", "Odd ISBN"])
    #expect(
      rows.skipped == [
        ImportProblem(line: 3, reason: "invalid JSON"),
        ImportProblem(line: 4, reason: "no title"),
        ImportProblem(line: 5, reason: "neither a search result nor a dump line"),
        ImportProblem(line: 6, reason: "invalid JSON"),
      ])
    #expect(rows.warnings == [ImportProblem(line: 7, reason: "invalid ISBN", detail: "9780000000000")])
  }

  @Test func importingAgainChangesNothing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try directory.catalog()
    let data = try directory.write(Self.searchResults + Self.dump, to: "openlibrary.jsonl")

    let first = try await catalog.importBooks(from: data, format: .openlibrary)
    let second = try await catalog.importBooks(from: data, format: .openlibrary)

    #expect(first.read == 4 && first.added == 4 && first.skipped.count == 1)
    #expect(second.unchanged == 4 && second.added == 0 && second.updated == 0)
    #expect(try await catalog.book(try #require(BookID(parsing: "0130462101")))?.publisher == "Bernan Press")
  }
}
