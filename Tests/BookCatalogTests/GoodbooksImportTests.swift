import BookModel
import Foundation
import Testing

@testable import BookCatalog
@testable import BookImport

/// Real rows read once for the tests that need no catalog: all of them, or the sample's.
private let goodbooksRows = Result { try ReadRows([UInt8](Goodbooks.data()), as: .goodbooks) }

@Suite("goodbooks-10k import")
struct GoodbooksImportTests {
  private func rows() throws -> ReadRows { try goodbooksRows.get() }

  // MARK: - Reading the real file

  @Test(Goodbooks.needsAllRows) func readsEveryOneOfTheTenThousandRows() throws {
    _ = try Goodbooks.fullData()
    let rows = try rows()
    #expect(rows.books.count == 10_000)
    #expect(rows.skipped.isEmpty)
    #expect(Set(rows.books.map(\.id)).count == 10_000, "every book has an identity of its own")
  }

  @Test func padsIsbn10sAndDerivesIsbn13sFromThemNotFromTheFloat() throws {
    let rows = try rows()
    let hungerGames = try rows.book("The Hunger Games (The Hunger Games, #1)")
    #expect(hungerGames.id.rawValue == "9780439023481")
    #expect(hungerGames.isbn == "0439023483 9780439023481")
    let azkaban = try rows.book("Harry Potter and the Prisoner of Azkaban (Harry Potter, #3)")
    #expect(azkaban.isbn == "043965548X 9780439655484")
    let mockingbird = try rows.book("To Kill a Mockingbird")
    #expect(mockingbird.isbn == "0061120081 9780061120084", "an 8-digit isbn lost two zeros")
  }

  @Test(Goodbooks.needsAllRows) func invalidIsbnsAreLeftOutWithTheirLineNumbers() throws {
    _ = try Goodbooks.fullData()
    let rows = try rows()
    #expect(rows.warnings.count == 23)
    #expect(rows.warnings.allSatisfy { $0.reason == "invalid ISBN" })
    #expect(rows.warnings.first == ImportProblem(line: 917, reason: "invalid ISBN", detail: "0812971060"))
    let reading = try rows.book("Reading Lolita in Tehran")
    #expect(reading.isbn.isEmpty && reading.id.rawValue.hasPrefix("u-"))
  }

  @Test func booksWithoutAnIsbnAreIdentifiedByTheirGoodreadsPage() throws {
    let rows = try rows()
    let bossypants = try rows.book("Bossypants")
    #expect(bossypants.isbn.isEmpty)
    #expect(bossypants.url == "https://www.goodreads.com/book/show/9418327")
    #expect(bossypants.id == Book(title: "anything", url: "https://www.goodreads.com/book/show/9418327").id)
  }

  @Test(Goodbooks.needsAllRows) func about700BooksHaveNoIsbnAnd23AnInvalidOne() throws {
    _ = try Goodbooks.fullData()
    #expect(try rows().books.filter(\.isbn.isEmpty).count == 700 + 23)
  }

  @Test func theSampleHoldsRealRowsOfEveryKindTheTestsNeed() throws {
    let sample = try ReadRows([UInt8](Data(contentsOf: Goodbooks.sampleFile)), as: .goodbooks)
    #expect(sample.books.count == 179 && sample.skipped.isEmpty)
    #expect(sample.warnings.count == 23, "every row with an invalid ISBN")
    #expect(Set(sample.books.map(\.id)).count == 179)
  }

  @Test func keepsTheWholeTitleAndSplitsAuthors() throws {
    let rows = try rows()
    let stone = try rows.book("Harry Potter and the Sorcerer's Stone (Harry Potter, #1)")
    #expect(stone.authors == ["J.K. Rowling", "Mary GrandPré"])
    #expect(stone.url == "https://www.goodreads.com/book/show/3")
    #expect(stone.publisher.isEmpty && stone.contents.isEmpty && stone.price == 0)
  }

  @Test func plausibleYearsBecomeJanuaryFirstAndOthersNothing() throws {
    let rows = try rows()
    #expect(try rows.book("The Hunger Games (The Hunger Games, #1)").datetime == january1(2008))
    #expect(try rows.book("Pride and Prejudice").datetime == january1(1813))
    #expect(try rows.book("The Odyssey").datetime == nil, "-720.0")
    #expect(try rows.book("Twilight: The Complete Illustrated Movie Companion").datetime == nil, "empty")
  }

  @Test func ratingsCountIsThePopularityAndPlaceholderCoversAreDropped() throws {
    let rows = try rows()
    let index = try #require(rows.books.firstIndex { $0.title == "The Hunger Games (The Hunger Games, #1)" })
    #expect(rows.popularity[index] == 4_780_653)
    #expect(rows.books[index].thumbnail == "https://images.gr-assets.com/books/1447303603m/2767052.jpg")
    #expect(try rows.book("Memoirs of a Geisha").thumbnail.isEmpty, "a Goodreads nophoto placeholder")
  }

  // MARK: - Importing into a catalog

  @Test(Goodbooks.needsAllRows)
  func importsIntoACatalogFileInBatchesWithPopularityAndAgainChangesNothing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try directory.catalog()
    let data = try Goodbooks.fullData()
    var progress: [ImportProgress] = []

    let report = try await catalog.importBooks(from: data, format: .goodbooks, batchSize: 3_000) {
      progress.append($0)
    }

    #expect(report.read == 10_000 && report.added == 10_000)
    #expect(report.updated == 0 && report.unchanged == 0 && report.skipped.isEmpty)
    #expect(report.warnings.count == 23)
    #expect(progress.map(\.books) == [3_000, 6_000, 9_000, 10_000])
    #expect(progress.last?.fraction == 1)
    #expect(try await catalog.count() == 10_000)
    let stored = try await catalog.book(try #require(BookID(parsing: "9780439023481")))
    #expect(stored?.title == "The Hunger Games (The Hunger Games, #1)")

    let page = try await catalog.search(SearchQuery(query: "hunger games", target: .title, size: 50))
    let ids = page.documents.map(\.id.rawValue)
    let popularity = try await catalog.database.read { connection in
      try ids.map { try connection.integer("SELECT popularity FROM books WHERE id = ?", [$0]) }
    }
    #expect(page.documents.count >= 5)
    #expect(page.documents.first?.title == "The Hunger Games (The Hunger Games, #1)")
    #expect(popularity.first == 4_780_653, "ratings_count is stored as the popularity")
    #expect(popularity.first == popularity.max(), "the most rated of the title matches comes first")

    let again = try await catalog.importBooks(from: data, format: .goodbooks)
    #expect(again.read == 10_000 && again.unchanged == 10_000)
    #expect(again.added == 0 && again.updated == 0)
    #expect(try await catalog.count() == 10_000)
  }

  // MARK: - A broken copy

  @Test func aBrokenCopyReportsItsBadRowsByLineAndReadsTheRest() throws {
    // The header and the first 20 books.
    var lines = Array(String(decoding: try Goodbooks.data(), as: UTF8.self).split(separator: "\n").prefix(21))
      .map(String.init)
    // Line 3: the title's closing quote is lost, so the quote swallows the next line break.
    lines[2] = lines[2].replacingOccurrences(of: "(Harry Potter, #1)\",", with: "(Harry Potter, #1),")
    // Line 6: columns missing.
    lines[5] = lines[5].split(separator: ",").prefix(10).joined(separator: ",")
    // Line 8: ratings_count is not a number; line 9: nor is goodreads_book_id; line 11: no title.
    lines[7] = replacingField(13, of: lines[7], with: "many")
    lines[8] = replacingField(1, of: lines[8], with: "abc")
    lines[10] = replacingField(10, of: lines[10], with: "")
    // Line 10: the year is text.
    lines[9] = lines[9].replacingOccurrences(of: ",2000.0,", with: ",soon,")
    // A last line whose quote never closes.
    lines.append("10001,1,1,1,1,,,Nobody,2020.0,x,\"Unclosed title")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let data = try directory.write(lines.joined(separator: "\n"), to: "broken.csv")

    let rows = try ReadRows(Array(data), as: .goodbooks)

    #expect(
      rows.skipped == [
        ImportProblem(line: 3, reason: "unbalanced quotes"),
        ImportProblem(line: 6, reason: "wrong number of fields", detail: "10 of 23"),
        ImportProblem(line: 9, reason: "goodreads_book_id is not a number", detail: "abc"),
        ImportProblem(line: 11, reason: "no title"),
        ImportProblem(line: 22, reason: "unbalanced quotes"),
      ])
    #expect(rows.books.count == 21 - 5)
    #expect(
      rows.warnings == [
        ImportProblem(line: 8, reason: "ratings_count is not a number", detail: "many"),
        ImportProblem(line: 10, reason: "original_publication_year is not a number", detail: "soon"),
      ])
    #expect(rows.books.contains { $0.title == "Twilight (Twilight, #1)" }, "line 4, after the broken quote")
    #expect(try rows.book("The Hobbit").datetime == january1(1937), "the rest of line 8 is read")
  }

  /// `line` with its `index`th comma-separated field replaced (for lines without quoted fields).
  private func replacingField(_ index: Int, of line: String, with value: String) -> String {
    var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    fields[index] = value
    return fields.joined(separator: ",")
  }
}
