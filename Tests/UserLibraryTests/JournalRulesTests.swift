import BookModel
import Foundation
import TestLibraries
import TestSupport
import Testing

@testable import UserLibrary

@Suite("The journal keeps what the reader wrote and the rules of a reading")
struct JournalRulesTests {
  private let a = book("A")

  @Test func textAfterANulAndEveryOtherCharacterIsKeptByteForByte() async throws {
    let library = try await TestLibrary.make()
    try await library.save(a)
    let texts = ["before\u{0}after", " 앞뒤 빈칸 \n", "e\u{301}", "\u{202E}abc", "👩‍👩‍👧", "\u{0}"]
    for text in texts {
      let entry = try await library.setReview(a.id, to: text)
      #expect(Array(entry.review.utf8) == Array(text.utf8))
      let note = try await library.addNote(.quote, to: a.id, text: text, day: CalendarDay("2026-01-01")!)
      #expect(Array(note.text.utf8) == Array(text.utf8))
    }
    let stored = try #require(try await library.entry(a.id))
    #expect(
      stored.quotes.map { Array($0.text.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        == texts.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) })
    let backup = try await library.backup()
    let copy = try await TestLibrary.make()
    try await copy.restore(try JSONDecoder().decode(LibraryBackup.self, from: JSONEncoder().encode(backup)))
    #expect(try await copy.backup() == backup)
    #expect(Array(try #require(try await copy.entry(a.id)).review.utf8) == Array("\u{0}".utf8))
  }

  @Test func aTagWithAControlCharacterIsRefusedAndChangesNothing() async throws {
    let library = try await TestLibrary.make()
    try await library.save(a)
    try await library.setTags(a.id, to: ["고전"])
    for tag in ["ab\u{0}cd", "two\nlines", "\u{7F}"] {
      await #expect(throws: LibraryError.invalid("a tag cannot hold a control character: \(tag.prefix(20))…"))
      {
        try await library.setTags(a.id, to: ["새", tag])
      }
    }
    #expect(try await library.entry(a.id)?.tags == ["고전"])
  }

  @Test func aReadingCannotFinishBeforeItStartsWhicheverWayItIsWritten() async throws {
    let library = try await TestLibrary.make()
    try await library.save(a)
    let (may1, may10) = (CalendarDay("2024-05-01")!, CalendarDay("2024-05-10")!)
    let started = try await library.startReading(a.id, on: may10)
    let refusal = LibraryError.invalid("a reading cannot finish (2024-05-01) before it starts (2024-05-10)")
    await #expect(throws: refusal) { try await library.finishReading(a.id, on: may1) }
    await #expect(throws: refusal) {
      try await library.updateEntry(
        a.id, try EntryChange(shelf: .read, rating: .some(StarRating(stars: 2))), today: may1)
    }
    await #expect(throws: refusal) {
      try await library.updateSession(started.sessions[0].id, started: may10, finished: may1)
    }
    #expect(try await library.entry(a.id) == started, "each refusal changed nothing")
    let finished = try await library.finishReading(a.id, on: may10)
    #expect(
      finished.shelf == .read && finished.sessions.map(\.finished) == [may10], "the same day is a reading")
  }
}

@Suite("Undoing a removal")
struct UndoTests {
  @Test func undoingRemoveAllPutsBackEveryBookWithItsJournalOnce() async throws {
    let library = try await TestLibrary.make()
    let (a, b) = (book("A"), book("B"))
    try await library.save(a)
    try await library.save(b, shelf: .reading)
    try await library.setRating(a.id, to: StarRating(stars: 4))
    try await library.addNote(.quote, to: b.id, text: "문장\u{0}끝", page: 3, day: CalendarDay("2026-01-01")!)
    let before = try await library.backup()
    let removal = try await library.removeAll()
    #expect(removal.count == 2)
    #expect(try await library.savedCount() == 0)
    #expect(try await library.undoRemoval(removal.id) == 2)
    #expect(try await library.backup() == before, "the books, their notes and readings are back as they were")
    await #expect(throws: LibraryError.self) { try await library.undoRemoval(removal.id) }
  }

  @Test func aRemovalCanBeUndoneForTheUndoWindowAndNotAfter() async throws {
    let clock = WallClock()
    let library = try await TestLibrary.make { clock.now }
    let (a, b) = (book("A"), book("B"))
    try await library.save(a)
    try await library.save(b)
    let savedAt = clock.now
    let first = try #require(try await library.remove(a.id))
    let second = try #require(try await library.remove(b.id))
    clock.advance(by: Library.undoWindow)
    #expect(try await library.undoRemoval(first.id) == 1, "the last moment of the window")
    #expect(
      try await library.entry(a.id)?.savedAt == savedAt, "a save made now is stamped with the library's time")
    clock.advance(by: 1)
    await #expect(throws: LibraryError.self) { try await library.undoRemoval(second.id) }
  }

  @Test func undoingARemovalLeavesABookSavedAgainSinceAsItIsNow() async throws {
    let library = try await TestLibrary.make()
    let a = book("A")
    try await library.save(a)
    try await library.setRating(a.id, to: StarRating(stars: 2))
    let removal = try #require(try await library.remove(a.id))
    try await library.save(a, shelf: .read)
    #expect(try await library.undoRemoval(removal.id) == 0)
    #expect(try await library.entry(a.id)?.shelf == .read)
  }

  @Test func aRemoveAllQueuedOfflineLeavesTheBooksSavedAfterIt() async throws {
    let library = try await TestLibrary.make()
    let (a, b) = (book("A"), book("B"))
    let then = Date(timeIntervalSinceNow: -60)
    try await library.save(a, changedAt: then.addingTimeInterval(-10))
    try await library.save(b, changedAt: then.addingTimeInterval(10))
    #expect(try await library.removeAll(changedAt: then).count == 1)
    #expect(try await library.savedIDs() == [b.id])
  }
}
