/// A text of each document that a phrase is looked for in (see ``Query/containing(_:in:_:)``) and
/// that ``Tier/Part/containing(_:in:amongBest:)`` reads: stored in the index beside the postings
/// (a column of `search_keys`), or supplied by the caller when asked (see ``TextSupplier``).
public struct StoredField: Hashable, Sendable {
  /// The name: the column's, for a stored field.
  public let name: String
  /// `true` for a text the caller supplies rather than the index stores.
  public let isSupplied: Bool

  /// A text the index stores, in the column `name` (lowercase letters and `_`).
  public static func stored(_ name: String) -> StoredField {
    precondition(name.allSatisfy { $0 == "_" || ("a"..."z").contains($0) }, "a column name")
    return StoredField(name: name, isSupplied: false)
  }

  /// A text the caller supplies when asked (a description, too long to store twice).
  public static func supplied(_ name: String) -> StoredField {
    StoredField(name: name, isSupplied: true)
  }
}
