/// Why a password could not be hashed.
public struct PasswordError: Error, Equatable, CustomStringConvertible {
  private enum Kind: Equatable {
    case hashFailed(PasswordHasher.Strength)
  }

  private let kind: Kind

  /// libsodium could not hash with `strength`: almost always because the memory it takes could not
  /// be had.
  static func hashFailed(_ strength: PasswordHasher.Strength) -> PasswordError {
    PasswordError(kind: .hashFailed(strength))
  }

  /// What went wrong, for a person to act on.
  public var description: String {
    switch kind {
    case .hashFailed(let strength):
      "the password could not be hashed (\(strength)): the process may be out of memory; "
        + "try again, or hash fewer passwords at once"
    }
  }
}
