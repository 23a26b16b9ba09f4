import BookModel
import Foundation
import Testing

/// The names the server's HTML and the page's script share: every `data-action` a rendered screen
/// carries has a handler in `app.js`'s `actions`, and every handler's action is rendered somewhere,
/// so the two cannot drift apart unnoticed until a browser test happens to press the button.
@Suite("Page actions")
struct PageActionsTests {
  /// The keys of `const actions = { ... }` in the script: `name(`, `name:` or `"name":` at the
  /// object's first level of indentation.
  static func handledActions(in script: String) throws -> Set<String> {
    let start = try #require(script.range(of: "\nconst actions = {\n"))
    let end = try #require(script.range(of: "\n};\n", range: start.upperBound..<script.endIndex))
    let body = script[start.upperBound..<end.lowerBound]
    return Set(
      body.split(separator: "\n").compactMap { line in
        line.firstMatch(of: /^  "?([a-z][a-z-]*)"?(?:\(|:)/).map { String($0.1) }
      })
  }

  /// Every `data-action` value in `html`.
  static func renderedActions(in html: String) -> Set<String> {
    Set(html.matches(of: /data-action="([a-z-]+)"/).map { String($0.1) })
  }

  @Test func everyRenderedActionHasAHandlerAndEveryHandlerIsRendered() async throws {
    try await AppFixture.with { app in
      // A book being read with a rating, a tag, a note and a reading, and a goal.
      let id = AppServer.vegetarian.id
      let today = CalendarDay.today()
      _ = try await app.library.save(AppServer.vegetarian)
      _ = try await app.library.startReading(id, on: today)
      _ = try await app.library.setRating(id, to: StarRating(halfStars: 8))
      _ = try await app.library.setTags(id, to: ["소설"])
      _ = try await app.library.addNote(.note, to: id, text: "메모", day: today)
      try await app.library.setGoal(12, for: today.year)
      // And a book only saved, which offers 읽기 시작.
      let other = try #require(AppServer.books.first { $0.id != id })
      _ = try await app.library.save(other)

      var rendered = Set<String>()
      for path in [
        "/", "/saved", "/stats", "/books/\(id.rawValue)", "/books/\(other.id.rawValue)",
        "/fragments/results?query=%EC%B1%84%EC%8B%9D",
        "/fragments/saved", "/fragments/recent", "/fragments/stats?year=\(today.year)",
        "/fragments/stats?year=\(today.year - 1)",
      ] {
        let reply = await app.client.get(path)
        #expect(reply.status == 200, "\(path)")
        rendered.formUnion(Self.renderedActions(in: reply.text))
      }
      let script = await app.client.get("/static/app.js").text
      let handled = try Self.handledActions(in: script)
      #expect(handled.count > 10, "the script's actions were not found: \(handled)")
      #expect(
        rendered.subtracting(handled).isEmpty, "rendered without a handler: \(rendered.subtracting(handled))")
      #expect(
        handled.subtracting(rendered).isEmpty, "handled but never rendered: \(handled.subtracting(rendered))")
    }
  }

  @Test func theCheckNoticesADriftingName() throws {
    let script = "x\nconst actions = {\n  open(target) {},\n  \"toggle-save\": toggle,\n  close: shut,\n};\n"
    #expect(try Self.handledActions(in: script) == ["open", "toggle-save", "close"])
    let html = #"<a data-action="open"></a><button data-action="toggle-saved"></button>"#
    #expect(
      Self.renderedActions(in: html).subtracting(try Self.handledActions(in: script)) == ["toggle-saved"])
  }
}
