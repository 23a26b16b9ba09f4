import Foundation
import Testing

@testable import ChaekWeb

/// `docs/API.md` documents every route the app has, and no route it does not have.
///
/// A documented route is a table row whose first cell is the method and the pattern in backticks,
/// exactly as the router has them, such as `` `GET /api/library/{id}` ``.
@Suite("Route documentation", .timeLimit(.minutes(10)))
struct RouteDocumentationTests {
  /// `docs/API.md`, found from this file: `Tests/ChaekWebTests/` is two folders below the package.
  static let apiDocument = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/API.md")

  /// Every `METHOD /pattern` in the first cell of a table row of `markdown`.
  static func documentedRoutes(in markdown: String) -> [String] {
    markdown.split(separator: "\n").compactMap { line in
      line.firstMatch(of: /^\| `([A-Z]+ \/[^`\s]*)` \|/).map { String($0.output.1) }
    }
  }

  @Test func everyRouteIsDocumentedAndEveryDocumentedRouteExists() async throws {
    try await AppFixture.with { fixture in
      let routed = fixture.app.makeRouter().registeredRoutes.map { "\($0.method) \($0.pattern)" }
      let documented = Self.documentedRoutes(in: try String(contentsOf: Self.apiDocument, encoding: .utf8))
      #expect(routed.count > 40, "the router lists its routes")
      #expect(Set(documented).count == documented.count, "a route is documented twice in docs/API.md")
      let undocumented = Set(routed).subtracting(documented).sorted()
      let unrouted = Set(documented).subtracting(routed).sorted()
      #expect(undocumented.isEmpty, "routes missing from docs/API.md: \(undocumented)")
      #expect(unrouted.isEmpty, "docs/API.md documents routes the router does not have: \(unrouted)")
    }
  }

  @Test func rowsAreReadByTheirFirstCellOnly() {
    let markdown = """
      | route | parameters | answer | errors |
      |---|---|---|---|
      | `GET /api/library/{id}` | `shelf` | `{"id"}` | `404` |
      | `PATCH /api/notes/{noteID}` | *body* `{"text"}` | the note | `409` |
      Prose naming `GET /healthz` is not a row.
      | `not a route` | | | |
      """
    #expect(Self.documentedRoutes(in: markdown) == ["GET /api/library/{id}", "PATCH /api/notes/{noteID}"])
  }
}
