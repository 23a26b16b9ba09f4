import BookModel
import Foundation
import TestLibraries
import TestSupport
import Testing

@testable import UserLibrary

@Suite("최근 검색어 (recent searches)")
struct SearchHistoryTests {
  private let start = Date(timeIntervalSince1970: 1_700_000_000)

  private func queries(_ library: Library) async throws -> [String] {
    try await library.searches.history().searches.map(\.query)
  }

  @Test func newestFirstAndASearchAgainMovesToTheFrontKeepingItsID() async throws {
    let library = try await TestLibrary.make()
    for (offset, query) in ["해리포터", "채식주의자", "Dune"].enumerated() {
      try await library.searches.record(query, at: start.addingTimeInterval(Double(offset)))
    }
    let before = try await library.searches.history().searches
    #expect(before.map(\.query) == ["Dune", "채식주의자", "해리포터"])

    // Trimmed, spaces collapsed, NFC (decomposed 해 is the same search), Latin case ignored.
    try await library.searches.record("  \u{1112}\u{1162}리포터 ", at: start.addingTimeInterval(10))
    try await library.searches.record("dune", at: start.addingTimeInterval(11))
    let after = try await library.searches.history().searches
    #expect(after.map(\.query) == ["dune", "해리포터", "채식주의자"], "the newest spelling is kept")
    #expect(after[0].id == before[0].id && after[1].id == before[2].id)
    #expect(after[0].searchedAt == start.addingTimeInterval(11))
    try await library.searches.record("해리  포터")
    #expect(
      try await queries(library).first == "해리 포터", "spacing is part of the query, runs become one space")
  }

  @Test func keepsTheLast20() async throws {
    let library = try await TestLibrary.make()
    for index in 1...25 { try await library.searches.record("검색 \(index)") }
    let kept = try await queries(library)
    #expect(kept.count == RecentSearches.limit)
    #expect(kept.first == "검색 25" && kept.last == "검색 6")
  }

  @Test func emptyOrOverlongQueriesAreRefused() async throws {
    let library = try await TestLibrary.make()
    await #expect(throws: LibraryError.invalid("a search needs a query")) {
      try await library.searches.record(" \n ")
    }
    await #expect(throws: LibraryError.self) {
      try await library.searches.record(String(repeating: "가", count: RecentSearch.maximumLength + 1))
    }
    #expect(try await library.searches.record(String(repeating: "가", count: RecentSearch.maximumLength)))
  }

  @Test func deletesOneOrAll() async throws {
    let library = try await TestLibrary.make()
    for query in ["a", "b", "c"] { try await library.searches.record(query) }
    let b = try #require(try await library.searches.history().searches.first { $0.query == "b" })
    #expect(try await library.searches.delete(b.id))
    #expect(try await library.searches.delete(b.id) == false)
    #expect(try await queries(library) == ["c", "a"])
    #expect(try await library.searches.deleteAll() == 2)
    #expect(try await queries(library).isEmpty)
  }

  @Test func offStopsRecordingAndKeepsWhatWasRecorded() async throws {
    let library = try await TestLibrary.make()
    #expect(try await library.searches.history().recording)
    try await library.searches.record("before")
    try await library.searches.setRecording(false)
    #expect(try await library.searches.record("while off") == false)
    #expect(try await library.searches.history().recording == false)
    #expect(try await queries(library) == ["before"])
    try await library.searches.setRecording(true)
    try await library.searches.record("after")
    #expect(try await queries(library) == ["after", "before"])
  }

  @Test(.timeLimit(.minutes(10))) func everyChangeIsOneEventSeenByAnotherProcess() async throws {
    let place = TestLibrary.Place()
    let observer = try await place.open()
    let writer = try await place.open()
    let events = try await observer.events()
    try await writer.searches.record("해리포터")
    try await writer.searches.deleteAll()
    try await writer.searches.setRecording(false)
    try await writer.searches.record("not recorded")  // off: no event
    try await writer.save(book("A"))
    var received: [LibraryEvent] = []
    for await event in events {
      received.append(event)
      if received.count == 4 { break }
    }
    #expect(received.map(\.kind) == ["searches", "searches", "searches", "saved"])
  }

  @Test func aBackupKeepsSearchesAndTheSettingByteForByte() async throws {
    let library = try await TestLibrary.make()
    try await library.save(book("Dune"), changedAt: start)
    for (offset, query) in ["해리포터", "Dune", "채식"].enumerated() {
      try await library.searches.record(query, at: start.addingTimeInterval(Double(offset) + 0.1234))
    }
    try await library.searches.setRecording(false)
    let first = try await library.backup().encoded()
    #expect(try await library.backup().searches.recent.map(\.query) == ["채식", "Dune", "해리포터"])

    // A library that only has searches of its own may still be restored into; its searches stay newest.
    let restored = try await TestLibrary.make()
    try await restored.searches.record("mine")
    try await restored.restore(try LibraryBackup.decode(first))
    #expect(try await queries(restored) == ["mine", "채식", "Dune", "해리포터"])
    #expect(try await restored.searches.history().recording == false)

    let empty = try await TestLibrary.make()
    try await empty.restore(try LibraryBackup.decode(first))
    #expect(
      String(decoding: try await empty.backup().encoded(), as: UTF8.self)
        == String(decoding: first, as: UTF8.self))
  }

  @Test func aBackupWrittenBeforeSearchesWereKeptStillReads() throws {
    let old = Data(
      #"{"backup":{"format":"chaek-library-backup","version":1},"books":[],"goals":[],"recent":[]}"#.utf8)
    let backup = try LibraryBackup.decode(old)
    #expect(backup.searches == LibraryBackup.Searches(recording: true, recent: []))
  }
}
