import BookModel
import Foundation
import Storage
import TestSupport
import Testing

@testable import BookCatalog
@testable import BookImport
@testable import BookProviders

@Suite("Every ISBN of an Open Library record finds its book")
struct OtherISBNsTests {
  /// A dump's edition with an ISBN-13, the same edition's ISBN-10, and another edition's ISBN-10.
  static let dumpLine = """
    /type/edition\t/books/OL1M\t1\t2010-01-01T00:00:00\t{"title": "The Hobbit", \
    "isbn_13": ["9780261103344"], "isbn_10": ["0261103342", "0261102214"], "key": "/books/OL1M"}

    """

  /// The ISBNs that must find the doc of ``OpenLibraryPages/threeISBNs``, in every notation.
  static let stoneISBNs = ["9780747532743", "0747532745", "0590353403", "9780590353403"]

  /// `count` valid ISBN-13s, all different.
  static func isbns(_ count: Int) -> [String] {
    (0..<count).map { number in
      let body = "978" + String(format: "%09d", 100_000_000 + number)
      let sum = body.enumerated().reduce(0) { sum, digit in
        sum + Int(String(digit.element))! * (digit.offset.isMultiple(of: 2) ? 1 : 3)
      }
      return body + String((10 - sum % 10) % 10)
    }
  }

  func bookID(_ text: String) throws -> BookID { try #require(BookID(parsing: text)) }

  /// The ISBN-13s stored as other ISBNs of any book.
  func storedOtherISBNs(in catalog: Catalog) async throws -> [String] {
    try await catalog.database.read { connection in
      try connection.query("SELECT isbn13 FROM book_isbns ORDER BY isbn13") { $0.text(0) }
    }
  }

  // MARK: - Reading

  @Test func aSearchResultCarriesItsOtherValidISBNsBesideTheBook() throws {
    let rows = try ReadRows(OpenLibraryPages.threeISBNs, as: .openlibrary)
    #expect(rows.books.map(\.isbn) == ["0747532745 9780747532743"], "the book keeps Kakao's shape")
    #expect(rows.otherISBNs.map { $0.map(\.isbn13) } == [["9780590353403"]])
    #expect(rows.warnings.isEmpty)
  }

  @Test func aDumpRecordCarriesItsOtherEditionsISBNs() throws {
    let rows = try ReadRows(Self.dumpLine, as: .openlibrary)
    #expect(rows.books.map(\.isbn) == ["0261103342 9780261103344"])
    #expect(rows.otherISBNs.map { $0.map(\.isbn13) } == [["9780261102217"]])
  }

  // MARK: - Importing and finding

  @Test func everyValidISBNOfAnImportedSearchResultFindsIt() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try directory.catalog()
    let data = try directory.write(OpenLibraryPages.threeISBNs, to: "search.json")

    let first = try await catalog.importBooks(from: data, format: .openlibrary)
    #expect((first.read, first.added) == (1, 1))
    for isbn in Self.stoneISBNs {
      for target in [SearchQuery.Target.isbn, nil] {
        let page = try await catalog.search(SearchQuery(query: isbn, target: target))
        #expect(
          page.documents.map(\.id.rawValue) == ["9780747532743"],
          "\(isbn), target \(String(describing: target))")
        #expect(page.meta.totalCount == 1)
      }
    }
    let byOther = try await catalog.book(bookID("0590353403"))
    #expect(byOther?.isbn == "0747532745 9780747532743")
    #expect(try await catalog.search(SearchQuery(query: "9780747532744", target: .isbn)).documents.isEmpty)

    let second = try await catalog.importBooks(from: data, format: .openlibrary)
    #expect((second.read, second.added, second.updated, second.unchanged) == (1, 0, 0, 1))
    #expect(try await storedOtherISBNs(in: catalog) == ["9780590353403"])
  }

  @Test func everyValidISBNOfAnImportedDumpRecordFindsIt() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try directory.catalog()
    let data = try directory.write(Self.dumpLine, to: "editions.txt")

    let first = try await catalog.importBooks(from: data, format: .openlibrary)
    #expect((first.read, first.added) == (1, 1))
    for isbn in ["9780261103344", "0261103342", "0261102214", "9780261102217"] {
      for target in [SearchQuery.Target.isbn, nil] {
        let page = try await catalog.search(SearchQuery(query: isbn, target: target))
        #expect(page.documents.map(\.title) == ["The Hobbit"], "\(isbn)")
      }
    }
    #expect(try await catalog.book(bookID("0261102214"))?.id.rawValue == "9780261103344")

    let second = try await catalog.importBooks(from: data, format: .openlibrary)
    #expect((second.read, second.added, second.updated, second.unchanged) == (1, 0, 0, 1))
  }

  @Test func aRecordWhoseOtherISBNsChangedIsUpdatedAndFoundByTheNewOnesOnly() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try directory.catalog()
    _ = try await catalog.importBooks(
      from: directory.write(OpenLibraryPages.threeISBNs, to: "before.json"), format: .openlibrary)
    let changed = OpenLibraryPages.threeISBNs.replacingOccurrences(of: "0590353403", with: "9791190090018")
    let report = try await catalog.importBooks(
      from: directory.write(changed, to: "after.json"), format: .openlibrary)

    #expect((report.added, report.updated, report.unchanged) == (0, 1, 0))
    #expect(try await catalog.book(bookID("9791190090018"))?.id.rawValue == "9780747532743")
    #expect(try await catalog.book(bookID("0590353403")) == nil)
    #expect(try await catalog.search(SearchQuery(query: "0590353403", target: .isbn)).documents.isEmpty)
  }

  @Test func aBookStoredUnderAnISBNComesBeforeOneItIsAnotherISBNOf() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert(
      [Book(title: "The Work", isbn: "9780747532743"), Book(title: "The Edition", isbn: "0590353403")],
      source: .openLibrary, otherISBNs: [[try #require(ISBN("0590353403"))], []])

    let page = try await catalog.search(SearchQuery(query: "9780590353403", target: .isbn))
    #expect(page.documents.map(\.title) == ["The Edition", "The Work"])
    #expect(page.meta.totalCount == 2)
    #expect(try await catalog.book(bookID("0590353403"))?.title == "The Edition")
  }

  // MARK: - Keeping the table consistent

  @Test func anUpdateWithoutOtherISBNsKeepsThoseStored() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let work = Book(title: "The Work", url: "https://openlibrary.org/works/OL1W", isbn: "9780747532743")
    try await catalog.upsert([work], source: .openLibrary, otherISBNs: [[try #require(ISBN("0590353403"))]])
    var kakao = work
    kakao.publisher = "Bloomsbury"
    let report = try await catalog.upsert([kakao], source: .kakao)

    #expect(report.updated == 1)
    #expect(try await catalog.book(bookID("0590353403"))?.publisher == "Bloomsbury")
  }

  @Test func otherISBNsFollowTheBookWhenItsIdentityChanges() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let url = "https://openlibrary.org/works/OL1W"
    try await catalog.upsert(
      [Book(title: "The Work", url: url, isbn: "9780747532743")], source: .openLibrary,
      otherISBNs: [[try #require(ISBN("0590353403"))]])
    // The same page comes back under another ISBN: the row takes the new identity.
    let report = try await catalog.upsert(
      [Book(title: "The Work", url: url, isbn: "9791190090018")], source: .openLibrary)

    #expect(report.replaced.count == 1)
    #expect(try await catalog.book(bookID("0590353403"))?.id.rawValue == "9791190090018")
    #expect(try await catalog.count() == 1)
  }

  @Test func aDeletedBookTakesItsOtherISBNsWithIt() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert(
      [Book(title: "The Work", isbn: "9780747532743")], source: .openLibrary,
      otherISBNs: [[try #require(ISBN("0590353403"))]])
    _ = try await catalog.database.write { try $0.run("DELETE FROM books") }

    #expect(try await storedOtherISBNs(in: catalog).isEmpty)
    #expect(try await catalog.book(bookID("0590353403")) == nil)
  }

  @Test func aBookKeepsAtMostAHundredOtherISBNs() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try directory.catalog()
    let isbns = Self.isbns(150)
    let doc =
      #"{"docs":[{"key":"/works/OL9W","title":"Many Editions","isbn":["#
      + isbns.map { "\"\($0)\"" }
      .joined(separator: ",") + "]}]}"
    _ = try await catalog.importBooks(from: directory.write(doc, to: "many.json"), format: .openlibrary)

    let stored = try await storedOtherISBNs(in: catalog)
    #expect(stored.count == ISBN.maximumOthers)
    #expect(stored == Array(isbns[1...100]).sorted())
    #expect(try await catalog.book(bookID(isbns[100]))?.title == "Many Editions")
    #expect(try await catalog.book(bookID(isbns[101])) == nil)
  }

  @Test func aCatalogFromBeforeTheTableOpensAndFindsImportsByEveryISBN() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    do {
      let old = try Database(
        path: directory.catalogPath,
        // The starter books are stored as today's code stores them, in the columns it writes.
        migrations: Catalog.history.prefix { $0.name != Catalog.otherISBNsMigration.name } + [
          Catalog.workKeysMigration, Catalog.narrowColumnsMigration, Catalog.starterMigrations[0],
        ])
      #expect(try await old.read { try $0.integer("SELECT count(*) FROM books") } > 0)
    }
    let catalog = try Catalog(path: directory.catalogPath)
    _ = try await catalog.importBooks(
      from: directory.write(OpenLibraryPages.threeISBNs, to: "search.json"), format: .openlibrary)
    #expect(try await catalog.book(bookID("0590353403"))?.id.rawValue == "9780747532743")
  }
}
