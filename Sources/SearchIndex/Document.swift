/// What the index holds of one document: its id, its terms, its sort keys and its stored fields.
public struct Document: Sendable {
  /// The caller's id for it (a rowid): non-negative, and dense for compact postings.
  public private(set) var id: Int
  /// Every term of the document; a repeat changes nothing (a document is in a term's postings or
  /// not).
  public let terms: [Term]
  /// The document's static rank (popularity): higher ranks first in ``Order/rank``.
  public private(set) var rank: UInt32
  /// The document's date as a number that sorts by date (0 when unknown): newer first in
  /// ``Order/day``, and after the rank in ``Order/rank``.
  public let day: UInt32
  /// The texts of the index's stored fields (see ``InvertedIndex/storedFields``), by field.
  public let stored: [StoredField: String]
  /// The texts it suggests while a user types, with their completion keys.
  let suggested: [SuggestedText]

  /// A document; `stored` holds a text for every stored field of the index. `suggestions` are
  /// whole texts to suggest while a user types (a title, each author), by field: the index's
  /// completion structure finds them by a prefix of their completion key or 초성 (see
  /// ``Analyzer/completionKey(_:)``).
  public init(
    id: Int, terms: [Term], rank: UInt32, day: UInt32, stored: [StoredField: String],
    suggestions: [Field: [String]] = [:]
  ) {
    self.id = id
    self.terms = terms
    self.rank = rank
    self.day = day
    self.stored = stored
    suggested = SuggestedText.of(suggestions)
  }

  /// This document as the one of `id` and `rank`, its analysis kept: the index content of a
  /// record can be made before its id is known.
  public func placed(id: Int, rank: UInt32) -> Document {
    var placed = self
    placed.id = id
    placed.rank = rank
    return placed
  }
}
