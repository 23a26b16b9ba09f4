import BookCatalog
import BookModel
import BookProviders
import Foundation
import TestLibraries
import Testing
import UserLibrary

@testable import ChaekApp

@Suite("Each reading names the edition read")
struct ReadingEditionTests {
  private let chaek: Chaek
  /// Two editions of 노르웨이의 숲 (one work by the catalog's rules), and 상실의 시대 (another).
  private let wood = Book(title: "노르웨이의 숲", isbn: "9791100000021", authors: ["무라카미 하루키"], publisher: "민음사")
  private let woodAgain = Book(
    title: "노르웨이의 숲", isbn: "9791100000038", authors: ["무라카미 하루키"], publisher: "민음사 리커버")
  private let lost = Book(title: "상실의 시대", isbn: "9791100000014", authors: ["무라카미 하루키"], publisher: "문학사상사")

  init() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert([wood, woodAgain, lost], source: .kakao, popularity: [3, 2, 1])
    chaek = Chaek(
      library: try await TestLibrary.make(), catalog: catalog,
      settings: try ProviderSettings(environment: [:]),
      strength: .minimum)
  }

  /// Saves `book`, reads it once (finished today) and answers the reading's id.
  private func reading(of book: Book) async throws -> Int {
    _ = try await chaek.save(book, for: .owner)
    let entry = try await chaek.finishReading(book.id, on: .today(), for: .owner).value
    return try #require(entry.sessions.last).id
  }

  private func editionsRead(_ book: Book) async throws -> [BookID?] {
    try await chaek.entry(book.id, for: .owner)?.sessions.map(\.edition) ?? []
  }

  @Test func aReadingNamesAnotherEditionOfTheWorkAndNothingElse() async throws {
    let session = try await reading(of: wood)
    let day = CalendarDay.today()
    var entry = try await chaek.updateSession(
      session, started: nil, finished: day, edition: .some(woodAgain.id), for: .owner)
    #expect(entry.sessions.map(\.edition) == [woodAgain.id])
    entry = try await chaek.updateSession(session, started: day, finished: day, for: .owner)
    #expect(entry.sessions.map(\.edition) == [woodAgain.id], "a change of days leaves the edition")
    #expect(entry.sessions.first?.started == day)

    await #expect(throws: LibraryError.invalid("\(lost.id) is not an edition of this book's work")) {
      try await chaek.updateSession(
        session, started: nil, finished: day, edition: .some(lost.id), for: .owner)
    }
    #expect(try await chaek.entry(wood.id, for: .owner)?.sessions.first?.started == day, "nothing changed")

    entry = try await chaek.updateSession(
      session, started: day, finished: day, edition: .some(wood.id), for: .owner)
    #expect(entry.sessions.map(\.edition) == [nil], "the saved edition goes unnamed")
    entry = try await chaek.updateSession(
      session, started: day, finished: day, edition: .some(woodAgain.id), for: .owner)
    entry = try await chaek.updateSession(
      session, started: day, finished: day, edition: .some(nil), for: .owner)
    #expect(entry.sessions.map(\.edition) == [nil])
  }

  @Test func switchingTheSavedEditionKeepsTheEditionEachReadingWasOf() async throws {
    let session = try await reading(of: wood)
    _ = try await chaek.switchEdition(to: woodAgain, for: .owner)
    #expect(try await editionsRead(woodAgain) == [wood.id], "read in the edition saved then")
    _ = try await chaek.startReading(woodAgain.id, on: .today(), for: .owner)
    #expect(try await editionsRead(woodAgain) == [wood.id, nil])

    _ = try await chaek.switchEdition(to: wood, for: .owner)
    #expect(try await editionsRead(wood) == [nil, woodAgain.id], "each still names what it was read in")
    #expect(try await chaek.entry(wood.id, for: .owner)?.sessions.first?.id == session)
  }

  @Test func aMergeMovesReadingsAsReadInTheirEditionAndItsSplitTakesThatBack() async throws {
    _ = try await reading(of: lost)
    _ = try await reading(of: wood)
    let merge = try await chaek.mergeWork(of: lost, into: wood, for: .owner)
    #expect(try await editionsRead(wood) == [lost.id, nil], "the moved reading was of 상실의 시대")

    _ = try await chaek.splitWork(merge.id, for: .owner)
    #expect(try await editionsRead(lost) == [nil])
    #expect(try await editionsRead(wood) == [nil])
  }

  @Test func aReadingOfABookTheCatalogLacksKeepsItsDaysWithItsOwnEdition() async throws {
    // An edition of 노르웨이의 숲 saved in the library but not held by the catalog (as after the
    // catalog was made anew): the work's editions there are the others.
    let unknown = Book(title: "노르웨이의 숲", isbn: "9791100000052", authors: ["무라카미 하루키"], publisher: "다른 출판사")
    _ = try await chaek.library(for: .owner).save(unknown)
    let session = try #require(
      try await chaek.finishReading(unknown.id, on: .today(), for: .owner).value.sessions.last
    ).id
    #expect(try await chaek.catalog.book(unknown.id) == nil)
    let entry = try await chaek.updateSession(
      session, started: .today(), finished: .today(), edition: .some(unknown.id), for: .owner)
    #expect(entry.sessions.map(\.edition) == [nil] && entry.sessions.first?.started == .today())
  }

  @Test func aReadingFollowsItsEditionToTheEditionsNewIdentity() async throws {
    let library = try await TestLibrary.make()
    _ = try await library.save(wood)
    let entry = try await library.finishReading(wood.id, on: .today())
    let keyless = try #require(BookID(parsing: "u-0123456789abcdef"))
    try await library.updateSession(
      try #require(entry.sessions.first).id, started: nil, finished: .today(), edition: .some(keyless))
    #expect(try await library.bookIDs().contains(keyless), "an edition a reading names is followed")
    _ = try await library.follow([keyless: woodAgain])
    #expect(try await library.entry(wood.id)?.sessions.map(\.edition) == [woodAgain.id])
  }

  @Test func aBackupKeepsTheEditionRead() async throws {
    let library = try await TestLibrary.make()
    _ = try await library.save(wood)
    let entry = try await library.finishReading(wood.id, on: .today())
    try await library.updateSession(
      try #require(entry.sessions.first).id, started: nil, finished: .today(), edition: .some(woodAgain.id))
    let backup = try LibraryBackup.decode(try await library.backup().encoded())
    #expect(backup.books.first?.sessions.map(\.edition) == [woodAgain.id])
    let restored = try await TestLibrary.make()
    try await restored.restore(backup)
    #expect(try await restored.entry(wood.id)?.sessions.map(\.edition) == [woodAgain.id])
  }
}
