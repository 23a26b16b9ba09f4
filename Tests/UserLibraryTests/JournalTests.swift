import BookModel
import Foundation
import Storage
import TestLibraries
import TestSupport
import Testing

@testable import UserLibrary

private func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

@Suite("Reading journal")
struct JournalTests {
  @Test func aLibraryWrittenByTheOldSchemaKeepsEveryBookOnWantToRead() async throws {
    let (path, directory) = try temporaryLibraryPath()
    defer { try? FileManager.default.removeItem(at: directory) }
    let saved = Date(timeIntervalSince1970: 1_700_000_000)
    do {
      // Today's schema: the first three migrations, written as that version wrote its rows.
      let old = try Database(path: path, migrations: Array(Library.migrations.prefix(3)))
      for title in ["채식주의자", "소년이 온다"] {
        let json = try Library.encode(book(title))
        _ = try await old.write { connection in
          try connection.run(
            "INSERT INTO saved_books (id, title, book, saved_at) VALUES (?, ?, ?, ?)",
            [book(title).id.rawValue, title, json, saved.timeIntervalSince1970])
        }
      }
    }
    let library = try Library(path: path)
    let books = try await library.savedBooks()
    #expect(books.map(\.book.title) == ["소년이 온다", "채식주의자"])
    #expect(books.allSatisfy { $0.shelf == .want && $0.savedAt == saved && $0.rating == nil })
    #expect(
      try await library.savedFacets(shelf: nil, tag: nil).shelves == [
        .want: 2, .reading: 0, .read: 0, .dnf: 0,
      ])
  }

  @Test func shelfRatingReviewAndTagsAreKeptAndVersioned() async throws {
    let library = try await TestLibrary.make()
    let vegetarian = book("채식주의자", isbn: "9788936433598", authors: ["한강"])
    try await library.save(vegetarian, shelf: .reading)
    var entry = try #require(try await library.entry(vegetarian.id))
    #expect(entry.shelf == .reading && entry.version == 1)
    entry = try await library.setRating(vegetarian.id, to: StarRating(halfStars: 4.5), expecting: 1)
    entry = try await library.setReview(vegetarian.id, to: "  강렬하다.\n", expecting: entry.version)
    entry = try await library.setTags(vegetarian.id, to: ["소장", " 2026 독서모임", "소장", ""])
    #expect(entry.rating?.stars == 4.5 && entry.review == "  강렬하다.\n" && entry.tags == ["2026 독서모임", "소장"])
    #expect(entry.version == 4)
    entry = try await library.setReview(vegetarian.id, to: " \n\t")
    #expect(entry.review == "", "white space only is no review")
    entry = try await library.setReview(vegetarian.id, to: "  강렬하다.\n")
    entry = try await library.setRating(vegetarian.id, to: nil)
    #expect(entry.rating == nil && entry.version == 7)
    #expect(try await library.savedFacets(shelf: nil, tag: nil).tags.map(\.tag) == ["2026 독서모임", "소장"])
    #expect(try await library.savedBooks(tag: "소장").map(\.book.id) == [vegetarian.id])
    #expect(try await library.savedBooks(shelf: .want).isEmpty)
  }

  @Test func theFiltersCountTheBooksEachChoiceWouldShow() async throws {
    let library = try await TestLibrary.make()
    let (a, b, c) = (book("A"), book("B"), book("C"))
    try await library.save(a, shelf: .read)
    try await library.save(b, shelf: .read)
    try await library.save(c)
    try await library.setTags(a.id, to: ["소설", "여름"])
    try await library.setTags(c.id, to: ["소설"])

    let all = try await library.savedFacets(shelf: nil, tag: nil)
    #expect(all.books == 3 && all.shelves == [.want: 1, .reading: 0, .read: 2, .dnf: 0])
    #expect(all.tags.map(\.tag) == ["소설", "여름"] && all.tags.map(\.count) == [2, 1])

    // With a tag, the shelves count its books; on a shelf, the tags count their books there.
    let tagged = try await library.savedFacets(shelf: nil, tag: "소설")
    #expect(tagged.books == 2 && tagged.shelves == [.want: 1, .reading: 0, .read: 1, .dnf: 0])
    let wanted = try await library.savedFacets(shelf: .want, tag: "소설")
    #expect(wanted.tags.map(\.tag) == ["소설", "여름"] && wanted.tags.map(\.count) == [1, 0])
    #expect(wanted.shelves == tagged.shelves, "the shelves' counts do not depend on the chosen shelf")

    // A page of the list reads its rows, the whole count and the facets in one snapshot.
    let page = try await library.savedPage(shelf: .read, tag: "소설", limit: 10)
    #expect(page.books.map(\.book.id) == [a.id] && page.total == 3 && page.facets.matching(shelf: .read) == 1)
  }

  @Test func anEditMadeOnAnOlderVersionIsRefusedAndChangesNothing() async throws {
    let library = try await TestLibrary.make()
    let a = book("A")
    try await library.save(a)
    let seen = try #require(try await library.entry(a.id)).version
    try await library.setReview(a.id, to: "first window", expecting: seen)
    await #expect(throws: LibraryError.staleEdit(current: seen + 1)) {
      try await library.setReview(a.id, to: "second window", expecting: seen)
    }
    #expect(try await library.entry(a.id)?.review == "first window")
    let note = try await library.addNote(.note, to: a.id, text: "처음", day: day("2026-01-02"))
    try await library.updateNote(note.id, text: "고침", page: nil, expecting: note.version)
    await #expect(throws: LibraryError.staleEdit(current: note.version + 1)) {
      try await library.updateNote(note.id, text: "늦은 고침", page: nil, expecting: note.version)
    }
    await #expect(throws: LibraryError.staleEdit(current: note.version + 1)) {
      try await library.deleteNote(note.id, expecting: note.version)
    }
    #expect(try await library.entry(a.id)?.notes.map(\.text) == ["고침"])
  }

  @Test func journalChangesNeedASavedBookAndValidValues() async throws {
    let library = try await TestLibrary.make()
    let a = book("A")
    await #expect(throws: LibraryError.notSaved(a.id)) {
      try await library.setShelf(a.id, to: .read, today: day("2026-01-01"))
    }
    try await library.save(a)
    await #expect(throws: LibraryError.self) {
      try await library.addNote(.quote, to: a.id, text: "  ", day: day("2026-01-01"))
    }
    await #expect(throws: LibraryError.self) {
      try await library.addNote(.quote, to: a.id, text: "문장", page: 0, day: day("2026-01-01"))
    }
    await #expect(throws: LibraryError.self) { try await library.goals.set(0, for: 2026) }
    #expect(try await library.entry(a.id)?.version == 1, "nothing changed")
  }

  @Test func notesAndQuotesAreFoundByKoreanWordsSpacingAndInitials() async throws {
    let library = try await TestLibrary.make()
    let a = book("작별하지 않는다", authors: ["한강"])
    let b = book("Dune", authors: ["Frank Herbert"])
    try await library.save(a)
    try await library.save(b)
    let quote = try await library.addNote(
      .quote, to: a.id, text: "눈송이가 내리는 동안 우리는 기억했다", page: 123, day: day("2026-02-01"))
    try await library.addNote(.note, to: a.id, text: "해리 포터 생각이 났다", day: day("2026-02-02"))
    try await library.addNote(.note, to: b.id, text: "Fear is the mind-killer.", day: day("2026-02-03"))
    #expect(
      try await library.searchNotes("기억").map(\.note.id) == [quote.id],
      "a 2-character word inside a longer one")
    #expect(try await library.searchNotes("기억").first?.note.page == 123)
    #expect(try await library.searchNotes("해리포터").map(\.note.text) == ["해리 포터 생각이 났다"], "spacing aside")
    #expect(try await library.searchNotes("ㄴㅅㅇ").map(\.note.id) == [quote.id], "초성")
    #expect(
      try await library.searchNotes("mind kil").map(\.title) == ["Dune"], "the last word may be half typed")
    #expect(try await library.searchNotes("기억 포터").isEmpty, "every word must match")
    #expect(try await library.searchNotes("").isEmpty)
    try await library.deleteNote(quote.id)
    #expect(try await library.searchNotes("기억").isEmpty)
  }

  @Test func readingsProgressAndReReads() async throws {
    let library = try await TestLibrary.make()
    let a = book("A")
    try await library.save(a)
    var entry = try await library.recordProgress(a.id, ReadingAmount("120/352")!, on: day("2026-03-01"))
    #expect(entry.shelf == .reading && entry.pages == 352)
    #expect(entry.sessions.count == 1 && entry.sessions[0].started == day("2026-03-01"))
    entry = try await library.recordProgress(a.id, ReadingAmount("50%")!, on: day("2026-03-02"))
    #expect(entry.sessions[0].progress.map(\.amount.percent) == [34.1, 50])
    entry = try await library.finishReading(a.id, on: day("2026-03-05"))
    #expect(entry.shelf == .read && entry.sessions[0].finished == day("2026-03-05"))
    entry = try await library.finishReading(a.id, on: day("2026-03-06"))
    #expect(entry.sessions.count == 1, "a book already read stays as it is")
    entry = try await library.startReading(a.id, on: day("2026-06-01"))
    entry = try await library.finishReading(a.id, on: day("2026-06-09"))
    #expect(entry.sessions.map(\.finished) == [day("2026-03-05"), day("2026-06-09")], "a re-read")
    await #expect(throws: LibraryError.self) {
      try await library.updateSession(
        entry.sessions[1].id, started: day("2026-06-10"), finished: day("2026-06-09"))
    }
    entry = try await library.updateSession(
      entry.sessions[1].id, started: day("2026-05-30"), finished: day("2026-06-09"),
      expecting: entry.sessions[1].version)
    #expect(entry.sessions[1].started == day("2026-05-30"))
    entry = try await library.deleteSession(entry.sessions[1].id)
    #expect(entry.sessions.count == 1)
    #expect(ReadingAmount("400/352") == nil && ReadingAmount("101%") == nil && ReadingAmount("x") == nil)
    for huge in ["1/9223372036854775807", "100001", "5/100001", "9223372036854775807/9223372036854775807"] {
      #expect(ReadingAmount(huge) == nil, "\(huge)")
    }
    #expect(ReadingAmount("100000/100000") == .page(100_000, of: 100_000))
    for impossible in [
      ReadingAmount.page(100_001, of: nil), .page(-1, of: nil), .page(5, of: 4), .page(1, of: 0),
      .percent(101),
      .percent(.nan),
    ] {
      #expect(!impossible.isPossible, "\(impossible)")
      await #expect(throws: LibraryError.self) {
        try await library.recordProgress(a.id, impossible, on: day("2026-03-03"))
      }
    }
  }

  @Test func yearStatsCountMonthsRatingsAuthorsAndPace() async throws {
    let library = try await TestLibrary.make()
    let books = [
      book("A", authors: ["한강"]), book("B", authors: ["한강"]), book("C", authors: ["김영하"]),
      book("D", authors: ["김영하", "한강"]),
    ]
    for (index, item) in books.enumerated() {
      try await library.save(item)
      try await library.setPages(item.id, to: 100 * (index + 1))
    }
    try await library.finishReading(books[0].id, on: day("2026-01-10"))
    try await library.finishReading(books[1].id, on: day("2026-01-20"))
    try await library.finishReading(books[2].id, on: day("2026-03-03"))
    try await library.finishReading(books[3].id, on: day("2025-12-31"))
    try await library.setRating(books[0].id, to: StarRating(stars: 3.75))
    try await library.setRating(books[1].id, to: StarRating(halfStars: 5))
    try await library.goals.set(24, for: 2026)
    let stats = try await library.stats(for: 2026, today: day("2026-03-31"))
    #expect(stats.bookCount == 3 && stats.pageCount == 600)
    #expect(stats.months[0].books == 2 && stats.months[0].pages == 300 && stats.months[2].books == 1)
    #expect(stats.ratings[6] == 1 && stats.ratings[9] == 1 && stats.ratings.reduce(0, +) == 2)
    #expect(stats.authors.map(\.name) == ["한강", "김영하"])
    #expect(stats.goal == 24)
    // 90 days of 365: 24 × 90 / 365 ≈ 5.9 books expected by the end of March 31.
    #expect(abs(try #require(stats.expectedByToday) - 24 * 90 / 365.0) < 1e-9)
    #expect(try await library.stats(for: 2025, today: day("2026-03-31")).expectedByToday == nil)
    #expect(try await library.journalYears() == [2026, 2025])
  }

  @Test func aBookWhosePagesTheReaderLeftUnsetCountsThoseItsSourceStates() async throws {
    let library = try await TestLibrary.make()
    var stated = book("A", authors: ["한강"])
    stated.pages = 247
    let unknown = book("B", authors: ["한강"])
    for item in [stated, unknown] {
      try await library.save(item)
      try await library.finishReading(item.id, on: day("2026-02-01"))
    }
    #expect(try await library.stats(for: 2026, today: day("2026-03-31")).pageCount == 247)
    try await library.setPages(stated.id, to: 300)
    #expect(try await library.stats(for: 2026, today: day("2026-03-31")).pageCount == 300, "the reader's")
  }

  @Test func removingABookRemovesItsJournalAndFollowingMovesIt() async throws {
    let library = try await TestLibrary.make()
    let starter = Book(title: "Emma", authors: ["Jane Austen"])
    let withISBN = Book(title: "Emma", isbn: "0141439580", authors: ["Jane Austen"])
    try await library.save(starter)
    try await library.setTags(starter.id, to: ["고전"])
    try await library.setRating(starter.id, to: StarRating(halfStars: 4))
    try await library.addNote(
      .quote, to: starter.id, text: "Emma Woodhouse, handsome", day: day("2026-01-01"))
    try await library.finishReading(starter.id, on: day("2026-01-02"))
    try await library.follow([starter.id: withISBN])
    let moved = try #require(try await library.entry(withISBN.id))
    #expect(
      moved.tags == ["고전"] && moved.rating?.stars == 4 && moved.quotes.count == 1 && moved.sessions.count == 1
    )
    #expect(moved.shelf == .read)
    #expect(try await library.remove(withISBN.id) != nil)
    #expect(try await library.searchNotes("handsome").isEmpty)
    #expect(try await library.savedFacets(shelf: nil, tag: nil).tags.isEmpty)
    #expect(try await library.stats(for: 2026, today: day("2026-01-03")).bookCount == 0)
  }

  @Test func aBackupRestoredIntoAnEmptyLibraryIsTheSameByteForByte() async throws {
    let library = try await TestLibrary.make()
    let a = book("채식주의자", isbn: "9788936433598", authors: ["한강"])
    let b = book("Dune", authors: ["Frank Herbert"])
    try await library.save(a, changedAt: Date(timeIntervalSince1970: 1_700_000_000.123456))
    try await library.save(b, shelf: .reading)
    try await library.setRating(a.id, to: StarRating(stars: 3.75))
    try await library.setTags(a.id, to: ["소장"])
    try await library.setReview(a.id, to: "리뷰, \"따옴표\"")
    try await library.addNote(.quote, to: a.id, text: "문장", page: 12, day: day("2026-01-05"))
    try await library.addNote(.note, to: a.id, text: "생각", day: day("2026-01-04"))
    try await library.recordProgress(b.id, .page(10, of: 400), on: day("2026-02-01"))
    try await library.finishReading(a.id, on: day("2026-02-02"))
    try await library.recent.record(b)
    try await library.recent.record(a)
    try await library.goals.set(30, for: 2026)
    let first = try await library.backup().encoded()

    let restored = try await TestLibrary.make()
    try await restored.restore(try LibraryBackup.decode(first))
    let second = try await restored.backup().encoded()
    #expect(String(decoding: second, as: UTF8.self) == String(decoding: first, as: UTF8.self))
    #expect(try await restored.searchNotes("문장").first?.note.page == 12)
    #expect(try await restored.recent.list().map(\.book.id) == [a.id, b.id])
    #expect(LibraryBackup.isBackup(first))

    await #expect(throws: LibraryError.notEmpty) {
      try await restored.restore(try LibraryBackup.decode(first))
    }
    #expect(throws: LibraryError.self) {
      try LibraryBackup.decode(Data("{\"backup\":{\"format\":\"chaek-library-backup\",\"version\":1}}".utf8))
    }
  }

  @Test func aCopyOfTheDatabaseIsMadeWhileItIsWritten() async throws {
    let (path, directory) = try temporaryLibraryPath()
    defer { try? FileManager.default.removeItem(at: directory) }
    let library = try Library(path: path)
    let writer = try Library(path: path)
    for index in 0..<200 { try await library.save(book("책 \(index)")) }
    let copy = directory.appendingPathComponent("copy.sqlite").path
    async let writes: Void = {
      for index in 200..<400 { try await writer.save(book("책 \(index)")) }
    }()
    try await library.copyDatabase(to: copy)
    try await writes
    let count = try await Library(path: copy).savedCount()
    #expect((200...400).contains(count))
    #expect(!FileManager.default.fileExists(atPath: copy + "-wal") || count > 0)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0.contains(".partial-")
    }
    #expect(leftovers.isEmpty)
  }
}
