/// A text that completes what is being typed: a document's text of a field (a title, a name),
/// from the index's completion structure (see ``Searcher/suggestions(for:in:limit:)``).
public struct Suggestion: Equatable, Sendable {
  /// The field it was suggested from.
  public let field: Field
  /// The text as the document gave it (see ``Document/suggestions``).
  public let text: String
  /// The best-ranked document with this text (by completion key) in this field.
  public let id: Int
  /// That document's rank.
  public let rank: UInt32

  /// A suggestion of `text` in `field`, from document `id` of `rank`.
  public init(field: Field, text: String, id: Int, rank: UInt32) {
    self.field = field
    self.text = text
    self.id = id
    self.rank = rank
  }
}
