import BookModel
import Foundation
import HTTPRouting
import Testing
import UserLibrary

/// 담은 책 a page at a time: a library of thousands is not megabytes per refresh.
@Suite("담은 책 in pages", .timeLimit(.minutes(10)))
struct SavedPagesTests {
  private static func fill(_ library: Library, count: Int) async throws {
    for number in 0..<count {
      let book = Book(title: String(format: "책 %03d", number), url: "https://example.com/\(number)")
      try await library.save(book, shelf: number % 2 == 0 ? .read : .want)
    }
  }

  private static func rows(_ html: Data) -> [String] {
    String(decoding: html, as: UTF8.self).components(separatedBy: "data-book-id=\"").dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
  }

  @Test func theListFragmentGivesAPageAndSaysHowManyMatch() async throws {
    try await AppFixture.with { app async throws in
      try await Self.fill(app.library, count: 150)
      let first = await app.client.get("/fragments/saved")
      #expect(first.headers["X-Chaek-Count"] == "150" && first.headers["X-Chaek-Matching"] == "150")
      let firstRows = Set(Self.rows(first.body))
      #expect(firstRows.count == 100)
      let rest = await app.client.get("/fragments/saved?offset=100")
      #expect(Set(Self.rows(rest.body)).count == 50 && firstRows.isDisjoint(with: Self.rows(rest.body)))
      let read = await app.client.get("/fragments/saved?shelf=read&limit=10")
      #expect(read.headers["X-Chaek-Matching"] == "75" && Self.rows(read.body).count == 10)
      #expect(await app.client.get("/fragments/saved?limit=x").status == 400)

      let page = await app.client.get("/saved")
      let html = String(decoding: page.body, as: UTF8.self)
      #expect(html.contains(#"<div id="saved-more" class="more">"#), "더 보기 shows while rows remain")
    }
  }

  @Test func theOrderChosenLastListsEveryPageAndTheAPIUntilAnotherIs() async throws {
    try await AppFixture.with { app async throws in
      for (title, quarters) in [("Zebra", 8), ("가을", 12), ("Apple", 20)] {
        let book = Book(title: title, url: "https://example.com/\(title)")
        try await app.library.save(book)
        _ = try await app.library.setRating(book.id, to: StarRating(quarters: quarters))
      }
      func titles(_ target: String) async throws -> [String] {
        let books = try await app.client.get(target).json()["books"] as? [[String: Any]] ?? []
        return books.compactMap { ($0["book"] as? [String: Any])?["title"] as? String }
      }
      #expect(try await titles("/api/library") == ["가을", "Apple", "Zebra"], "by title, Korean first")
      let chosen = await app.client.send(.PUT, "/api/library/order", json: #"{"sort":"rating"}"#)
      #expect(try chosen.status == 200 && chosen.json()["sort"] as? String == "rating")
      #expect(try await titles("/api/library") == ["Apple", "가을", "Zebra"])
      #expect(try await titles("/api/library?sort=title") == ["가을", "Apple", "Zebra"], "unless told")
      let fragment = await app.client.get("/fragments/saved")
      #expect(fragment.text.range(of: "Apple")!.lowerBound < fragment.text.range(of: "가을")!.lowerBound)
      let page = await app.client.get("/saved").text
      #expect(page.contains(#"<option value="rating" selected>별점순</option>"#), "the menu shows it chosen")

      for bad in [#"{"sort":"price"}"#, #"{}"#, #"{"sort":3}"#] {
        #expect(await app.client.send(.PUT, "/api/library/order", json: bad).status == 400, "\(bad)")
      }
      #expect(await app.client.get("/api/library?sort=price").status == 400)
      #expect(await app.client.get("/fragments/saved?sort=price").status == 400)
      #expect(try await titles("/api/library") == ["Apple", "가을", "Zebra"], "a bad order changes nothing")
    }
  }

  @Test func theAPITakesLimitAndOffsetAndListsEveryIdentity() async throws {
    try await AppFixture.with { app async throws in
      try await Self.fill(app.library, count: 5)
      let page = try await app.client.get("/api/library?limit=2&offset=1&shelf=read").json()
      #expect(page["count"] as? Int == 2 && page["matching"] as? Int == 3)
      let titles = (page["books"] as? [[String: Any]])?.compactMap {
        ($0["book"] as? [String: Any])?["title"] as? String
      }
      #expect(titles == ["책 002", "책 004"])
      let ids = try await app.client.get("/api/library/ids").json()["ids"] as? [String]
      #expect(Set(ids ?? []) == Set(try await app.library.savedIDs().map(\.rawValue)) && ids?.count == 5)
      for bad in ["limit=0", "offset=-1", "limit=many"] {
        #expect(await app.client.get("/api/library?\(bad)").status == 400, "\(bad)")
      }
    }
  }
}
