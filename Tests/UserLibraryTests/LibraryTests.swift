import BookModel
import Foundation
import TestLibraries
import TestSupport
import Testing

@testable import UserLibrary

func book(_ title: String, isbn: String = "", authors: [String] = ["작가"]) -> Book {
  Book(title: title, url: isbn.isEmpty ? "https://example.com/\(title)" : "", isbn: isbn, authors: authors)
}

/// A library file in a fresh temporary directory, removed by the caller.
func temporaryLibraryPath() throws -> (path: String, directory: URL) {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-library-\(UUID())")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return (directory.appendingPathComponent("library.sqlite").path, directory)
}

@Suite("담은 책 (saved books)")
struct SavedBooksTests {
  @Test func saveIsIdempotentAndKeepsTheBook() async throws {
    let library = try await TestLibrary.make()
    let vegetarian = book("채식주의자", isbn: "9788936433598", authors: ["한강"])
    #expect(try await library.save(vegetarian) == .saved)
    #expect(try await library.save(vegetarian) == .alreadySaved)
    #expect(try await library.savedCount() == 1)
    #expect(try await library.contains(vegetarian.id))
    #expect(try await library.savedBook(vegetarian.id)?.book == vegetarian)
  }

  @Test func listsByTitleOrByDateSaved() async throws {
    let library = try await TestLibrary.make()
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    for (offset, title) in ["하얀", "banana", "Apple", "가나"].enumerated() {
      try await library.save(book(title), changedAt: start.addingTimeInterval(Double(offset)))
    }
    #expect(try await library.savedBooks().map(\.book.title) == ["가나", "하얀", "Apple", "banana"])
    #expect(
      try await library.savedBooks(sortedBy: .added).map(\.book.title) == ["가나", "Apple", "banana", "하얀"])
  }

  @Test func listsKoreanFirstByTitleFinishedRatingAndAuthor() async throws {
    let library = try await TestLibrary.make()
    let books = [
      (book("하얀", authors: ["한강"]), 16, "2024-03-01"),
      (book("banana", authors: ["Zed"]), nil, nil),
      (book("Apple", authors: ["adam"]), 20, "2025-01-10"),
      (book("가나", authors: []), 20, "2023-06-01"),
      // A NUL in a description, which PostgreSQL's jsonb would refuse to read.
      (
        Book(
          title: "1984", contents: "빅 브라더가\u{0} 보고 있다", url: "https://example.com/1984", authors: ["조지 오웰"]),
        nil, nil
      ),
    ]
    for (saved, quarters, finished) in books {
      try await library.save(saved)
      if let quarters { _ = try await library.setRating(saved.id, to: StarRating(quarters: quarters)) }
      if let finished {
        _ = try await library.finishReading(saved.id, on: try #require(CalendarDay(finished)))
      }
    }
    func titles(_ order: SavedOrder) async throws -> [String] {
      try await library.savedBooks(sortedBy: order).map(\.book.title)
    }
    #expect(try await titles(.title) == ["가나", "하얀", "1984", "Apple", "banana"])
    #expect(try await titles(.finished) == ["Apple", "하얀", "가나", "1984", "banana"])
    #expect(try await titles(.rating) == ["가나", "Apple", "하얀", "1984", "banana"], "ties by title")
    #expect(try await titles(.author) == ["1984", "하얀", "Apple", "banana", "가나"])
    #expect(
      try await library.savedBooks(sortedBy: .author, limit: 2, offset: 2).map(\.book.title) == [
        "Apple", "banana",
      ])
  }

  @Test func aPageByTitleIsReadFromTheIndexNotSorted() async throws {
    let library = try Library(path: ":memory:")
    let plan = try await library.file!.read { connection in
      try connection.query(
        "EXPLAIN QUERY PLAN SELECT book FROM saved_books ORDER BY \(Library.orderTerms(.title, dialect: .sqlite)) LIMIT 100"
      ) { $0.text(3) }
    }
    #expect(plan == ["SCAN saved_books USING INDEX saved_books_by_title"])
  }

  @Test func remembersTheOrderLastChosen() async throws {
    let library = try await TestLibrary.make()
    #expect(try await library.savedOrder() == .title)
    try await library.rememberSavedOrder(.rating)
    #expect(try await library.savedOrder() == .rating)
    try await library.rememberSavedOrder(.author)
    #expect(try await library.savedOrder() == .author)
  }

  @Test func removeOneAndRemoveAll() async throws {
    let library = try await TestLibrary.make()
    let a = book("A")
    let b = book("B")
    try await library.save(a)
    try await library.save(b)
    #expect(try await library.remove(a.id)?.count == 1)
    #expect(try await library.remove(a.id) == nil)
    #expect(try await library.savedIDs() == [b.id])
    #expect(try await library.removeAll().count == 1)
    #expect(try await library.savedBooks().isEmpty)
  }
}

@Suite("최근 본 책 (recently viewed)")
struct RecentViewsTests {
  @Test func newestFirstDeduplicatedAndCappedAtTen() async throws {
    let library = try await TestLibrary.make()
    for index in 1...12 { try await library.recent.record(book("책 \(index)")) }
    try await library.recent.record(book("책 5"))
    let titles = try await library.recent.list().map(\.book.title)
    #expect(titles.count == RecentViews.limit)
    #expect(titles == ["책 5", "책 12", "책 11", "책 10", "책 9", "책 8", "책 7", "책 6", "책 4", "책 3"])
  }

  @Test func persistsAcrossReopening() async throws {
    let place = TestLibrary.Place()
    do {
      let library = try await place.open()
      try await library.recent.record(book("다시 볼 책"))
      try await library.save(book("담아 둔 책"))
    }
    let reopened = try await place.open()
    #expect(try await reopened.recent.list().map(\.book.title) == ["다시 볼 책"])
    #expect(try await reopened.savedBooks().map(\.book.title) == ["담아 둔 책"])
  }
}

@Suite("Change feed")
struct ChangeFeedTests {
  @Test(.timeLimit(.minutes(10))) func deliversEventsOfThisProcessInOrder() async throws {
    let library = try await TestLibrary.make()
    let events = try await library.events()
    let a = book("A")
    try await library.save(a)
    try await library.save(a)  // already saved: no event
    try await library.recent.record(a)
    try await library.remove(a.id)
    try await library.removeAll()
    var received: [LibraryEvent] = []
    for await event in events {
      received.append(event)
      if received.count == 4 { break }
    }
    #expect(received == [.saved(a.id), .viewed(a.id), .removed(a.id), .cleared])
  }

  @Test(.timeLimit(.minutes(10))) func deliversChangesMadeThroughAnotherConnection() async throws {
    let place = TestLibrary.Place()
    let observer = try await place.open()
    let writer = try await place.open()
    let events = try await observer.events()
    let a = book("다른 창에서 담은 책")
    try await writer.save(a)
    var iterator = events.makeAsyncIterator()
    #expect(await iterator.next() == .saved(a.id))
  }

  @Test func twoConnectionsSaveConcurrentlyWithoutLosingAnything() async throws {
    let place = TestLibrary.Place()
    let first = try await place.open()
    let second = try await place.open()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (name, library) in [("a", first), ("b", second)] {
        group.addTask {
          for index in 0..<50 {
            try await library.save(book("\(name)-\(index)"))
            try await library.recent.record(book("\(name)-\(index)"))
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(try await first.savedCount() == 100)
    #expect(try await second.recent.list().count == RecentViews.limit)
  }
}

@Suite("Books that changed identity")
struct FollowTests {
  @Test(.timeLimit(.minutes(10))) func savedAndRecentEntriesFollowTheirReplacementAndKeepTheirDates()
    async throws
  {
    let place = TestLibrary.Place()
    let library = try await place.open()
    let starter = Book(title: "The Hobbit", contents: "A hobbit's quest.", authors: ["J.R.R. Tolkien"])
    let other = book("Other", isbn: "9788936433598")
    let saved = Date(timeIntervalSince1970: 1_000_000)
    try await library.save(starter, changedAt: saved)
    try await library.recent.record(starter, at: saved)
    try await library.recent.record(other, at: saved.addingTimeInterval(60))
    let events = try await library.events()
    let withISBN = Book(title: "The Hobbit", isbn: "0618260307", authors: ["J.R.R. Tolkien"])

    // Another process opens the file and follows the replacement.
    let moved = try await place.open().follow([starter.id: withISBN, other.id: other])

    #expect(moved == 2)
    let entry = try #require(try await library.savedBooks().first)
    #expect(entry.book.id == withISBN.id && entry.savedAt == saved)
    #expect(entry.book.contents == "A hobbit's quest.", "what only the old copy knew stays")
    #expect(try await library.savedBook(starter.id) == nil)
    #expect(try await library.recent.list().map(\.book.id) == [other.id, withISBN.id], "the order stays")
    var seen: [LibraryEvent] = []
    for await event in events {
      seen.append(event)
      if seen.count == 3 { break }
    }
    #expect(seen == [.removed(starter.id), .saved(withISBN.id), .viewed(withISBN.id)])
    #expect(try await library.follow([starter.id: withISBN]) == 0, "following again moves nothing")
  }

  @Test func whenBothIdentitiesAreSavedTheyBecomeOneWithTheEarlierDate() async throws {
    let library = try await TestLibrary.make()
    let starter = Book(title: "Emma", authors: ["Jane Austen"])
    let withISBN = Book(title: "Emma", isbn: "0141439580", authors: ["Jane Austen"])
    try await library.save(withISBN, changedAt: Date(timeIntervalSince1970: 2_000))
    try await library.save(starter, changedAt: Date(timeIntervalSince1970: 1_000))
    try await library.follow([starter.id: withISBN])
    let saved = try await library.savedBooks()
    #expect(saved.map(\.book.id) == [withISBN.id])
    #expect(saved.first?.savedAt == Date(timeIntervalSince1970: 1_000))
  }
}
