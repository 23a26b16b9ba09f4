import BookImport
import BookModel
import Foundation
import SearchIndex
import Storage
import TestLibraries
import TestSupport
import Testing

@testable import UserLibrary

@Suite("Saved names: 자동완성 of the user's own books")
struct SavedNamesTests {
  func texts(_ library: Library, _ typed: String, limit: Int = 8) async throws -> [String] {
    try await library.savedNames(completing: typed, limit: limit).map(\.text)
  }

  @Test func titlesAndPeopleAreFoundAsTheyAreTyped() async throws {
    let library = try await TestLibrary.make()
    let harry = Book(
      title: "해리 포터와 마법사의 돌", url: "https://example.com/h", authors: ["J.K. 롤링"], translators: ["김혜원"])
    try await library.save(harry)
    try await library.save(book("채식주의자", isbn: "9788936433598", authors: ["한강"]))
    for typed in ["해리ㅍ", "해리포", "ㅎㄹㅍㅌ", "해리 포터와"] {
      #expect(try await texts(library, typed) == ["해리 포터와 마법사의 돌"], "\(typed)")
    }
    #expect(try await texts(library, "채시") == ["채식주의자"])
    #expect(try await texts(library, "한ㄱ") == ["한강"])
    #expect(try await texts(library, "j.k") == ["J.K. 롤링"])
    #expect(try await texts(library, "김혜") == ["김혜원"])
    let names = try await library.savedNames(completing: "해리", limit: 8)
    #expect(names == [SavedName(text: "해리 포터와 마법사의 돌", kind: .title, bookID: harry.id)])
    #expect(try await texts(library, "포터").isEmpty, "a name is completed from its beginning")
    for nothing in ["", "  ", "!!", "x"] {
      #expect(try await texts(library, nothing).isEmpty, "\(nothing)")
    }
    #expect(try await texts(library, "해리", limit: 0).isEmpty)
  }

  @Test func theyAgreeWithTheEnginesMatcher() async throws {
    let library = try await TestLibrary.make()
    let titles = ["해리 포터", "해변의 카프카", "Harry Potter", "Les Misérables", "한강의 기적", "ㅎㅎ 웃음", "하루"]
    for title in titles { try await library.save(book(title, authors: [])) }
    for typed in ["해", "해ㄹ", "햅", "ㅎㄹ", "harry p", "les mis", "LES MIS", "한가", "ㅎ", "하", "ㅎㅎ"] {
      let expected = titles.filter { Analyzer.completes($0, typed: typed) }.sorted {
        $0.lowercased() < $1.lowercased()
      }
      #expect(Set(try await texts(library, typed, limit: 20)) == Set(expected), "\(typed)")
    }
  }

  @Test func theyComeInTitleOrderOncePerFoldedText() async throws {
    let library = try await TestLibrary.make()
    try await library.save(book("무진기행", isbn: "9788932916621", authors: ["김승옥"]))
    try await library.save(book("무라카미 라디오", isbn: "9788937834790", authors: ["무라카미 하루키"]))
    try await library.save(book("무라카미 하루키 잡문집", isbn: "9788954616515", authors: ["무라카미 하루키"]))
    try await library.save(book("1Q84", isbn: "9788954608640", authors: ["무라카미  하루키"]))
    #expect(
      try await texts(library, "무")
        == ["무라카미  하루키", "무라카미 라디오", "무라카미 하루키 잡문집", "무진기행"])
    #expect(try await texts(library, "무", limit: 2) == ["무라카미  하루키", "무라카미 라디오"])
  }

  @Test func theyFollowEveryChangeToTheSavedBooks() async throws {
    let library = try await TestLibrary.make()
    let starter = book("소년이 온다", authors: ["한강"])
    try await library.save(starter)
    #expect(try await texts(library, "소년") == ["소년이 온다"])

    // Saved again with a corrected record: the new title is the one found.
    try await library.save(Book(title: "소년이 온다 (개정판)", url: starter.url, authors: ["한강"]))
    #expect(try await texts(library, "소년") == ["소년이 온다 (개정판)"])

    // Followed to its ISBN: found under the new identity only.
    let withISBN = book("소년이 온다", isbn: "9788936434120", authors: ["한강"])
    try await library.follow([starter.id: withISBN])
    #expect(try await library.savedNames(completing: "소년", limit: 8).map(\.bookID) == [withISBN.id])

    // Removed, one and all.
    try await library.remove(withISBN.id)
    #expect(try await texts(library, "소년").isEmpty)
    #expect(try await texts(library, "한강").isEmpty)
    try await library.save(book("채식주의자", authors: ["한강"]))
    try await library.removeAll()
    #expect(try await texts(library, "채식").isEmpty)

    // Restored from a backup and merged from an import.
    try await library.save(book("작별하지 않는다", isbn: "9788954682152", authors: ["한강"]))
    let backup = try await library.backup()
    let restored = try await TestLibrary.make()
    try await restored.restore(backup)
    #expect(try await texts(restored, "작별") == ["작별하지 않는다"])
    _ = try await restored.mergeImported(
      [(book("희랍어 시간", isbn: "9788954618076", authors: ["한강"]), ReadingRecord(shelf: .read))],
      today: CalendarDay("2026-12-01")!)
    #expect(try await texts(restored, "희랍") == ["희랍어 시간"])
    #expect(try await texts(restored, "한") == ["한강"])
  }

  @Test func aLibraryWithBooksSavedBeforeTheIndexHasThemIndexedWhenOpened() async throws {
    let (path, directory) = try temporaryLibraryPath()
    defer { try? FileManager.default.removeItem(at: directory) }
    let migrations = Library.migrations.filter {
      ![Library.savedNamesMigration.name, Library.savedNamesCheck.name].contains($0.name)
    }
    do {
      let old = try Database(path: path, migrations: migrations)
      for title in ["채식주의자", "소년이 온다"] {
        let json = try Library.encode(book(title, authors: ["한강"]))
        _ = try await old.write { connection in
          try connection.run(
            "INSERT INTO saved_books (id, title, book, saved_at) VALUES (?, ?, ?, ?)",
            [book(title).id.rawValue, title, json, 1_700_000_000])
        }
      }
    }
    let library = try Library(path: path)
    #expect(try await texts(library, "ㅊㅅ") == ["채식주의자"])
    #expect(try await texts(library, "소녀") == ["소년이 온다"])
    #expect(try await texts(library, "하") == ["한강"])
  }

  @Test func namesMadeByAnotherAnalyzerVersionAreMadeAgainWhenOpened() async throws {
    let (path, directory) = try temporaryLibraryPath()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await Library(path: path).save(book("채식주의자", authors: ["한강"]))
    do {
      // As a release with another analyzer would leave them: other keys, another version.
      let other = try Database(path: path, migrations: [])
      try await other.write { connection in
        try connection.run("UPDATE saved_names SET key = 'x', initials = 'x'")
        try connection.run(
          "UPDATE settings SET value = '0' WHERE name = ?", [Library.savedNamesVersionSetting])
      }
    }
    let library = try Library(path: path)
    #expect(try await texts(library, "채식") == ["채식주의자"])
    #expect(try await texts(library, "ㅎㄱ") == ["한강"])
  }
}
