import BookCatalog
import BookModel
import BookProviders
import Foundation
import TestLibraries
import Testing
import UserLibrary

@testable import ChaekApp

@Suite("Merging works and splitting them again, everything saved following")
struct WorkMergeTests {
  private let chaek: Chaek
  /// One novel under two Korean titles (*Norwegian Wood*): two works by the catalog's rules.
  private let norwegianWood: Book
  private let lostTimes: Book
  private let other: Book

  init() async throws {
    norwegianWood = Book(title: "노르웨이의 숲", isbn: "9791100000014", authors: ["무라카미 하루키"], publisher: "민음사")
    lostTimes = Book(title: "상실의 시대", isbn: "9791100000021", authors: ["무라카미 하루키"], publisher: "문학사상사")
    other = Book(title: "해변의 카프카", isbn: "9791100000038", authors: ["무라카미 하루키"], publisher: "문학사상사")
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert([norwegianWood, lostTimes, other], source: .kakao, popularity: [30, 20, 10])
    chaek = Chaek(
      library: try await TestLibrary.make(), catalog: catalog,
      settings: try ProviderSettings(environment: [:]),
      strength: .minimum)
  }

  private func rows() async throws -> [WorkResult] {
    try await chaek.searchWorks(SearchQuery(query: "무라카미 하루키", target: .person), for: .owner).rows
  }

  @Test func aMergedWorkIsOneRowAndItsSheetListsBothWithTheWayToSplit() async throws {
    #expect(try await rows().map(\.editions) == [1, 1, 1])
    let merge = try await chaek.mergeWork(of: lostTimes, into: norwegianWood, for: .owner)
    #expect(try await rows().map(\.book.title) == ["노르웨이의 숲", "해변의 카프카"])
    #expect(try await rows().map(\.editions) == [2, 1])
    let sheet = try await chaek.sheet(of: lostTimes, for: .owner)
    #expect(sheet.editions.map(\.book.title) == ["상실의 시대", "노르웨이의 숲"])
    #expect(sheet.editions.map(\.merge) == [merge.id, nil], "the merged edition is the one to split off")

    let split = try await chaek.splitWork(merge.id, for: .owner)
    #expect((split.id, split.source, split.target) == (merge.id, lostTimes.workID, norwegianWood.workID))
    #expect(try await rows().map(\.editions) == [1, 1, 1])
    await #expect(throws: LibraryError.noSuchRecord("merge \(merge.id)")) {
      try await chaek.splitWork(merge.id, for: .owner)
    }
  }

  @Test func mergesJoinWholeWorksAndRefuseJoiningAWorkToItself() async throws {
    _ = try await chaek.mergeWork(of: lostTimes, into: norwegianWood, for: .owner)
    await #expect(throws: LibraryError.invalid("these are editions of one work already")) {
      try await chaek.mergeWork(of: norwegianWood, into: lostTimes, for: .owner)
    }
    _ = try await chaek.mergeWork(of: norwegianWood, into: other, for: .owner)
    #expect(try await rows().map(\.editions) == [3], "a work merged goes with the works merged into it")
    _ = try await chaek.save(norwegianWood, for: .owner)
    await #expect(throws: LibraryError.otherEditionSaved(norwegianWood.id)) {
      try await chaek.save(lostTimes, for: .owner)
    }
  }

  @Test func aMergeOfTwoSavedEditionsKeepsOneAndItsSplitPutsEveryNoteAndReadingBack() async throws {
    let today = CalendarDay.today()
    _ = try await chaek.save(norwegianWood, for: .owner)
    _ = try await chaek.updateEntry(
      norwegianWood.id, try EntryChange(shelf: .read, rating: .some(StarRating(stars: 5)), tags: ["일본"]),
      today: today, for: .owner)
    _ = try await chaek.addNote(.note, to: norwegianWood.id, text: "다시 읽고 싶다", day: today, for: .owner)
    _ = try await chaek.save(lostTimes, for: .owner)
    _ = try await chaek.updateEntry(
      lostTimes.id, try EntryChange(tags: ["소설", "일본"]), today: today, for: .owner)
    let quote = try await chaek.addNote(
      .quote, to: lostTimes.id, text: "죽음은 삶의 일부로 존재한다", day: today, for: .owner)
    _ = try await chaek.startReading(lostTimes.id, on: today, for: .owner)

    let merge = try await chaek.mergeWork(of: lostTimes, into: norwegianWood, for: .owner)
    #expect(try await chaek.savedIDs(for: .owner) == [norwegianWood.id], "one saved edition per work")
    let merged = try #require(try await chaek.entry(norwegianWood.id, for: .owner))
    #expect(merged.shelf == .read && merged.rating == StarRating(stars: 5), "the kept edition's own")
    #expect(merged.tags == ["소설", "일본"])
    #expect(merged.notes.map(\.text) == ["다시 읽고 싶다"])
    #expect(merged.quotes.map(\.text) == ["죽음은 삶의 일부로 존재한다"])
    #expect(merged.sessions.count == 2, "the reading its shelf recorded, and the one that moved")
    // An edit after the merge stays after the split.
    _ = try await chaek.updateNote(quote.value.id, text: "죽음은 삶의 반대편이 아니라 그 일부로 존재한다", page: 48, for: .owner)

    _ = try await chaek.splitWork(merge.id, for: .owner)
    #expect(try await chaek.savedIDs(for: .owner) == [norwegianWood.id, lostTimes.id])
    let kept = try #require(try await chaek.entry(norwegianWood.id, for: .owner))
    #expect(kept.tags == ["일본"])
    #expect(kept.notes.map(\.text) == ["다시 읽고 싶다"])
    #expect(kept.quotes.isEmpty && kept.sessions.count == 1)
    let back = try #require(try await chaek.entry(lostTimes.id, for: .owner))
    #expect(back.shelf == .reading && back.tags == ["소설", "일본"])
    #expect(back.quotes.map(\.text) == ["죽음은 삶의 반대편이 아니라 그 일부로 존재한다"])
    #expect(back.quotes.first?.page == 48)
    #expect(back.sessions.count == 1)
  }
}

@Suite("Merges split back whatever happened since")
struct WorkMergeHistoryTests {
  private let chaek: Chaek
  /// 상실의 시대, two editions of 노르웨이의 숲, and *Norwegian Wood*: three works by the catalog's rules.
  private let lost = Book(title: "상실의 시대", isbn: "9791100000014", authors: ["무라카미 하루키"], publisher: "문학사상사")
  private let wood = Book(title: "노르웨이의 숲", isbn: "9791100000021", authors: ["무라카미 하루키"], publisher: "민음사")
  private let woodAgain = Book(
    title: "노르웨이의 숲", isbn: "9791100000038", authors: ["무라카미 하루키"], publisher: "민음사 리커버")
  private let english = Book(title: "Norwegian Wood", isbn: "9791100000045", authors: ["무라카미 하루키"])

  init() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert([lost, wood, woodAgain, english], source: .kakao, popularity: [4, 3, 2, 1])
    chaek = Chaek(
      library: try await TestLibrary.make(), catalog: catalog,
      settings: try ProviderSettings(environment: [:]),
      strength: .minimum)
  }

  private func quote(_ book: Book, _ text: String) async throws -> Int {
    _ = try await chaek.save(book, for: .owner)
    return try await chaek.addNote(.quote, to: book.id, text: text, day: .today(), for: .owner).value.id
  }

  private func quotes(_ book: Book) async throws -> [String] {
    try await chaek.entry(book.id, for: .owner)?.quotes.map(\.text) ?? []
  }

  @Test func aSplitAfterTheKeptEditionWasSwitchedFindsWhatItMoved() async throws {
    _ = try await quote(lost, "상실")
    _ = try await quote(wood, "숲")
    let merge = try await chaek.mergeWork(of: lost, into: wood, for: .owner)
    #expect(try await chaek.switchEdition(to: woodAgain, for: .owner) == wood.id)
    #expect(try await quotes(woodAgain).sorted() == ["상실", "숲"])
    let switched = try #require(try await chaek.entry(woodAgain.id, for: .owner))
    #expect(switched.book.isbn13 == "9791100000038", "the edition switched to, as it is")
    _ = try await chaek.splitWork(merge.id, for: .owner)
    #expect(try await quotes(lost) == ["상실"])
    #expect(try await quotes(woodAgain) == ["숲"])
  }

  @Test func chainedMergesSplitInEitherOrderPutEachQuoteBack() async throws {
    for reversed in [false, true] {
      let library = try await TestLibrary.make()
      let chaek = Chaek(
        library: library, catalog: try self.chaek.catalog, settings: try ProviderSettings(environment: [:]),
        strength: .minimum)
      for (book, text) in [(lost, "상실"), (wood, "숲"), (english, "wood")] {
        _ = try await chaek.save(book, for: .owner)
        _ = try await chaek.addNote(.quote, to: book.id, text: text, day: .today(), for: .owner)
      }
      let first = try await chaek.mergeWork(of: lost, into: wood, for: .owner)
      let second = try await chaek.mergeWork(of: wood, into: english, for: .owner)
      #expect(try await chaek.savedIDs(for: .owner) == [english.id])
      #expect(
        try await chaek.entry(english.id, for: .owner)?.quotes.map(\.text).sorted() == ["wood", "상실", "숲"])
      for merge in reversed ? [second, first] : [first, second] {
        _ = try await chaek.splitWork(merge.id, for: .owner)
      }
      for (book, text) in [(lost, "상실"), (wood, "숲"), (english, "wood")] {
        #expect(
          try await chaek.entry(book.id, for: .owner)?.quotes.map(\.text) == [text],
          "\(book.title), \(reversed)")
      }
    }
  }

  @Test func aNoteWrittenAfterTheMergeStaysWhereItWasWritten() async throws {
    let moved = try await quote(lost, "상실")
    _ = try await quote(wood, "숲")
    let merge = try await chaek.mergeWork(of: lost, into: wood, for: .owner)
    try await chaek.deleteNote(moved, for: .owner)
    _ = try await chaek.addNote(.quote, to: wood.id, text: "나중에 쓴 문장", day: .today(), for: .owner)
    _ = try await chaek.splitWork(merge.id, for: .owner)
    #expect(try await quotes(wood).sorted() == ["나중에 쓴 문장", "숲"])
    #expect(try await quotes(lost).isEmpty)
  }

  @Test func aJournalWriteOnAnotherEditionOfASavedWorkIsRefused() async throws {
    _ = try await chaek.save(wood, for: .owner)
    await #expect(throws: LibraryError.otherEditionSaved(wood.id)) {
      try await chaek.startReading(woodAgain.id, on: .today(), for: .owner)
    }
    #expect(try await chaek.savedIDs(for: .owner) == [wood.id])
  }
}

@Suite("Merges of works in backups")
struct WorkMergeBackupTests {
  @Test func aBackupKeepsTheReadersMergesAndARestoredMergeSplits() async throws {
    let library = try await TestLibrary.make()
    let (wood, times) = (
      Book(title: "노르웨이의 숲", isbn: "9791100000014", authors: ["무라카미 하루키"]),
      Book(title: "상실의 시대", isbn: "9791100000021", authors: ["무라카미 하루키"])
    )
    _ = try await library.save(times, shelf: .read)
    _ = try await library.save(wood)
    try await library.mergeWork(
      times.workID, of: times, into: wood.workID, of: wood, moving: (times.id, wood.id))
    #expect(try await library.savedIDs() == [wood.id])
    let backup = try await library.backup()
    #expect(backup.merges.map(\.sourceBook.title) == ["상실의 시대"])
    let decoded = try LibraryBackup.decode(try backup.encoded())
    #expect(decoded.merges == backup.merges)

    let restored = try await TestLibrary.make()
    try await restored.restore(decoded)
    let merges = try await restored.workMerges()
    #expect(merges.map(\.source) == [times.workID] && merges.map(\.target) == [wood.workID])
    await #expect(throws: LibraryError.notEmpty) { try await restored.restore(decoded) }
    try await restored.splitWork(try #require(merges.first).id)
    #expect(try await restored.workMerges().isEmpty)
    #expect(try await restored.entry(times.id)?.shelf == .read, "the edition that gave way, saved again")
  }
}
