import BookCatalog
import BookModel
import BookProviders
import Foundation
import TestLibraries
import Testing
import UserLibrary

@testable import ChaekApp

@Suite("Works: one row per work, its editions, the journal kept on the edition saved")
struct WorksTests {
  private let chaek: Chaek
  /// Three editions of one work, the most popular first, and a book of the same title by another.
  private let editions: [Book]
  private let other: Book

  init() async throws {
    func demian(_ isbn: String, _ publisher: String, _ title: String = "데미안") -> Book {
      Book(title: title, isbn: isbn, authors: ["헤르만 헤세"], publisher: publisher)
    }
    editions = [
      demian("9788954641630", "문학동네", "데미안 (양장)"), demian("9788937460449", "민음사"),
      demian("9791130613927", "더스토리"),
    ]
    other = Book(title: "데미안", isbn: "9788936434120", authors: ["다른 작가"], publisher: "창비")
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert(editions + [other], source: .kakao, popularity: [50, 20, 10, 5])
    chaek = Chaek(
      library: try await TestLibrary.make(), catalog: catalog,
      settings: try ProviderSettings(environment: [:]),
      strength: .minimum)
  }

  private func rows(_ text: String) async throws -> [WorkResult] {
    try await chaek.searchWorks(SearchQuery(query: text), for: .owner).rows
  }

  @Test func aSearchListsEachWorkOnceWithHowManyEditionsItHas() async throws {
    let found = try await rows("데미안")
    #expect(found.map(\.book.id) == [editions[0].id, other.id])
    #expect(found.map(\.editions) == [3, 1])
    let byISBN = try await rows("9788937460449")
    #expect(byISBN.map(\.book.id) == [editions[1].id], "an ISBN finds that edition itself")
    #expect(byISBN.first?.editions == 3)
    let outcome = try await chaek.searchWorks(SearchQuery(query: "데미안"), for: .owner).outcome
    #expect(outcome.page.documents.count == 4, "the provider's page keeps every book")
  }

  @Test func theEditionAReaderSavedStandsForItsWorkAndAnotherIsNotSavedBeside() async throws {
    _ = try await chaek.save(editions[2], for: .owner)
    let found = try await rows("데미안")
    #expect(found.first?.book.id == editions[2].id, "their edition, where the work is found")
    #expect(found.first?.saved == true)
    await #expect(throws: LibraryError.otherEditionSaved(editions[2].id)) {
      try await chaek.save(editions[0], for: .owner)
    }
    #expect(try await chaek.savedIDs(for: .owner) == [editions[2].id], "nothing saved beside it")
    #expect(try await chaek.save(editions[2], for: .owner) == .alreadySaved)
    #expect(try await chaek.save(other, for: .owner) == .saved, "another work of the same title")
  }

  @Test func switchingTheEditionKeptMovesTheJournalAndSwitchingBackUndoesIt() async throws {
    let (kept, chosen) = (editions[2], editions[1])
    _ = try await chaek.save(kept, for: .owner)
    _ = try await chaek.updateEntry(
      kept.id, try EntryChange(shelf: .read, rating: .some(StarRating(stars: 4.5))), today: .today(),
      for: .owner)
    _ = try await chaek.addNote(.quote, to: kept.id, text: "새는 알에서 나오려고 투쟁한다", day: .today(), for: .owner)

    let sheet = try await chaek.sheet(of: chosen, for: .owner)
    #expect(sheet.entry == nil)
    #expect(sheet.savedEdition?.book.id == kept.id, "the sheet says where the journal is")
    #expect(sheet.editions.map(\.book.id) == [kept.id, editions[0].id, chosen.id], "theirs first")

    #expect(try await chaek.switchEdition(to: chosen, for: .owner) == kept.id)
    #expect(try await chaek.savedIDs(for: .owner) == [chosen.id])
    let entry = try #require(try await chaek.entry(chosen.id, for: .owner))
    #expect(entry.shelf == .read)
    #expect(entry.rating == StarRating(stars: 4.5))
    #expect(entry.quotes.map(\.text) == ["새는 알에서 나오려고 투쟁한다"])
    #expect(try await chaek.sheet(of: kept, for: .owner).savedEdition?.book.id == chosen.id)

    #expect(try await chaek.switchEdition(to: kept, for: .owner) == chosen.id, "back again")
    #expect(try await chaek.entry(kept.id, for: .owner)?.quotes.count == 1)
    await #expect(throws: LibraryError.notSaved(other.id)) {
      try await chaek.switchEdition(to: other, for: .owner)
    }
  }

  @Test func aWorkOfOneEditionListsNoEditions() async throws {
    let sheet = try await chaek.sheet(of: other, for: .owner)
    #expect(sheet.editions.isEmpty)
    #expect(sheet.savedEdition == nil)
  }
}
