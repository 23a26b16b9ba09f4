import BookImport
import BookModel
import Foundation
import Testing

@testable import UserLibrary

@Suite("Reading records merged into the journal")
struct ImportMergeTests {
  private let today = CalendarDay("2026-05-01")!

  @Test func aNewBookIsSavedWithItsWholeRecordAndASecondMergeChangesNothing() async throws {
    let library = try Library(path: ":memory:")
    let dune = book("Dune", isbn: "9780441013593", authors: ["Frank Herbert"])
    let record = ReadingRecord(
      shelf: .read, rating: StarRating(stars: 3.75), tags: ["sf", "sf", "고전"], review: "Spice.",
      notes: "Reread the appendix.", added: CalendarDay("2024-01-02"),
      readings: [.init(), .init(started: CalendarDay("2025-03-01"), finished: CalendarDay("2025-03-20"))],
      pages: 612, owned: true)
    #expect(try await library.mergeImported([(dune, record)], today: today) == [.added])
    let entry = try #require(try await library.entry(dune.id))
    #expect(
      entry.shelf == .read && entry.rating?.stars == 3.75 && entry.review == "Spice." && entry.pages == 612)
    #expect(entry.tags == ["sf", "고전", Library.ownedTag].sorted())
    #expect(
      entry.notes.map(\.text) == ["Reread the appendix."]
        && entry.notes.first?.day == CalendarDay("2024-01-02"))
    #expect(entry.sessions.map(\.finished) == [nil, CalendarDay("2025-03-20")])
    #expect(try await library.stats(for: 2025, today: today).bookCount == 1)

    #expect(try await library.mergeImported([(dune, record)], today: today) == [.unchanged])
    #expect(try await library.entry(dune.id) == entry, "a second import changes nothing")
  }

  @Test func aSavedBookTakesWhatTheRecordHasAndKeepsTheRest() async throws {
    let library = try Library(path: ":memory:")
    let a = book("A")
    try await library.save(a)
    try await library.setReview(a.id, to: "mine")
    try await library.addNote(.quote, to: a.id, text: "문장", day: today)
    let outcome = try await library.mergeImported(
      [(a, ReadingRecord(shelf: .reading, rating: StarRating(stars: 4), tags: ["빌린 책"]))], today: today)
    #expect(outcome == [.updated])
    let entry = try #require(try await library.entry(a.id))
    #expect(entry.shelf == .reading && entry.rating?.stars == 4 && entry.tags == ["빌린 책"])
    #expect(entry.review == "mine" && entry.quotes.count == 1, "what the record does not hold stays")
    #expect(entry.version == 3)
  }

  @Test func aReadingWhoseStartTheFileDoesNotGiveIsTheOneTheJournalHolds() async throws {
    let library = try Library(path: ":memory:")
    let a = book("A")
    try await library.save(a)
    try await library.startReading(a.id, on: CalendarDay("2026-03-01")!)
    try await library.finishReading(a.id, on: CalendarDay("2026-03-20")!)
    // Goodreads gives the day a reading finished, not the day it started.
    let record = ReadingRecord(shelf: .read, readings: [.init(finished: CalendarDay("2026-03-20"))])
    #expect(try await library.mergeImported([(a, record)], today: today) == [.unchanged])
    #expect(try await library.entry(a.id)?.sessions.count == 1)
    #expect(try await library.stats(for: 2026, today: today).bookCount == 1)
  }
}
