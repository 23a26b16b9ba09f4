import BookModel
import Foundation
import TestLibraries
import TestSupport
import Testing

@testable import UserLibrary

@Suite("Reading journal: edge cases")
struct JournalEdgeTests {
  @Test func booksSavedWithinOneMillisecondBackUpInTheSameOrderAfterARestore() async throws {
    let library = try await TestLibrary.make()
    // Saved in the order C, B, A, less than a millisecond apart (an import saves books so).
    for (title, seconds) in [("C", 1_700_000_000.0001), ("B", 1_700_000_000.0002), ("A", 1_700_000_000.0003)]
    {
      try await library.save(book(title), changedAt: Date(timeIntervalSince1970: seconds))
    }
    let first = try await library.backup().encoded()
    let restored = try await TestLibrary.make()
    try await restored.restore(try LibraryBackup.decode(first))
    let second = try await restored.backup().encoded()
    #expect(String(decoding: second, as: UTF8.self) == String(decoding: first, as: UTF8.self))
  }

  @Test func aBackupTimeIsOnlyItsOwnFormat() {
    #expect(BackupTime.seconds("2026-03-14T09:26:53.589Z") != nil)
    for text in ["2026-03-14T09:26:53.-01Z", "2026-03-14T09:26:53.+12Z", "2026-03-14T09:26:53. 12Z"] {
      #expect(BackupTime.seconds(text) == nil, "\(text)")
    }
  }

  @Test func aCopyOfTheDatabaseNeverReplacesAFile() async throws {
    let (path, directory) = try temporaryLibraryPath()
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      let library = try Library(path: path)
      try await library.save(book("A"))
      // Onto itself: the live file would be swapped for the copy, and later writes lost with the old
      // file when the library is closed.
      await #expect(throws: (any Error).self) { try await library.copyDatabase(to: path) }
      try await library.save(book("B"))
    }
    #expect(try await Library(path: path).savedCount() == 2)

    let library = try Library(path: path)
    let other = directory.appendingPathComponent("other.sqlite").path
    try Data("mine".utf8).write(to: URL(fileURLWithPath: other))
    await #expect(throws: (any Error).self) { try await library.copyDatabase(to: other) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == Data("mine".utf8))
  }

  @Test func theLastYearHasItsStats() async throws {
    let library = try await TestLibrary.make()
    let a = book("A")
    try await library.save(a)
    try await library.finishReading(a.id, on: CalendarDay("9999-06-01")!)
    #expect(try await library.stats(for: 9999, today: CalendarDay("2026-01-01")!).bookCount == 1)
  }
}

@Suite("Journal edges found in review, second pass")
struct JournalSecondPassTests {
  @Test func tagsTypedAsJamoOrSyllablesAreOneTag() async throws {
    let library = try await TestLibrary.make()
    let a = book("A")
    try await library.save(a)
    let decomposed = "소설".decomposedStringWithCanonicalMapping
    #expect(decomposed.unicodeScalars.count > 2)
    let entry = try await library.setTags(a.id, to: [decomposed, "소설"])
    #expect(entry.tags == ["소설"] && entry.tags[0].unicodeScalars.count == 2)
    await #expect(throws: LibraryError.self) {
      try await library.setTags(a.id, to: (0...JournalText.maximumTags).map { "태그 \($0)" })
    }
  }

  @Test func finishingTheReadingUnderWayByItsDatesFinishesTheBook() async throws {
    let library = try await TestLibrary.make()
    let a = book("A")
    try await library.save(a)
    var entry = try await library.startReading(a.id, on: CalendarDay("2026-03-01")!)
    entry = try await library.updateSession(
      entry.sessions[0].id, started: CalendarDay("2026-03-01"), finished: CalendarDay("2026-03-09"))
    #expect(entry.shelf == .read)
    try await library.setShelf(a.id, to: .dnf, today: CalendarDay("2026-03-10")!)
    entry = try await library.updateSession(
      entry.sessions[0].id, started: CalendarDay("2026-03-02"), finished: CalendarDay("2026-03-09"))
    #expect(entry.shelf == .dnf, "changing the days of a finished reading leaves the shelf")
  }

  @Test func aBackupWithProgressOfNeitherKindABlankNoteOrAReadingEndingBeforeItStartsIsRefusedWhole()
    async throws
  {
    let source = try await TestLibrary.make()
    try await source.save(book("A"))
    try await source.recordProgress(book("A").id, .percent(40), on: CalendarDay("2026-01-01")!)
    try await source.addNote(.note, to: book("A").id, text: "메모", day: CalendarDay("2026-01-01")!)
    let good = try await source.backup()
    var neither = good
    neither.books[0].sessions[0].progress[0].percent = nil
    var blank = good
    blank.books[0].notes[0].text = " \n "
    var backwards = good
    backwards.books[0].sessions[0].finished = CalendarDay("2025-12-31")
    for bad in [neither, blank, backwards] {
      let target = try await TestLibrary.make()
      await #expect(throws: LibraryError.self) { try await target.restore(bad) }
      #expect(try await target.savedCount() == 0, "nothing restored")
    }
  }

  @Test func aBackupWithPagesOrAGoalOutOfRangeIsRefusedWhole() async throws {
    let source = try await TestLibrary.make()
    let a = book("A")
    try await source.save(a)
    try await source.setPages(a.id, to: 300)
    try await source.recordProgress(a.id, .page(120, of: 300), on: CalendarDay("2026-01-01")!)
    try await source.addNote(.quote, to: a.id, text: "문장", page: 12, day: CalendarDay("2026-01-01")!)
    let good = try await source.backup()
    let over = BookLength.maximumPages + 1
    var bad: [LibraryBackup] = []
    for change in [
      { (backup: inout LibraryBackup) in backup.books[0].pages = over },
      { $0.books[0].pages = 0 },
      { $0.books[0].notes[0].page = over },
      { $0.books[0].sessions[0].progress[0].page = over },
      { $0.books[0].sessions[0].progress[0].totalPages = over },
      { $0.books[0].sessions[0].progress[0].totalPages = 0 },
      { $0.books[0].sessions[0].progress[0].page = 301 },
      {
        $0.books[0].sessions[0].progress[0] = .init(
          day: CalendarDay("2026-01-01")!, page: nil, totalPages: nil, percent: 101)
      },
      { $0.goals = [.init(year: 2026, books: 0)] },
      { $0.books[0].review = " \n " },
      { $0.books[0].review = String(repeating: "가", count: JournalText.maximumNoteLength + 1) },
      { $0.goals = [.init(year: 2026, books: Int.max)] },
      { $0.goals = [.init(year: 0, books: 12)] },
    ] as [(inout LibraryBackup) -> Void] {
      var backup = good
      change(&backup)
      bad.append(backup)
    }
    for backup in bad {
      let target = try await TestLibrary.make()
      await #expect(throws: LibraryError.self) { try await target.restore(backup) }
      #expect(try await target.savedCount() == 0, "nothing restored")
    }
    let target = try await TestLibrary.make()
    try await target.restore(good)
    #expect(try await target.backup() == good)
  }
}
