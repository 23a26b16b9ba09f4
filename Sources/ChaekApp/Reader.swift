import Accounts

/// The person a use case acts for: whose saved books, journal, recent views and searches it reads
/// and changes. Chaek without accounts has one reader, ``owner``, who runs it; with accounts, each
/// signed-in reader (``Chaek/reader(forSession:)``, ``Chaek/reader(named:)``) has a library of
/// their own, and every use case of ``Chaek`` scopes by this value.
public struct Reader: Hashable, Sendable, CustomStringConvertible {
  /// The reader's name.
  public let name: String
  /// Whether the reader may manage the instance: its accounts and its whole backup.
  public let isAdmin: Bool
  /// The reader's library, relative to the data directory; `nil` for ``nobody``.
  let library: String?

  /// The one reader of a Chaek without accounts: whoever runs it. Their library is the one the
  /// first account takes over.
  public static let owner = Reader(name: "owner", isAdmin: true, library: Accounts.firstLibrary)

  /// No one: who asks, on a Chaek with accounts, without signing in. Every use case of a reader's
  /// data refuses them (``SignInError/signedOut``), so whatever answers them shows no one's data.
  public static let nobody = Reader(name: "", isAdmin: false, library: nil)

  /// The reader an account signs in as.
  init(_ account: Account) {
    self.init(name: account.name, isAdmin: account.isAdmin, library: account.library)
  }

  private init(name: String, isAdmin: Bool, library: String?) {
    self.name = name
    self.isAdmin = isAdmin
    self.library = library
  }

  public var description: String { name }
}
