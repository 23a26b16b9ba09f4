import BookModel
import Foundation
import SearchIndex
import Storage
import Testing

@testable import BookCatalog
@testable import BookImport

@Suite("Catalog: one record per book")
struct CatalogIdentityTests {
  static let header =
    "book_id,goodreads_book_id,best_book_id,work_id,books_count,isbn,isbn13,authors,original_publication_year,"
    + "original_title,title,language_code,average_rating,ratings_count,work_ratings_count,"
    + "work_text_reviews_count,ratings_1,ratings_2,ratings_3,ratings_4,ratings_5,image_url,small_image_url\n"

  /// A goodbooks-10k row.
  static func row(_ goodreadsID: Int, isbn: String, authors: String, title: String, ratings: Int = 10)
    -> String
  {
    "1,\(goodreadsID),1,1,1,\(isbn),,\"\(authors)\",1937.0,,\"\(title)\",eng,4,\(ratings),1,1,1,1,1,1,1,,\n"
  }

  static let hobbit = row(5907, isbn: "618260307", authors: "J.R.R. Tolkien", title: "The Hobbit")
  /// A starter book without an ISBN, as goodbooks-10k has it.
  static let goneWithTheWind = row(
    18405, isbn: "446675539", authors: "Margaret Mitchell", title: "Gone with the Wind")

  /// The starter book with this title.
  private func starter(_ title: String) throws -> Book {
    try #require(try Catalog.starterBooks().first { $0.title == title })
  }

  @Test func anImportedRecordWithAnIsbnTakesTheStarterBooksPlace() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try Catalog(path: directory.catalogPath)
    let starterCount = try await catalog.count()
    let old = try starter("Gone with the Wind").id
    let data = try directory.write(Self.header + Self.goneWithTheWind, to: "books.csv")

    let report = try await catalog.importBooks(from: data, format: .goodbooks)

    #expect(report.updated == 1 && report.added == 0)
    #expect(report.replaced == [old: try #require(BookID(parsing: "9780446675536"))])
    #expect(try await catalog.count() == starterCount, "no second copy")
    let book = try #require(try await catalog.book(old), "the old identity still finds the book")
    #expect(book.isbn == "0446675539 9780446675536")
    #expect(book.contents.hasPrefix("Headstrong Scarlett"), "what only the starter book knew stays")
    let page = try await catalog.search(SearchQuery(query: "Gone with the Wind"))
    #expect(
      page.documents.filter { $0.title == "Gone with the Wind" }.map(\.isbn) == ["0446675539 9780446675536"])
    #expect(try await catalog.replacements(of: [old]).mapValues(\.id) == [old: book.id])

    let again = try await catalog.importBooks(from: data, format: .goodbooks)
    #expect(again.unchanged == 1 && again.updated == 0 && again.replaced.isEmpty)
  }

  @Test func aRecordWithAnotherISBNTakesTheStarterBooksPlaceAndKeepsItsISBN() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try Catalog(path: directory.catalogPath)
    let starterCount = try await catalog.count()
    let starter = try starter("The Hobbit")
    #expect(starter.isbn13 == "9780261103283")
    let report = try await catalog.importBooks(
      from: try directory.write(Self.header + Self.hobbit, to: "books.csv"), format: .goodbooks)
    #expect(report.updated == 1 && report.added == 0)
    #expect(try await catalog.count() == starterCount, "no second Hobbit")
    let book = try #require(try await catalog.book(starter.id), "the starter's ISBN still finds the book")
    #expect(book.isbn == "0618260307 9780618260300" && book.pages == starter.pages)
    let page = try await catalog.search(SearchQuery(query: "The Hobbit"))
    #expect(page.documents.filter { $0.title == "The Hobbit" }.map(\.isbn) == ["0618260307 9780618260300"])
  }

  @Test func aCatalogOfTheFirstStarterBooksGainsTheSecondsWithoutASecondCopy() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let goodbooksHobbit = Book(
      title: "The Hobbit", url: "https://www.goodreads.com/book/show/5907", isbn: "0618260307 9780618260300",
      authors: ["J.R.R. Tolkien"])
    do {
      // The first starter catalog had no ISBNs, pages or series, nor the Korean 해리 포터 after the first.
      let first = Migration("load starter catalog 1") { connection in
        var report = Catalog.UpsertReport()
        var index: IndexWriter? = Catalog.searchIndex.writer()
        var starters = try Catalog.StarterTitles(on: connection)
        for var book in try Catalog.starterBooks()
        where book.series?.series != "해리 포터" || book.series?.volume == "1" {
          (book.isbn, book.pages, book.series) = ("", nil, nil)
          try Catalog.upsert(
            book, source: .starter, popularity: 0, on: connection, into: &report, index: &index,
            starters: &starters)
        }
        try index?.write(on: connection)
      }
      let old = try Database(path: directory.catalogPath, migrations: Catalog.schema + [first])
      try await old.write { connection in
        // A goodbooks record took the keyless Hobbit's place.
        var report = Catalog.UpsertReport()
        var index: IndexWriter? = Catalog.searchIndex.writer()
        var starters = try Catalog.StarterTitles(on: connection)
        try Catalog.upsert(
          goodbooksHobbit, source: .imported, popularity: 100, on: connection, into: &report, index: &index,
          starters: &starters)
        try index?.write(on: connection)
      }
    }
    let catalog = try Catalog(path: directory.catalogPath)
    #expect(try await catalog.count() == Catalog.starterBooks().count, "every starter book once")
    let hobbit = try #require(try await catalog.book(BookID(parsing: "9780261103283")!))
    #expect(hobbit.id == goodbooksHobbit.id, "the starter's ISBN finds the record that replaced it")
    #expect(hobbit.pages == (try starter("The Hobbit").pages), "which gained what only the starter knew")
    let vegetarian = try #require(try await catalog.search(SearchQuery(query: "채식주의자")).documents.first)
    #expect(vegetarian.isbn13 == "9788936433598" && vegetarian.pages == 247)
    #expect(
      try await catalog.search(SearchQuery(query: "채식주의자")).documents.filter { $0.title == "채식주의자" }.count
        == 1)
    #expect(try await catalog.series(named: "해리 포터").count == 7)
  }

  @Test func aProviderResultWithAnIsbnTakesTheStarterBooksPlace() async throws {
    let catalog = try Catalog(path: ":memory:")
    let old = try starter("토지")
    let kakao = Book(
      title: "토지", url: "https://search.daum.net/search?w=bookpage&bookId=1",
      isbn: "9791188862290",
      authors: ["박경리"], publisher: "다산책방", price: 12_000)
    let report = try await catalog.upsert([kakao], source: .kakao)
    #expect(report.replaced == [old.id: kakao.id])
    #expect(try await catalog.book(old.id)?.id == kakao.id)
    let page = try await catalog.search(SearchQuery(query: "토지"))
    #expect(page.documents.filter { $0.title == "토지" }.map(\.id) == [kakao.id])
  }

  @Test func anUpgradedCatalogFindsABookByItsPageAndListsItByItsDay() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let page = "https://search.daum.net/search?w=bookpage&bookId=77"
    let stored = Book(
      title: "소년이 온다", url: page, datetime: KakaoDate.parse("2014-05-19T00:00:00.000+09:00"), authors: ["한강"])
    do {
      // The catalog as the version before kept it: the page address and the date as text.
      let old = try Database(
        path: directory.catalogPath,
        migrations: Array(Catalog.schema.prefix { $0.name != Catalog.narrowColumnsMigration.name }))
      try await old.write { connection in
        try connection.run(
          """
          INSERT INTO books (id, title, book, published, popularity, source, updated_at, url)
          VALUES (?, ?, ?, '2014-05-19T00:00:00.000+09:00', 3, 'kakao', 0, ?)
          """, [stored.id.rawValue, stored.title, Catalog.encode(stored), page])
        try Catalog.reindex(on: connection)
      }
    }
    let catalog = try Catalog(path: directory.catalogPath, includingStarter: false)
    let days = try await catalog.database.read { try $0.query("SELECT day FROM books") { $0.int(0) } }
    #expect(days == [Int(Catalog.day(of: stored))], "the date's day, as the index keeps it")
    var withISBN = stored
    withISBN.isbn = "8936434128 9788936434120"
    let report = try await catalog.upsert([withISBN], source: .kakao)
    #expect(report.updated == 1 && report.added == 0, "found by its page")
    #expect(try await catalog.count() == 1)
    #expect(try await catalog.book(withISBN.id)?.isbn == withISBN.isbn)
  }

  @Test func anotherTitleOrAuthorIsAnotherBook() async throws {
    let catalog = try Catalog(path: ":memory:")
    let count = try await catalog.count()
    let other = Book(title: "1984", isbn: "0452284236", authors: ["George Orwell"])  // the starter's is 조지 오웰
    let graphic = Book(title: "The Hobbit", isbn: "0345368584", authors: ["Chuck Dixon", "J.R.R. Tolkien"])
    let report = try await catalog.upsert([other, graphic], source: .imported)
    #expect(report.added == 2 && report.replaced.isEmpty)
    #expect(try await catalog.count() == count + 2)
  }

  @Test func anImportThatChangesABooksIsbnLeavesNoDuplicate() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try directory.catalog()
    let first = Self.row(42, isbn: "439023483", authors: "Suzanne Collins", title: "The Hunger Games")
    let corrected = Self.row(42, isbn: "439023491", authors: "Suzanne Collins", title: "The Hunger Games")
    let noISBN = Self.row(43, isbn: "", authors: "Tina Fey", title: "Bossypants")
    let withISBN = Self.row(43, isbn: "316056863", authors: "Tina Fey", title: "Bossypants")
    _ = try await catalog.importBooks(
      from: try directory.write(Self.header + first + noISBN, to: "a.csv"), format: .goodbooks)
    let report = try await catalog.importBooks(
      from: try directory.write(Self.header + corrected + withISBN, to: "b.csv"), format: .goodbooks)

    #expect(try await catalog.count() == 2)
    #expect(report.updated == 2 && report.replaced.count == 2)
    let oldISBN = try #require(BookID(parsing: "9780439023481"))
    let games = try #require(try await catalog.book(oldISBN))
    #expect(games.isbn13 == "9780439023498", "the old ISBN finds the book under its new one")
    let bossypants = try #require(
      try await catalog.book(Book(title: "x", url: "https://www.goodreads.com/book/show/43").id))
    #expect(bossypants.isbn13 == "9780316056861")
  }

  @Test func importingAFileWithTwoRecordsOfOneBookTwiceReportsItUnchanged() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try directory.catalog()
    let one = Self.row(7, isbn: "618260307", authors: "J.R.R. Tolkien", title: "The Hobbit", ratings: 5)
    let two = Self.row(8, isbn: "618260307", authors: "Tolkien", title: "The Hobbit, Again", ratings: 9)
    let data = try directory.write(Self.header + one + Self.hobbit + two, to: "twice.csv")
    // Batches of one, so the records of one book are stored by different transactions.
    let first = try await catalog.importBooks(from: data, format: .goodbooks, batchSize: 1)
    #expect((first.read, first.added, first.updated, first.unchanged) == (3, 1, 0, 0))
    let second = try await catalog.importBooks(from: data, format: .goodbooks, batchSize: 1)
    #expect((second.read, second.added, second.updated, second.unchanged) == (3, 0, 0, 1))
  }

  @Test func aCatalogThatAlreadyHoldsBothRecordsKeepsOneWhenOpened() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let hobbit = try starter("The Hobbit")
    let withISBN = Book(
      title: "The Hobbit", url: "https://www.goodreads.com/book/show/5907", isbn: "0618260307 9780618260300",
      authors: ["J.R.R. Tolkien"])
    let zeros = Book(
      title: "Padded", url: "https://www.goodreads.com/book/show/1", isbn: "0000000000 9780000000002")
    do {
      // The catalog as the previous version left it: a starter book and its record with an ISBN,
      // and a book stored under the ISBN a padded `0` made, each book's JSON as it was.
      let oldStarter = Migration("load starter catalog 1") { connection in
        for book in try Catalog.starterBooks() {
          try connection.run(
            """
            INSERT OR IGNORE INTO books (id, isbn13, title, book, published, popularity, source, updated_at)
            VALUES (?, NULL, ?, ?, '', 0, 'starter', 0)
            """, [book.id.rawValue, book.title, book.jsonString(escapingSlashes: true)])
        }
      }
      let old = try Database(
        path: directory.catalogPath,
        migrations: Catalog.history.prefix { $0.name != Catalog.identityMigration.name } + [oldStarter])
      try await old.write { connection in
        for (id, book) in [("9780618260300", withISBN), ("9780000000002", zeros)] {
          try connection.run(
            """
            INSERT INTO books (id, isbn13, title, book, published, popularity, source, updated_at)
            VALUES (?, ?, ?, ?, '', 100, 'import', 0)
            """, [id, id, book.title, book.jsonString(escapingSlashes: true)])
        }
        try Catalog.reindex(on: connection)
      }
    }
    let catalog = try Catalog(path: directory.catalogPath)
    #expect(try await catalog.count() == Catalog.starterBooks().count + 1)
    let page = try await catalog.search(SearchQuery(query: "The Hobbit"))
    #expect(page.documents.filter { $0.title == "The Hobbit" }.map(\.id) == [withISBN.id])
    #expect(try await catalog.book(hobbit.id)?.contents == hobbit.contents, "merged into the ISBN record")
    let padded = try #require(try await catalog.book(Book(title: "x", url: zeros.url).id))
    #expect(padded.isbn.isEmpty)
    #expect(try await catalog.replacements(of: [hobbit.id]).mapValues(\.id) == [hobbit.id: withISBN.id])
  }
}
