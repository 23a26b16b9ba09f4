import BookModel
import Foundation
import Storage
import Testing

@testable import BookCatalog

@Suite("Catalog: works and their editions")
struct CatalogWorksTests {
  private static func demian(_ isbn: String, publisher: String, title: String = "데미안") -> Book {
    Book(title: title, isbn: isbn, authors: ["헤르만 헤세"], publisher: publisher, translators: ["전영애"])
  }

  private static let editions = [
    demian("9788937460449", publisher: "민음사"),
    demian("9788954641630", publisher: "문학동네", title: "데미안 (양장)"),
    demian("9791130613927", publisher: "더스토리"),
  ]

  @Test func aBooksTitleWithoutItsNoteAndFirstAuthorNameItsWork() {
    let works = Set(Self.editions.map(\.workID))
    #expect(works.count == 1, "three publishers, a binding's note: one work")
    #expect(Book(title: "데미안", authors: ["헤르만 헤세", "누군가"]).workID == Self.editions[0].workID)
    #expect(Book(title: "데미안", authors: ["다른 작가"]).workID != Self.editions[0].workID)
    #expect(Book(title: "토지 1", authors: ["박경리"]).workID != Book(title: "토지 2", authors: ["박경리"]).workID)
    let named = Book(title: "The Vegetarian", authors: ["Han Kang"], work: "/works/OL17930368W")
    let translated = Book(title: "채식주의자", authors: ["한강"], work: "/works/OL17930368W")
    #expect(named.workID == translated.workID, "the work a source names groups translations")
    #expect(
      Book(title: "무명", isbn: "9788936434120").workID != Book(title: "무명", isbn: "9788937460449").workID)
    #expect(WorkID(parsing: named.workID.rawValue) == named.workID)
    #expect(WorkID(parsing: "w-xyz") == nil)
  }

  @Test func theEditionsOfAWorkAreTheBooksOfItsTitleAndAuthorMostPopularFirst() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let other = Book(title: "데미안", isbn: "9788936434120", authors: ["다른 작가"], publisher: "창비")
    let sequel = Book(title: "데미안 2", isbn: "9788936433598", authors: ["헤르만 헤세"], publisher: "창비")
    try await catalog.upsert(
      Self.editions + [other, sequel], source: .kakao, popularity: [5, 50, 1, 100, 100])
    let found = try await catalog.editions(of: Self.editions[0])
    #expect(found.map(\.publisher) == ["문학동네", "민음사", "더스토리"])
    let works = try await catalog.editions(ofWorksOf: [Self.editions[2], other])
    #expect(works.count == 2)
    #expect(works[other.workID]?.map(\.id) == [other.id], "a work of one edition")
    let unknown = Book(title: "처음 보는 책", isbn: "9791190090018", authors: ["누군가"])
    #expect(try await catalog.editions(of: unknown).map(\.id) == [unknown.id], "a book not stored is its own")
  }

  @Test func aWorkNamedBySourceGroupsItsEditionsWhateverTheirTitles() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let work = "/works/OL17930368W"
    let english = Book(title: "The Vegetarian", isbn: "9781101906118", authors: ["Han Kang"], work: work)
    let korean = Book(title: "채식주의자", isbn: "9788936433598", authors: ["한강"], work: work)
    let unnamed = Book(title: "The Vegetarian", isbn: "9781846276033", authors: ["Han Kang"])
    try await catalog.upsert([english, korean, unnamed], source: .openLibrary, popularity: [10, 20, 30])
    #expect(try await catalog.editions(of: english).map(\.title) == ["채식주의자", "The Vegetarian"])
    #expect(try await catalog.book(korean.id)?.work == work)
    #expect(try await catalog.editions(of: unnamed).map(\.id) == [unnamed.id], "no work named, no other")
  }

  @Test func booksStoredWithTheirWorkInAColumnAloneGainItInTheBookWhenOpened() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let work = "/works/OL82563W"
    let stone = Book(title: "Harry Potter and the Philosopher's Stone", isbn: "9780747532699", work: work)
    do {
      let catalog = try directory.catalog()
      try await catalog.upsert([stone], source: .openLibrary)
      // As a catalog of the version before kept it: the work in its column, not in the book.
      var bare = stone
      bare.work = nil
      let stored = try Catalog.encode(bare)
      try await catalog.database.write { connection in
        try connection.run("UPDATE books SET book = ? WHERE id = ?", [stored, stone.id.rawValue])
        try connection.run("DELETE FROM schema_migrations WHERE name = 'keep each book''s work in the book'")
      }
      #expect(try await catalog.book(stone.id)?.work == nil)
    }
    let reopened = try directory.catalog()
    #expect(try await reopened.book(stone.id)?.work == work)
  }
}
