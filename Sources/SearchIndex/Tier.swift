/// One group of matches in a tiered order (see ``Searcher/search(_:tiers:order:offset:limit:)``):
/// the matches of `query` that no earlier tier took, its ``parts`` first.
public struct Tier: Sendable {
  /// What the tier takes, of the matches left.
  public var query: Query
  /// Parts of the tier that come before the rest of it, in order, each of what the parts before
  /// it left.
  public var parts: [Part]

  /// A part of a tier.
  public enum Part: Sendable {
    /// The documents matching a query.
    case matching(Query)
    /// The best `count` documents left, in order, whose `field` holds `text`.
    case containing(String, in: StoredField, amongBest: Int)
  }

  /// The tier of the matches of `query`, `parts` first.
  public init(_ query: Query, parts: [Part] = []) {
    self.query = query
    self.parts = parts
  }

  /// `true` when a part reads texts to rank (``Part/containing(_:in:amongBest:)``).
  var hasContainingPart: Bool {
    parts.contains { if case .containing = $0 { true } else { false } }
  }
}
