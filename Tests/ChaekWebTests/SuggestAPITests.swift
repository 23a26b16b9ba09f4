import BookModel
import Foundation
import HTTPRouting
import TestSupport
import Testing

@Suite("Suggest API: 자동완성")
struct SuggestAPITests {
  /// The suggestions of a request, as (text, kind, id, saved).
  func suggestions(_ response: TestClient.Response) throws -> [[String: Any]] {
    try #require(response.json()["suggestions"] as? [[String: Any]])
  }

  func encoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
  }

  @Test func aPartialSyllableFindsTitlesAndPeople() async throws {
    try await AppFixture.with { app in
      let titles = try suggestions(await app.client.get("/api/suggest?q=\(encoded("소녀"))"))
      #expect(titles.map { $0["text"] as? String } == ["소년이 온다"])
      #expect(titles.first?["kind"] as? String == "title" && titles.first?["saved"] as? Bool == false)
      #expect((titles.first?["id"] as? String)?.isEmpty == false)
      let people = try suggestions(await app.client.get("/api/suggest?q=\(encoded("한ㄱ"))"))
      #expect(people.map { $0["text"] as? String } == ["한강"])
      #expect(people.first?["kind"] as? String == "person")
      #expect(people.first?["id"] is NSNull, "a person's id is null, not absent")
      let initials = try suggestions(await app.client.get("/api/suggest?q=\(encoded("ㅅㄴㅇ"))"))
      #expect(initials.map { $0["text"] as? String } == ["소년이 온다"])
    }
  }

  @Test func savedBooksComeFirstAndOnce() async throws {
    try await AppFixture.with { app in
      let all = try suggestions(await app.client.get("/api/suggest?q=\(encoded("시리즈"))&limit=20"))
      #expect(all.count == 20 && all.allSatisfy { $0["saved"] as? Bool == false })
      let saved = Book(title: "시리즈 7권", authors: ["작가"], publisher: "출판사")
      _ = try await app.library.save(saved)
      let again = try suggestions(await app.client.get("/api/suggest?q=\(encoded("시리ㅈ"))&limit=5"))
      #expect(again.count == 5)
      #expect(again.first?["text"] as? String == "시리즈 7권" && again.first?["saved"] as? Bool == true)
      #expect(again.filter { $0["text"] as? String == "시리즈 7권" }.count == 1, "deduplicated")
      let person = try suggestions(await app.client.get("/api/suggest?q=\(encoded("자"))"))
      #expect(person.map { $0["text"] as? String } == ["작가"])
      #expect(person.first?["saved"] as? Bool == true)
    }
  }

  @Test func typingInTheOtherKeyboardModeFindsWhatItsKeysName() async throws {
    try await AppFixture.with { app in
      // 소년 typed in English mode, the last syllable still growing.
      let titles = try suggestions(await app.client.get("/api/suggest?q=thsus"))
      #expect(titles.first?["text"] as? String == "소년이 온다")
      _ = try await app.library.save(Book(title: "Harry Potter", authors: ["J.K. Rowling"]))
      // harry typed in Korean mode: the saved book, as the keys read in English.
      let saved = try suggestions(await app.client.get("/api/suggest?q=\(encoded("ㅗㅁㄱ교"))"))
      #expect(saved.first?["text"] as? String == "Harry Potter" && saved.first?["saved"] as? Bool == true)
      let typed = try suggestions(await app.client.get("/api/suggest?q=\(encoded("소녀"))&limit=20"))
      #expect(typed.first?["text"] as? String == "소년이 온다", "what is typed comes first")
    }
  }

  @Test func theLimitIsEightUnlessToldAndBlankTypingHasNone() async throws {
    try await AppFixture.with { app in
      let eight = try suggestions(await app.client.get("/api/suggest?q=\(encoded("시"))"))
      #expect(eight.count == 8)
      let three = try suggestions(await app.client.get("/api/suggest?q=\(encoded("시"))&limit=3"))
      #expect(three.count == 3)
      let blank = await app.client.get("/api/suggest?q=%20")
      #expect(blank.status == 200 && blank.text == #"{"suggestions":[]}"#)
      #expect(await app.client.get("/api/suggest").text == #"{"suggestions":[]}"#)
    }
  }

  @Test(arguments: ["limit=0", "limit=21", "limit=abc", "q=" + String(repeating: "a", count: 257)])
  func badRequestsAre400(_ query: String) async throws {
    try await AppFixture.with { app in
      let response = await app.client.get("/api/suggest?q=x&\(query)")
      #expect(response.status == 400, "\(query)")
      #expect(!response.message.isEmpty)
    }
  }

  @Test func aQueryOf256CharactersIsAnswered() async throws {
    try await AppFixture.with { app in
      #expect(await app.client.get("/api/suggest?q=" + String(repeating: "a", count: 256)).status == 200)
    }
  }
}
