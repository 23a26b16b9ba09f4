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
