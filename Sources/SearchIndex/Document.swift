/// What the index holds of one document: its id, its terms, its sort keys and its stored fields.
public struct Document: Sendable {
  /// The caller's id for it (a rowid): non-negative, and dense for compact postings.
  public let id: Int
  /// Every term of the document; a repeat changes nothing (a document is in a term's postings or
  /// not).
  public let terms: [Term]
  /// The document's static rank (popularity): higher ranks first in ``Order/rank``.
  public let rank: UInt32
  /// The document's date as a number that sorts by date (0 when unknown): newer first in
  /// ``Order/day``, and after the rank in ``Order/rank``.
  public let day: UInt32
  /// The texts of the index's stored fields (see ``InvertedIndex/storedFields``), by field.
  public let stored: [StoredField: String]
  /// Whole texts to suggest while a user types (a title, each author), by field: the index's
  /// completion structure finds them by a prefix of their completion key or 초성 (see
  /// ``Analyzer/completionKey(_:)``).
  public let suggestions: [Field: [String]]
  /// The completion structure's rows of ``suggestions``, made with the document.
  let suggestionRows: [(IndexWriter.SuggestionRow, String)]

  /// A document; `stored` holds a text for every stored field of the index.
  public init(
    id: Int, terms: [Term], rank: UInt32, day: UInt32, stored: [StoredField: String],
    suggestions: [Field: [String]] = [:]
  ) {
    self.id = id
    self.terms = terms
    self.rank = rank
    self.day = day
    self.stored = stored
    self.suggestions = suggestions
    suggestionRows = IndexWriter.suggestionRows(suggestions, of: id)
  }

  /// This document as the one of `id` and `rank`, its analysis kept: the index content of a
  /// record can be made before its id is known.
  public func placed(id: Int, rank: UInt32) -> Document {
    Document(
      id: id, terms: terms, rank: rank, day: day, stored: stored, suggestions: suggestions,
      suggestionRows: suggestionRows.map {
        (IndexWriter.SuggestionRow(field: $0.field, key: $0.key, doc: id), $1)
      })
  }

  private init(
    id: Int, terms: [Term], rank: UInt32, day: UInt32, stored: [StoredField: String],
    suggestions: [Field: [String]], suggestionRows: [(IndexWriter.SuggestionRow, String)]
  ) {
    self.id = id
    self.terms = terms
    self.rank = rank
    self.day = day
    self.stored = stored
    self.suggestions = suggestions
    self.suggestionRows = suggestionRows
  }
}
