import BookImport
import BookModel
import Foundation
import TestLibraries
import TestSupport
import Testing

@testable import UserLibrary

@Suite("Reading records merged into the journal")
struct ImportMergeTests {
  private let today = CalendarDay("2026-05-01")!

  @Test func aNewBookIsSavedWithItsWholeRecordAndASecondMergeChangesNothing() async throws {
    let library = try await TestLibrary.make()
    let dune = book("Dune", isbn: "9780441013593", authors: ["Frank Herbert"])
    let record = ReadingRecord(
      shelf: .read, rating: StarRating(stars: 3.75), tags: ["sf", "sf", "고전"], review: "Spice.",
      notes: "Reread the appendix.", added: CalendarDay("2024-01-02"),
      readings: [.init(), .init(started: CalendarDay("2025-03-01"), finished: CalendarDay("2025-03-20"))],
      pages: 612, owned: true)
    #expect(try await library.mergeImported([(dune, record)], today: today).map(\.journal) == [.added])
    let entry = try #require(try await library.entry(dune.id))
    #expect(
      entry.shelf == .read && entry.rating?.stars == 3.75 && entry.review == "Spice." && entry.pages == 612)
    #expect(entry.tags == ["sf", "고전", Library.ownedTag].sorted())
    #expect(
      entry.notes.map(\.text) == ["Reread the appendix."]
        && entry.notes.first?.day == CalendarDay("2024-01-02"))
    #expect(entry.sessions.map(\.finished) == [nil, CalendarDay("2025-03-20")])
    #expect(try await library.stats(for: 2025, today: today).bookCount == 1)

    #expect(try await library.mergeImported([(dune, record)], today: today).map(\.journal) == [.unchanged])
    #expect(try await library.entry(dune.id) == entry, "a second import changes nothing")
  }

  @Test func aSavedBookTakesWhatTheRecordHasAndKeepsTheRest() async throws {
    let library = try await TestLibrary.make()
    let a = book("A")
    try await library.save(a)
    try await library.setReview(a.id, to: "mine")
    try await library.addNote(.quote, to: a.id, text: "문장", day: today)
    let outcome = try await library.mergeImported(
      [(a, ReadingRecord(shelf: .reading, rating: StarRating(stars: 4), tags: ["빌린 책"]))], today: today)
    #expect(outcome.map(\.journal) == [.updated])
    let entry = try #require(try await library.entry(a.id))
    #expect(entry.shelf == .reading && entry.rating?.stars == 4 && entry.tags == ["빌린 책"])
    #expect(entry.review == "mine" && entry.quotes.count == 1, "what the record does not hold stays")
    #expect(entry.version == 3)
  }

  @Test func aReadingWhoseStartTheFileDoesNotGiveIsTheOneTheJournalHolds() async throws {
    let library = try await TestLibrary.make()
    let a = book("A")
    try await library.save(a)
    try await library.startReading(a.id, on: CalendarDay("2026-03-01")!)
    try await library.finishReading(a.id, on: CalendarDay("2026-03-20")!)
    // Goodreads gives the day a reading finished, not the day it started.
    let record = ReadingRecord(shelf: .read, readings: [.init(finished: CalendarDay("2026-03-20"))])
    #expect(try await library.mergeImported([(a, record)], today: today).map(\.journal) == [.unchanged])
    #expect(try await library.entry(a.id)?.sessions.count == 1)
    #expect(try await library.stats(for: 2026, today: today).bookCount == 1)
  }

  @Test func whatTheJournalCannotKeepIsLeftOutAndListedAndTheRestIsMerged() async throws {
    let library = try await TestLibrary.make()
    let a = book("A")
    let long = String(repeating: "가", count: JournalText.maximumTagLength + 1)
    let tags = [long] + (1...JournalText.maximumTags + 2).map { "태그 \($0)" }
    let tooLong = String(repeating: "글", count: JournalText.maximumNoteLength + 1)
    let record = ReadingRecord(shelf: .read, tags: tags, review: tooLong, notes: tooLong, owned: true)
    let merged = try await library.mergeImported([(a, record)], today: today)
    #expect(merged.map(\.journal) == [.added])
    #expect(
      merged[0].leftOut == [
        .init(reason: "review over 10000 characters", detail: "10001 characters"),
        .init(reason: "tag over 100 characters", detail: "\(long.prefix(20))…"),
        .init(reason: "tags beyond 100 a book", detail: "3: 태그 100, 태그 101, 태그 102"),
        .init(reason: "note over 10000 characters", detail: "10001 characters"),
      ])
    let entry = try #require(try await library.entry(a.id))
    #expect(entry.tags.count == JournalText.maximumTags && entry.tags.contains(Library.ownedTag))
    #expect(entry.review.isEmpty && entry.notes.isEmpty && entry.shelf == .read)

    // Those the book holds count: a second file's new tags find no room.
    let again = try await library.mergeImported([(a, ReadingRecord(tags: ["새 태그"]))], today: today)
    #expect(again.map(\.journal) == [.unchanged])
    #expect(again[0].leftOut == [.init(reason: "tags beyond 100 a book", detail: "1: 새 태그")])
    #expect(try await library.entry(a.id) == entry)
  }

  @Test(.timeLimit(.minutes(10)))
  func readingsAreMatchedInLinearTimeSoAFileImportedAgainIsQuick() async throws {
    let library = try await TestLibrary.make()
    let a = book("A")
    let readings = (0..<70_000).map { index -> ReadingRecord.Reading in
      let day = CalendarDay(
        String(format: "%04d-%02d-%02d", 1_000 + index / 336, 1 + index / 28 % 12, 1 + index % 28))
      return switch index % 4 {
      case 0: .init(finished: day)
      case 1: .init(started: day)
      case 2: .init(started: day, finished: day)
      default: .init()
      }
    }
    #expect(
      try await library.mergeImported([(a, ReadingRecord(readings: readings))], today: today).map(\.journal)
        == [.added])
    // Each looked for from the start of those held, in the other order, they were compared
    // 2.5 × 10⁹ times: over two minutes in a debug build.
    let again = ReadingRecord(readings: readings.reversed())
    #expect(try await library.mergeImported([(a, again)], today: today).map(\.journal) == [.unchanged])
  }

  @Test func aReadingWithADayLeftOutTakesTheFirstStoredOneItFits() async throws {
    let library = try await TestLibrary.make()
    let a = book("A")
    let (march, april, may) = (
      CalendarDay("2026-03-01")!, CalendarDay("2026-04-01")!, CalendarDay("2026-05-01")!
    )
    let stored: [ReadingRecord.Reading] = [
      .init(started: march, finished: april), .init(started: march, finished: may),
    ]
    _ = try await library.mergeImported([(a, ReadingRecord(readings: stored))], today: today)
    // (march, ?) takes the first stored, so that (?, may) finds the second.
    let loose: [ReadingRecord.Reading] = [.init(started: march), .init(finished: may)]
    let merged = try await library.mergeImported([(a, ReadingRecord(readings: loose))], today: today)
    #expect(merged.map(\.journal) == [.unchanged])
    #expect(try await library.entry(a.id)?.sessions.count == 2)
  }
}

@Suite("A re-import never undoes the reader")
struct ReimportTests {
  private let today = CalendarDay("2026-05-01")!
  private let klara = book("Klara and the Sun", isbn: "9780593318171", authors: ["Kazuo Ishiguro"])

  private func record(_ shelf: Shelf = .reading, rating: Double? = 4, readings: [ReadingRecord.Reading] = [])
    -> ReadingRecord
  {
    ReadingRecord(
      shelf: shelf, rating: rating.flatMap { StarRating(stars: $0) }, tags: ["sf"], review: "Quiet.",
      notes: "Josie.", readings: readings, pages: 303)
  }

  @Test func theSameFileAgainKeepsWhatTheReaderChangedInChaek() async throws {
    let library = try await TestLibrary.make()
    let file = record(readings: [.init(started: CalendarDay("2026-04-01"))])
    _ = try await library.mergeImported([(klara, file)], today: today)
    try await library.finishReading(klara.id, on: CalendarDay("2026-04-20")!)
    try await library.setRating(klara.id, to: StarRating(stars: 5))
    try await library.setReview(klara.id, to: "Quiet, and sad.")
    try await library.setPages(klara.id, to: 320)
    let entry = try #require(try await library.entry(klara.id))
    try await library.setTags(klara.id, to: [])
    let noTags = try #require(try await library.entry(klara.id))
    try await library.deleteNote(noTags.notes[0].id)
    let changed = try #require(try await library.entry(klara.id))

    let again = try await library.mergeImported([(klara, file)], today: today)
    #expect(again.map(\.journal) == [.unchanged] && again[0].keptReaderChanges)
    #expect(try await library.entry(klara.id) == changed, "the reader's shelf, rating, review, pages kept")
    #expect(changed.shelf == .read && changed.rating?.stars == 5 && changed.pages == 320)
    #expect(changed.tags.isEmpty && changed.notes.isEmpty, "what the reader deleted is not brought back")
    #expect(entry.sessions.map(\.finished) == [CalendarDay("2026-04-20")])
  }

  @Test func aNewerExportBringsItsNewsWhereTheReaderChangedNothing() async throws {
    let library = try await TestLibrary.make()
    _ = try await library.mergeImported([(klara, record())], today: today)
    try await library.setReview(klara.id, to: "Mine.")
    let newer = ReadingRecord(
      shelf: .read, rating: StarRating(stars: 3), tags: ["sf", "book club"], review: "Quiet, then loud.",
      notes: "Josie.", readings: [.init(finished: CalendarDay("2026-04-30"))], pages: 303)
    let merged = try await library.mergeImported([(klara, newer)], today: today)
    #expect(merged.map(\.journal) == [.updated] && merged[0].keptReaderChanges)
    let entry = try #require(try await library.entry(klara.id))
    #expect(entry.shelf == .read && entry.rating?.stars == 3, "the file's new shelf and rating")
    #expect(entry.review == "Mine.", "the review the reader changed stays")
    #expect(entry.tags == ["book club", "sf"] && entry.notes.count == 1)
    #expect(entry.sessions.map(\.finished) == [CalendarDay("2026-04-30")], "the new reading")
    #expect(try await library.mergeImported([(klara, newer)], today: today).map(\.journal) == [.unchanged])
  }

  @Test func aBookNoImportWroteTakesTheRecordAndARemovedBookStartsAgain() async throws {
    let library = try await TestLibrary.make()
    try await library.save(klara)
    try await library.setRating(klara.id, to: StarRating(stars: 1))
    _ = try await library.mergeImported([(klara, record())], today: today)
    #expect(try await library.entry(klara.id)?.rating?.stars == 4, "a first import takes the file's values")
    _ = try await library.remove(klara.id)
    #expect(try await library.mergeImported([(klara, record())], today: today).map(\.journal) == [.added])
  }

  @Test func aReadingThatFinishesBeforeItStartsIsLeftOutWithAWarning() async throws {
    let library = try await TestLibrary.make()
    let backwards = ReadingRecord.Reading(
      started: CalendarDay("2024-05-10"), finished: CalendarDay("2024-05-01"))
    let merged = try await library.mergeImported(
      [(klara, record(.read, readings: [backwards, .init(finished: CalendarDay("2024-06-01"))]))],
      today: today)
    #expect(merged[0].leftOut.map(\.reason) == ["reading that finishes before it starts"])
    #expect(try await library.entry(klara.id)?.sessions.map(\.finished) == [CalendarDay("2024-06-01")])
  }
}
