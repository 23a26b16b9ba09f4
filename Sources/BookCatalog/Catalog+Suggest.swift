import BookModel
import SearchIndex
import Storage

/// 자동완성: the catalog's titles and people that begin what a user is typing, from the search
/// index's completion structure (see ``SearchIndex/Searcher/suggestions(for:in:limit:)``), which
/// the catalog feeds each book's title, authors and translators.
extension Catalog {
  /// A text to suggest: a book's title, or a person.
  public struct Suggestion: Equatable, Sendable {
    /// The title or the name, as the book gives it.
    public let text: String
    /// What the text is.
    public let kind: NameKind
    /// For a title, the most popular book of that title.
    public let id: BookID?
    /// The popularity of the most popular book of that text.
    public let popularity: Int

    /// A suggestion of `text`.
    public init(text: String, kind: NameKind, id: BookID?, popularity: Int) {
      self.text = text
      self.kind = kind
      self.id = id
      self.popularity = popularity
    }
  }

  /// The most a request may ask for.
  public static let maximumSuggestions = 20

  /// Titles and people that `typed` begins (see ``SearchIndex/Analyzer/completes(_:typed:)``:
  /// spacing, case and accents ignored, a last syllable still being typed, 초성), one per folded
  /// text, the most popular first, at most `limit` (up to ``maximumSuggestions``).
  public func suggestions(for typed: String, limit: Int) async throws -> [Suggestion] {
    let limit = min(limit, Self.maximumSuggestions)
    return try await database.read { [ranks] connection in
      let searcher = Catalog.searchIndex.searcher(on: connection, ranks: ranks)
      let found = try searcher.suggestions(for: typed, in: [.title, .people], limit: limit)
      let titles = found.filter { $0.field == .title }.map(\.id)
      // A title is the book's own: the index keeps one text per key, which may be another book's
      // spelling of it (C++ and C# fold to one key).
      var books: [Int: (id: BookID?, title: String)] = [:]
      if !titles.isEmpty {
        try connection.forEachRow(
          "SELECT rowid, id, title FROM books WHERE rowid IN (SELECT value FROM json_each(?))",
          [IntegerList(titles)]
        ) { books[$0.int(0)] = (BookID(parsing: $0.text(1)), $0.text(2)) }
      }
      return found.map { suggestion in
        let book = suggestion.field == .title ? books[suggestion.id] : nil
        return Suggestion(
          text: book?.title ?? suggestion.text, kind: suggestion.field == .title ? .title : .person,
          id: book?.id, popularity: Int(suggestion.rank))
      }
    }
  }
}
