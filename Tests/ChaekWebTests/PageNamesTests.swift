import BookModel
import Foundation
import Testing
import UserLibrary

@testable import ChaekWeb

/// The names the server's HTML and the page's scripts share (`Sources/ChaekWeb/PageNames.swift`,
/// served to the scripts as `/static/names.js`): every `data-action` and `data-edit` a rendered
/// screen carries has a handler in the scripts and every handler's name is rendered somewhere; the
/// scripts use no name that is not declared; every declared id is on a rendered screen. So the two
/// sides cannot drift apart unnoticed until a browser test happens to press the button.
@Suite("Page names")
struct PageNamesTests {
  /// The tables of `names.js`: `Action`, `Edit`, `ID`, `Event`, each a Swift name → its value.
  static func tables(in names: String) -> [String: [String: String]] {
    var tables: [String: [String: String]] = [:]
    for table in names.matches(of: /export const (\w+) = Object\.freeze\(\{\n((?:  \w+: "[^"]*",\n)*)\}\);/) {
      tables[String(table.1)] = Dictionary(
        uniqueKeysWithValues: table.2.matches(of: /\s(\w+): "([^"]*)",/).map { (String($0.1), String($0.2)) })
    }
    return tables
  }

  /// The values of `table`'s names used as the keys of handler tables in `scripts`:
  /// `[Action.open](target) {`, `[Action.toggleSave]: toggle`.
  static func handled(_ table: String, in scripts: String, names: [String: String]) -> Set<String> {
    let keys = scripts.matches(of: /\[(\w+)\.(\w+)\]\s*(?:\(|:)/).filter { $0.1 == table }.map {
      String($0.2)
    }
    return Set(keys.map { names[$0] ?? "undeclared \($0)" })
  }

  /// Every name of the tables the scripts refer to (`Action.open`, `ID.searchInput`) that is not
  /// declared.
  static func undeclared(in scripts: String, tables: [String: [String: String]]) -> Set<String> {
    Set(
      scripts.matches(of: /\b(Action|Edit|ID|Event)\.(\w+)/)
        .filter { tables[String($0.1)]?[String($0.2)] == nil }.map { "\($0.1).\($0.2)" })
  }

  /// Every value of `attribute` in `html`.
  static func rendered(_ attribute: String, in html: String) -> Set<String> {
    let pattern = try! Regex<(Substring, Substring)>(" \(attribute)=\"([^\"]*)\"")
    return Set(html.matches(of: pattern).map { String($0.1) })
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
      _ = try await app.library.addNote(.quote, to: id, text: "문장", day: today)
      try await app.library.goals.set(12, for: today.year)
      try await app.library.searches.record("채식")
      // And a book only saved, which offers 읽기 시작.
      let other = try #require(AppServer.books.first { $0.id != id })
      _ = try await app.library.save(other)
      // And a book added by hand, whose sheet offers 고치기.
      let byHand = Book(title: "직접 추가한 책", url: "chaek:hand/0f0f")
      _ = try await app.library.save(byHand)
      // And another edition of the book being read, whose sheet offers 이 판본으로 바꾸기.
      let edition = Book(title: "채식주의자", isbn: "9791100000014", authors: ["한강"], publisher: "창비 리커버")
      // And a translation the reader merged into its work, which the sheet offers to split off.
      let english = Book(title: "The Vegetarian", isbn: "9791100000021", authors: ["Han Kang"])
      try await app.catalog.upsert([edition, english], source: .kakao)
      _ = try await app.chaek.mergeWork(of: english, into: AppServer.vegetarian, for: .owner)

      var html = ""
      for path in [
        "/", "/saved", "/stats", "/books/\(id.rawValue)", "/books/\(other.id.rawValue)",
        "/books/\(byHand.id.rawValue)", "/books/\(edition.id.rawValue)",
        "/fragments/results?query=%EC%B1%84%EC%8B%9D",
        "/fragments/merge?book=\(id.rawValue)&query=%EC%86%8C%EB%85%84",
        "/fragments/saved", "/fragments/saved-filters",
        "/fragments/recent", "/fragments/stats?year=\(today.year)", "/fragments/stats?year=\(today.year - 1)",
        "/fragments/notes?query=%EB%A9%94%EB%AA%A8", "/fragments/searches",
      ] {
        let reply = await app.client.get(path)
        #expect(reply.status == 200, "\(path)")
        html += reply.text
      }

      let names = await app.client.get("/static/names.js")
      #expect(names.status == 200 && names.headers["Content-Type"] == "text/javascript; charset=utf-8")
      let tables = Self.tables(in: names.text)
      #expect(Set(tables.keys) == ["Action", "Edit", "ID", "Event"], "names.js: \(tables.keys.sorted())")
      let scripts = try await Self.scripts(app)
      #expect(scripts.count > 10, "the scripts were not found: \(scripts.keys.sorted())")
      let code = scripts.values.joined(separator: "\n")

      for (table, attribute) in [("Action", "data-action"), ("Edit", "data-edit")] {
        let handled = Self.handled(table, in: code, names: tables[table] ?? [:])
        let rendered = Self.rendered(attribute, in: html)
        #expect(handled.count > 5, "no \(table) handlers found: \(handled)")
        #expect(
          rendered.subtracting(handled).isEmpty,
          "\(attribute) without a handler: \(rendered.subtracting(handled))")
        #expect(
          handled.subtracting(rendered).isEmpty,
          "handled but never rendered: \(handled.subtracting(rendered))")
        #expect(
          Set((tables[table] ?? [:]).values).subtracting(rendered).isEmpty,
          "\(table) declared but never rendered")
      }
      #expect(
        Self.undeclared(in: code, tables: tables).isEmpty,
        "undeclared: \(Self.undeclared(in: code, tables: tables))")
      let ids = Set((tables["ID"] ?? [:]).values)
      #expect(
        ids.subtracting(Self.rendered("id", in: html)).isEmpty,
        "ids never rendered: \(ids.subtracting(Self.rendered("id", in: html)))")
      // The page listens to every event the server sends.
      let events = Set((tables["Event"] ?? [:]).keys)
      let listened = Set(code.matches(of: /\bEvent\.(\w+)/).map { String($0.1) })
      #expect(events == listened, "events not listened to: \(events.subtracting(listened))")
    }
  }

  /// Every script the service worker keeps (the app's shell lists every static file), by path.
  static func scripts(_ app: AppFixture) async throws -> [String: String] {
    let worker = await app.client.get("/sw.js").text
    let shell = try #require(worker.firstMatch(of: /const SHELL = (\[[^\]]*\]);/)?.1)
    let paths = try JSONDecoder().decode([String].self, from: Data(shell.utf8))
    var scripts: [String: String] = [:]
    for path in paths where path.hasPrefix("/static/") && path.hasSuffix(".js") {
      scripts[path] = await app.client.get(path).text
    }
    return scripts
  }

  @Test func eachLibraryChangeIsSentUnderItsOwnName() {
    let id = AppServer.vegetarian.id
    let changes: [LibraryEvent] = [
      .saved(id), .removed(id), .cleared, .viewed(id), .journal(id), .goal, .searches,
    ]
    for change in changes { #expect(PageEvent(change).rawValue == change.kind) }
    #expect(Set(PageEvent.allCases) == Set(changes.map(PageEvent.init)).union([.ready]))
  }

  @Test func theChecksNoticeADriftingName() throws {
    let names = """
      export const Action = Object.freeze({
        open: "open",
        toggleSave: "toggle-save",
      });
      export const ID = Object.freeze({
        results: "results",
      });

      """
    let tables = Self.tables(in: names)
    #expect(
      tables["Action"] == ["open": "open", "toggleSave": "toggle-save"]
        && tables["ID"] == ["results": "results"])
    let script = """
      export const actions = {
        [Action.open](target) {},
        [Action.toggleSave]: toggle,
        [Action.close]: shut,
      };
      byId(ID.results); byId(ID.result);
      """
    let handled = Self.handled("Action", in: script, names: tables["Action"]!)
    #expect(handled == ["open", "toggle-save", "undeclared close"])
    #expect(Self.undeclared(in: script, tables: tables) == ["Action.close", "ID.result"])
    let html = #"<a data-action="open"></a><button data-action="toggle-saved"></button>"#
    #expect(Self.rendered("data-action", in: html).subtracting(handled) == ["toggle-saved"])
  }
}
