import BookModel
import Foundation
import TestLibraries
import TestSupport
import Testing

@testable import UserLibrary

/// Saves and removals replayed late (queued offline) with the time they were made.
@Suite("Replayed changes")
struct ReplayTests {
  let start = Date(timeIntervalSince1970: 1_700_000_000)
  let vegetarian = book("채식주의자", isbn: "9788936433598", authors: ["한강"])

  @Test func aSaveMadeBeforeTheBookWasRemovedIsRefusedAndChangesNothing() async throws {
    let library = try await TestLibrary.make()
    try await library.save(vegetarian, changedAt: start)
    try await library.remove(vegetarian.id, changedAt: start.addingTimeInterval(20))
    await #expect(throws: LibraryError.self) {
      try await library.save(vegetarian, changedAt: start.addingTimeInterval(10))
    }
    #expect(try await library.savedIDs().isEmpty)
    #expect(try await library.save(vegetarian, changedAt: start.addingTimeInterval(30)) == .saved)
    #expect(try await library.savedBook(vegetarian.id)?.savedAt == start.addingTimeInterval(30))
  }

  @Test func aRemovalWithoutATimeCountsAsNowAndSoDoesClearingTheLibrary() async throws {
    let library = try await TestLibrary.make()
    try await library.save(vegetarian)
    let beforeRemoving = Date()
    try await library.remove(vegetarian.id)
    await #expect(throws: LibraryError.self) {
      try await library.save(vegetarian, changedAt: beforeRemoving.addingTimeInterval(-1))
    }
    try await library.save(vegetarian)
    let beforeClearing = Date()
    try await library.removeAll()
    await #expect(throws: LibraryError.self) {
      try await library.save(vegetarian, changedAt: beforeClearing.addingTimeInterval(-1))
    }
    #expect(try await library.save(vegetarian, changedAt: Date(timeIntervalSinceNow: 1)) == .saved)
  }

  @Test func aRemovalMadeBeforeTheBookWasSavedAgainIsRefused() async throws {
    let library = try await TestLibrary.make()
    try await library.save(vegetarian, changedAt: start.addingTimeInterval(20))
    await #expect(throws: LibraryError.self) {
      try await library.remove(vegetarian.id, changedAt: start.addingTimeInterval(10))
    }
    #expect(try await library.savedIDs() == [vegetarian.id])
    #expect(try await library.remove(vegetarian.id, changedAt: start.addingTimeInterval(30)) != nil)
    #expect(try await library.remove(vegetarian.id, changedAt: start.addingTimeInterval(30)) == nil)
  }

  @Test func replaysInOrderAreIdempotentAndAnOlderRemovalDoesNotMoveTheLastOneBack() async throws {
    let library = try await TestLibrary.make()
    #expect(try await library.save(vegetarian, changedAt: start) == .saved)
    #expect(try await library.save(vegetarian, changedAt: start) == .alreadySaved)
    #expect(try await library.remove(vegetarian.id, changedAt: start.addingTimeInterval(10)) != nil)
    #expect(try await library.save(vegetarian, changedAt: start.addingTimeInterval(20)) == .saved)
    #expect(try await library.remove(vegetarian.id, changedAt: start.addingTimeInterval(30)) != nil)
    // A removal recorded earlier than the last one leaves the later time in place. (The book is
    // put back dated `start` underneath: a save at that time is rightly refused as stale.)
    let json = try Library.encode(vegetarian)
    _ = try await library.store.write { [vegetarian, start] connection in
      try Library.store(vegetarian, json: json, shelf: .want, at: start, on: connection)
    }
    #expect(try await library.remove(vegetarian.id, changedAt: start.addingTimeInterval(5)) != nil)
    await #expect(throws: LibraryError.self) {
      try await library.save(vegetarian, changedAt: start.addingTimeInterval(25))
    }
  }

  @Test func aTimeBefore1970OrMoreThanADayAheadIsRefusedAndChangesNothing() async throws {
    // The library's clock stands still, so "a day from now" does not move while the test runs.
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let library = try await TestLibrary.make { now }
    let ahead = now.addingTimeInterval(Library.changeTimeSlack + 1)
    for time in [ahead, Date(timeIntervalSince1970: -1), Date(timeIntervalSince1970: 9e15)] {
      await #expect(throws: LibraryError.invalid("a change's time must lie between 1970 and a day from now"))
      {
        try await library.save(vegetarian, changedAt: time)
      }
    }
    #expect(try await library.savedCount() == 0)
    try await library.save(vegetarian, changedAt: start)
    await #expect(throws: LibraryError.self) { try await library.remove(vegetarian.id, changedAt: ahead) }
    #expect(try await library.savedCount() == 1)
    // A phone whose clock runs an hour ahead is still heard.
    #expect(try await library.remove(vegetarian.id, changedAt: now.addingTimeInterval(3_600)) != nil)
  }
}
