import BookCatalog
import BookModel
import SearchIndex
import UserLibrary

/// 자동완성 for one user: the titles and people of their saved books that what they are typing
/// begins, then the catalog's (see ``BookCatalog/Catalog/suggestions(for:limit:)``), one per
/// folded text. Saved books are matched by the library's index of their names
/// (``UserLibrary/Library/savedNames(completing:limit:)``), which keeps the engine's keys, so both
/// parts agree on what "begins" means.
public struct Autocomplete: Sendable {
  /// One suggestion as the web app and the command line show it.
  public struct Entry: Encodable, Equatable, Sendable {
    /// The title or the name.
    public let text: String
    /// A title or a person.
    public let kind: NameKind
    /// For a title, its book's identity; `null` for a person.
    public let id: String?
    /// `true` when it comes from the user's saved books.
    public let saved: Bool

    /// An entry.
    public init(text: String, kind: NameKind, id: String?, saved: Bool) {
      self.text = text
      self.kind = kind
      self.id = id
      self.saved = saved
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(text, forKey: .text)
      try container.encode(kind, forKey: .kind)
      try container.encode(id, forKey: .id)  // null for a person, not absent
      try container.encode(saved, forKey: .saved)
    }

    private enum CodingKeys: String, CodingKey {
      case text, kind, id, saved
    }
  }

  /// The most suggestions one request may ask for.
  public static let maximumLimit = Catalog.maximumSuggestions
  /// The suggestions a request gets unless it asks.
  public static let defaultLimit = 8

  let catalog: Catalog
  let library: Library

  /// Suggestions from `library`'s saved books and `catalog`.
  public init(catalog: Catalog, library: Library) {
    self.catalog = catalog
    self.library = library
  }

  /// The suggestions for `typed`: saved books' titles and people first (in title order), then the
  /// catalog's, the most popular first; then, while there are fewer than `limit`, the same for what
  /// `typed` reads as in the other keyboard mode (한/영: `qkfl` → 바리, see
  /// ``SearchIndex/Analyzer/otherKeyboardReading(_:typing:)``); one per folded text, `limit` in all.
  /// Blank typing has none.
  public func suggestions(for typed: String, limit: Int = defaultLimit) async throws -> [Entry] {
    let limit = min(max(limit, 0), Self.maximumLimit)
    guard limit > 0, !typed.allSatisfy(\.isWhitespace) else { return [] }
    var entries: [Entry] = []
    var seen: Set<String> = []
    func add(_ entry: Entry) {
      if entries.count < limit, seen.insert(Analyzer.key(entry.text)).inserted { entries.append(entry) }
    }
    let reading = Analyzer.otherKeyboardReading(typed, typing: true)
    for text in [typed] + (reading.map { [$0] } ?? []) where entries.count < limit {
      for name in try await library.savedNames(completing: text, limit: limit) {
        add(
          Entry(
            text: name.text, kind: name.kind, id: name.kind == .title ? name.bookID.rawValue : nil,
            saved: true))
      }
      guard entries.count < limit else { break }
      for suggestion in try await catalog.suggestions(for: text, limit: limit) {
        add(
          Entry(
            text: suggestion.text, kind: suggestion.kind, id: suggestion.id?.rawValue, saved: false))
      }
    }
    return entries
  }
}
