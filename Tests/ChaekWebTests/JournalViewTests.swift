import BookModel
import Foundation
import Testing
import UserLibrary

@Suite("Journal views: the detail sheet's journal, 담은 책 filters and the 기록 screen")
struct JournalViewTests {
  static let vegetarian = AppServer.vegetarian.id

  static func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

  @Test func theSheetOfAnUnsavedBookOffersOnlyTheShelves() async throws {
    try await AppFixture.with { app in
      let sheet = await app.client.get("/fragments/books/\(Self.vegetarian.rawValue)").text
      for shelf in ["읽고 싶은 책", "읽는 중", "읽은 책", "중단한 책"] { #expect(sheet.contains(">\(shelf)</label>")) }
      #expect(!sheet.contains(" checked") && !sheet.contains("data-version"))
      #expect(sheet.contains("aria-pressed=\"false\"") && !sheet.contains("name=\"rating\""))
    }
  }

  @Test func aFinishedBookSaysWhenItWasFinishedAndOffersAReread() async throws {
    try await AppFixture.with { app in
      let id = Self.vegetarian
      _ = try await app.library.save(AppServer.vegetarian)
      try await app.library.setShelf(id, to: .reading, today: Self.day("2026-03-01"))
      try await app.library.recordProgress(id, ReadingAmount("120/312")!, on: Self.day("2026-03-05"))
      try await app.library.finishReading(id, on: Self.day("2026-03-20"))
      let sheet = await app.client.get("/fragments/books/\(id.rawValue)").text
      #expect(sheet.contains("2026. 3. 20.에 다 읽었어요"))
      #expect(!sheet.contains("120/312쪽"), "a finished book does not show where its reading stopped")
      #expect(sheet.contains(">다시 읽기</button>") && !sheet.contains(">읽기 시작</button>"))
    }
  }

  @Test func theSheetOfASavedBookShowsEveryPartOfItsJournal() async throws {
    try await AppFixture.with { app in
      let id = Self.vegetarian
      _ = try await app.library.save(AppServer.vegetarian)
      try await app.library.setShelf(id, to: .reading, today: Self.day("2026-03-01"))
      try await app.library.setRating(id, to: StarRating(halfStars: 4.5))
      try await app.library.recordProgress(id, ReadingAmount("120/352")!, on: Self.day("2026-03-05"))
      try await app.library.addNote(
        .quote, to: id, text: "나는 나무가 될 거야.", page: 123, day: Self.day("2026-03-05"))
      let sheet = await app.client.get("/fragments/books/\(id.rawValue)").text
      #expect(sheet.contains("id=\"shelf-reading\" value=\"reading\" checked"))
      #expect(sheet.contains("id=\"rating-9\" value=\"4.5\" checked") && sheet.contains(">4.5점</span>"))
      #expect(sheet.contains("aria-valuetext=\"120/352쪽 (34.1%)\""))
      #expect(sheet.contains("<p>나는 나무가 될 거야.</p></blockquote><p class=\"quote-page\">p. 123</p>"))
      #expect(sheet.contains("value=\"2026-03-01\"") && sheet.contains("1회차 · 읽는 중"))
      #expect(sheet.contains("문장 수집 <span class=\"count\">1</span>"))
      let version = try #require(try await app.library.entry(id)?.version)
      #expect(sheet.contains("id=\"journal\" data-version=\"\(version)\""))
    }
  }

  @Test func hostileTitlesTagsAndNotesStayText() async throws {
    try await AppFixture.with { app in
      let rows = await app.client.get("/fragments/results?query=img").text
      let text = try #require(rows.firstMatch(of: /data-book-id="([^"]+)"/)?.1)
      let id = try #require(BookID(parsing: String(text)))
      let book = try #require(AppServer.books.first { $0.id == id })
      _ = try await app.library.save(book)
      let hostile = "<script>alert(1)</script>\"'"
      try await app.library.setTags(id, to: [hostile])
      try await app.library.setReview(id, to: hostile)
      try await app.library.addNote(.note, to: id, text: "script " + hostile, day: Self.day("2026-02-01"))
      try await app.library.finishReading(id, on: Self.day("2026-02-02"))
      let pages = [
        "/fragments/books/\(id.rawValue)", "/fragments/saved", "/fragments/saved-filters",
        "/fragments/stats?year=2026&today=2026-03-01", "/fragments/notes?query=script", "/stats?q=script",
      ]
      for path in pages {
        let page = await app.client.get(path)
        #expect(page.status == 200, "\(path)")
        #expect(!page.text.contains("<script>alert") && !page.text.contains("<img src=x"), "\(path)")
      }
      let sheet = await app.client.get(pages[0]).text
      #expect(sheet.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;"))
      #expect(await app.client.get(pages[4]).text.contains("<mark>script</mark>"))
    }
  }

  @Test func savedRowsShowTheirShelfAndStarsAndFilterByShelfAndTag() async throws {
    try await AppFixture.with { app in
      for book in AppServer.books.prefix(3) { _ = try await app.library.save(book) }
      try await app.library.finishReading(Self.vegetarian, on: Self.day("2026-01-10"))
      try await app.library.setRating(Self.vegetarian, to: StarRating(halfStars: 3.5))
      try await app.library.setTags(Self.vegetarian, to: ["소설"])
      let read = await app.client.get("/fragments/saved?shelf=read")
      #expect(read.text.components(separatedBy: "<li ").count == 2)
      #expect(read.text.contains(">읽은 책</span>") && read.text.contains("aria-label=\"별점 3.5점\""))
      #expect(read.headers["X-Chaek-Count"] == "3")
      let tagged = await app.client.get("/fragments/saved?tag=%EC%86%8C%EC%84%A4").text
      #expect(tagged.contains("data-book-id=\"\(Self.vegetarian.rawValue)\""))
      let chips = await app.client.get("/fragments/saved-filters?shelf=read").text
      #expect(chips.contains("전체 <span class=\"chip-count\">3</span>"))
      #expect(chips.contains("읽고 싶은 책 <span class=\"chip-count\">2</span>"))
      #expect(
        chips.contains("data-shelf=\"read\" aria-pressed=\"true\">읽은 책 <span class=\"chip-count\">1</span>"))
      #expect(chips.contains("#소설 <span class=\"chip-count\">1</span>"))
    }
  }

  @Test func theStatsScreenDrawsChartsWithATextAlternativeAndThePace() async throws {
    try await AppFixture.with { app in
      _ = try await app.library.save(AppServer.vegetarian)
      try await app.library.finishReading(Self.vegetarian, on: Self.day("2026-03-14"))
      try await app.library.setRating(Self.vegetarian, to: StarRating(halfStars: 4.5))
      try await app.library.goals.set(10, for: 2026)
      let screen = await app.client.get("/fragments/stats?year=2026&today=2026-07-01").text
      #expect(screen.components(separatedBy: "<svg class=\"chart-svg\"").count == 4)
      #expect(screen.contains("role=\"img\" aria-labelledby=\"chart-books-title\">"))
      #expect(screen.contains("<title id=\"chart-books-title\">월별 읽은 책, 모두 1권</title>"))
      #expect(screen.contains("<table class=\"visually-hidden\"><caption>월별 읽은 책</caption>"))
      #expect(screen.contains("<tr><th scope=\"row\">3월</th><td>1권</td></tr>"))
      #expect(screen.contains("<tr><th scope=\"row\">4.5</th><td>1권</td></tr>"))
      // 10 books by the end of day 182 of 365 is 5: one book is behind, and told what is left.
      #expect(screen.contains("aria-valuetext=\"1 / 10권\"") && screen.contains("목표까지 9권 남았어요"))
      #expect(!screen.contains("뒤처져"))
      #expect(screen.contains("data-book-id=\"\(Self.vegetarian.rawValue)\"") && screen.contains("한강"))
      let past = await app.client.get("/fragments/stats?year=2026&today=2027-01-05").text
      #expect(past.contains("목표까지 9권 모자랐어요"))
      try await app.library.goals.set(1, for: 2026)
      #expect(await app.client.get("/fragments/stats?year=2026&today=2026-07-01").text.contains("목표를 이뤘어요"))
      #expect(await app.client.get("/fragments/stats?year=0").status == 400)
    }
  }

  @Test func barHeightsAreProportionalToTheirValues() async throws {
    try await AppFixture.with { app in
      for book in AppServer.books.prefix(3) { _ = try await app.library.save(book) }
      let ids = AppServer.books.prefix(3).map(\.id)
      try await app.library.finishReading(ids[0], on: Self.day("2026-03-01"))
      try await app.library.finishReading(ids[1], on: Self.day("2026-03-20"))
      try await app.library.finishReading(ids[2], on: Self.day("2026-05-02"))
      let screen = await app.client.get("/fragments/stats?year=2026&today=2026-06-01").text
      let start = try #require(screen.range(of: "aria-labelledby=\"chart-books-title\""))
      let chart = screen[start.upperBound...]
      let svg = String(chart[..<(chart.range(of: "</svg>")?.lowerBound ?? chart.endIndex)])
      let heights = svg.matches(of: /class="bar" [^>]*height="([0-9.]+)"/).map { Double($0.1)! }
      #expect(heights.count == 12)
      #expect(heights[2] == 130 && heights[4] == 65)
      #expect(heights.enumerated().allSatisfy { [2, 4].contains($0.offset) || $0.element == 0 })
    }
  }

  @Test func theStatsTabIsAPageOfItsOwn() async throws {
    try await AppFixture.with { app in
      let page = await app.client.get("/stats")
      #expect(page.status == 200)
      #expect(page.text.contains("<title>기록 — 책</title>") && page.text.contains("<body data-tab=\"stats\">"))
      #expect(page.text.contains("id=\"tab-stats\" role=\"tab\" href=\"/stats\" aria-selected=\"true\""))
      #expect(page.text.contains("독서 목표") && page.text.contains("id=\"note-query\""))
    }
  }
}
