import BookModel
import Foundation
import Testing

@testable import ChaekWeb

@Suite("Works and editions on the page and over HTTP")
struct EditionsWebTests {
  /// Another edition of ``AppServer/vegetarian``: the same title and author, another publisher.
  static let recover = Book(
    title: "채식주의자 (리커버)", isbn: "9791100000014",
    datetime: KakaoDate.parse("2022-03-01T00:00:00.000+09:00"), authors: ["한강"], publisher: "창비 리커버")

  @Test func resultsListAWorkOnceAndItsSheetListsItsEditions() async throws {
    try await AppServer.with { app in
      try await app.fixture.catalog.upsert([Self.recover], source: .kakao)
      let original = AppServer.vegetarian
      let results = try await app.get(
        "/fragments/results?query=%EC%B1%84%EC%8B%9D%EC%A3%BC%EC%9D%98%EC%9E%90")
      #expect(results.status == 200)
      let works = PageNamesTests.rendered("data-work", in: results.text)
      let rows = results.text.components(separatedBy: "<li class=\"book\"").count - 1
      #expect(rows == works.count, "one row per work: \(results.text)")
      #expect(works.contains(original.workID.rawValue))
      #expect(results.text.contains("판본 2개"))
      let shown = [original.id, Self.recover.id].filter {
        results.text.contains("data-book-id=\"\($0.rawValue)\"")
      }
      #expect(shown.count == 1, "the other edition is in its row")

      let sheet = try await app.get("/books/\(original.id.rawValue)")
      #expect(sheet.text.contains("판본 2개</h3>"))
      #expect(sheet.text.contains("data-book-id=\"\(Self.recover.id.rawValue)\""), "a tap away")
      #expect(sheet.text.contains("창비 리커버 · 2022 · 9791100000014"))
      #expect(!sheet.text.contains("이 판본으로 바꾸기"), "nothing saved yet")
    }
  }

  @Test func anotherEditionOfASavedWorkIsRefusedAndCanTakeItsPlace() async throws {
    try await AppServer.with { app in
      try await app.fixture.catalog.upsert([Self.recover], source: .kakao)
      let original = AppServer.vegetarian
      #expect(try await app.request("PUT", "/api/library/\(original.id.rawValue)?shelf=read").status == 201)
      let refused = try await app.request("PUT", "/api/library/\(Self.recover.id.rawValue)")
      #expect(refused.status == 409)
      #expect(try refused.json()["errorType"] as? String == "OtherEditionSaved")
      #expect(try await app.library.savedIDs() == [original.id], "nothing saved beside it")

      let sheet = try await app.get("/books/\(Self.recover.id.rawValue)")
      #expect(sheet.text.contains("이 책의 다른 판본을 담았어요"))
      #expect(sheet.text.contains("data-action=\"switch-edition\""))
      let results = try await app.get(
        "/fragments/results?query=%EC%B1%84%EC%8B%9D%EC%A3%BC%EC%9D%98%EC%9E%90")
      #expect(
        results.text.contains("data-book-id=\"\(original.id.rawValue)\""), "their edition stands for it")

      let switched = try await app.request("PUT", "/api/library/\(Self.recover.id.rawValue)/edition")
      #expect(switched.status == 200, "\(switched.text)")
      #expect(try switched.json()["replaced"] as? String == original.id.rawValue)
      #expect(try await app.library.savedIDs() == [Self.recover.id])
      #expect(try await app.library.entry(Self.recover.id)?.shelf == .read, "the journal came along")
      let again = try await app.request("PUT", "/api/library/\(Self.recover.id.rawValue)/edition")
      #expect(again.status == 404, "no other edition is saved now")
    }
  }

  @Test func aReadingNamesTheEditionReadFromTheSheet() async throws {
    try await AppServer.with { app in
      try await app.fixture.catalog.upsert([Self.recover], source: .kakao)
      let original = AppServer.vegetarian
      #expect(try await app.request("PUT", "/api/library/\(original.id.rawValue)").status == 201)
      let finished = try await app.request("POST", "/api/journal/\(original.id.rawValue)/finish")
      let session = try #require((try finished.json()["sessions"] as? [[String: Any]])?.first?["id"] as? Int)
      let sheet = try await app.get("/books/\(original.id.rawValue)")
      #expect(sheet.text.contains("<select id=\"session-\(session)-edition\" name=\"edition\">"))
      #expect(sheet.text.contains("<option value=\"\(Self.recover.id.rawValue)\">채식주의자 (리커버) · 창비 리커버"))

      func patch(_ edition: String) async throws -> AppServer.Reply {
        let body = Data(#"{"started":null,"finished":"\#(CalendarDay.today())","edition":\#(edition)}"#.utf8)
        return try await app.request(
          "PATCH", "/api/sessions/\(session)", body: body, headers: ["Content-Type": "application/json"])
      }
      let named = try await patch("\"\(Self.recover.id.rawValue)\"")
      #expect(named.status == 200, "\(named.text)")
      #expect(
        (try named.json()["sessions"] as? [[String: Any]])?.first?["edition"] as? String
          == Self.recover.id.rawValue)
      let again = try await app.get("/books/\(original.id.rawValue)")
      #expect(again.text.contains("<option value=\"\(Self.recover.id.rawValue)\" selected>"))

      let refused = try await patch("\"isbn:9780000000002\"")
      #expect(refused.status == 400, "\(refused.text)")
      #expect(
        try await app.library.entry(original.id)?.sessions.first?.edition == Self.recover.id, "unchanged")
      let saved = try await patch("null")
      #expect((try saved.json()["sessions"] as? [[String: Any]])?.first?["edition"] as? String == nil)
    }
  }

  @Test func aReaderMergesATranslationIntoItsWorkAndSplitsItOff() async throws {
    try await AppServer.with { app in
      let english = Book(
        title: "The Vegetarian", isbn: "9791100000021", authors: ["Han Kang"], publisher: "Hogarth")
      try await app.fixture.catalog.upsert([english], source: .kakao)
      let original = AppServer.vegetarian
      let candidates = try await app.get("/fragments/merge?book=\(original.id.rawValue)&query=vegetarian")
      #expect(candidates.status == 200)
      #expect(candidates.text.contains("data-book-id=\"\(english.id.rawValue)\""))
      #expect(candidates.text.contains("data-action=\"merge-into\""))
      let own = try await app.get(
        "/fragments/merge?book=\(original.id.rawValue)&query=%EC%B1%84%EC%8B%9D%EC%A3%BC%EC%9D%98%EC%9E%90")
      #expect(!own.text.contains("data-book-id=\"\(original.id.rawValue)\""), "not its own work")

      let body = try JSONSerialization.data(withJSONObject: [
        "book": english.id.rawValue, "into": original.id.rawValue,
      ])
      let merged = try await app.request(
        "POST", "/api/works/merge", body: body, headers: ["Content-Type": "application/json"])
      #expect(merged.status == 201, "\(merged.text)")
      let merge = try #require(try merged.json()["merge"] as? Int)
      let again = try await app.request(
        "POST", "/api/works/merge", body: body, headers: ["Content-Type": "application/json"])
      #expect(again.status == 400, "one work already")

      let sheet = try await app.get("/books/\(original.id.rawValue)")
      #expect(sheet.text.contains("판본 2개</h3>"))
      #expect(sheet.text.contains("data-action=\"split-work\" data-merge=\"\(merge)\""))
      #expect(try await app.request("DELETE", "/api/works/merge/\(merge)").status == 200)
      #expect(try await app.request("DELETE", "/api/works/merge/\(merge)").status == 404)
      #expect(!(try await app.get("/books/\(original.id.rawValue)").text.contains("판본 2개")))
    }
  }
}
