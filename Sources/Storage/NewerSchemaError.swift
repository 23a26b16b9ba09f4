/// A database written by a newer version of the program: it records migrations this version does
/// not know, so this version cannot tell what its tables mean and opens nothing rather than guess
/// (GRDB's `hasBeenSuperseded`).
public struct NewerSchemaError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The database's path.
  public let path: String
  /// The migrations it records that this version does not know, in the order they were applied.
  public let unknown: [String]

  /// The error for the database at `path`, which records `unknown`.
  package init(path: String, unknown: [String]) {
    self.path = path
    self.unknown = unknown
  }

  public var description: String {
    "\(path) was written by a newer version of Chaek (its schema has ‘\(unknown.joined(separator: "’, ‘"))’, "
      + "which this version does not know): open it with that version or a newer one; nothing was changed"
  }
}
