import Storage

/// Supplies the texts of the ``StoredField/supplied(_:)`` fields, as the index compares them (the
/// folded keys the caller stores for its other fields).
public protocol TextSupplier {
  /// The texts of `field` for those of `ids` that have one, by id.
  func texts(of field: StoredField, for ids: [Int], on connection: Connection) throws -> [Int: String]
}
