import Foundation
import Testing

@testable import ChaekWeb

/// Marks in result rows and the detail: made by the server, the only markup in book text.
@Suite("Highlighted matches")
struct HighlightTests {
  @Test(
    arguments: [
      ("onerror", "<img src=x onerror=alert(1)>", "&lt;img src=x <mark>onerror</mark>=alert(1)&gt;"),
      ("amp", "Tom & Amp's \"amp\"", "Tom &amp; <mark>Amp</mark>&#39;s &quot;<mark>amp</mark>&quot;"),
      ("lt", "a<lt>b", "a&lt;<mark>lt</mark>&gt;b"),
      ("채식", "채식주의자 & 채식", "<mark>채식</mark>주의자 &amp; <mark>채식</mark>"),
    ])
  func marksAreTheOnlyMarkup(query: String, text: String, html: String) {
    let marked = HTML.marked(text, by: Highlights(query: query, target: nil).title).text
    #expect(marked == html)
    #expect(Self.unmarked(marked) == HTML.escape(text))
  }

  /// Whatever the text and the query, removing the marks gives the escaped text, and no mark opens
  /// or closes inside an entity (`&...;`).
  @Test func marksNeverSplitAnEntity() {
    let pieces = ["&", "<", ">", "\"", "'", "amp", "lt", "quot", "39", "해리", "포터", " ", "é", "🇰🇷"]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let text = (0..<Int.random(in: 1...10, using: &generator)).map { _ in pieces.randomElement()! }.joined()
      let query = [pieces.randomElement()!, pieces.randomElement()!].joined(separator: " ")
      let marked = HTML.marked(text, by: Highlights(query: query, target: nil).title).text
      #expect(Self.unmarked(marked) == HTML.escape(text), "\(query) in \(text)")
      #expect(!marked.contains(/&[a-z0-9#]*<\/?mark>/), "a mark inside an entity: \(marked)")
    }
  }

  @Test func aSearchOfPeopleMarksOnlyPeople() {
    let person = Highlights(query: "한강", target: .person)
    #expect(person.title == nil && person.people != nil)
    let isbn = Highlights(query: "한강", target: .isbn)
    #expect(isbn.title == nil && isbn.people == nil)
  }

  @Test func resultRowsAndTheDetailMarkTheQuery() async throws {
    try await AppServer.with { app in
      let rows = try await app.get("/fragments/results?query=%EC%B1%84%EC%8B%9D").text
      #expect(rows.contains("<mark>채식</mark>주의자"))
      let id = try #require(rows.firstMatch(of: /data-book-id="([^"]+)"/)?.1)
      let marked = try await app.get("/fragments/books/\(id)?query=%E3%85%8A%E3%85%85").text
      #expect(marked.contains("<h2 id=\"detail-title\"><mark>채식</mark>"))
      let plain = try await app.get("/fragments/books/\(id)").text
      #expect(!plain.contains("<mark>"))
    }
  }

  private static func unmarked(_ html: String) -> String {
    html.replacingOccurrences(of: "<mark>", with: "").replacingOccurrences(of: "</mark>", with: "")
  }
}
