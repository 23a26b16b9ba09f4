/// The person a use case acts for: whose saved books, journal, recent views and searches it reads
/// and changes. Chaek without accounts has one reader, ``owner``, who runs it; every use case of
/// ``Chaek`` takes the reader anyway, so that serving several readers scopes by this value instead
/// of rewriting each use case.
public struct Reader: Hashable, Sendable, CustomStringConvertible {
  /// The reader's name.
  public let name: String

  /// The one reader of a Chaek without accounts: whoever runs it.
  public static let owner = Reader(name: "owner")

  public var description: String { name }
}
