import Foundation

/// A reader's account on a shared Chaek: who they are and where their data is. The password and
/// the sign-in secrets are not part of it: the store keeps only their hashes and hands them out on
/// their own (``Accounts/credentials(named:)``).
public struct Account: Hashable, Sendable {
  /// The store's number for the account, never given to another.
  public let id: Int
  /// The name the reader signs in with (NFC, unique).
  public let name: String
  /// Whether the reader may manage the instance (its accounts, its whole backup).
  public let isAdmin: Bool
  /// The reader's library, relative to the data directory: `library.sqlite` for the account that
  /// took over the data Chaek kept before accounts, `readers/ID.sqlite` for the others.
  public let library: String
  /// When the account was added.
  public let created: Date
}
