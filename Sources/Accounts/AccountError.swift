/// Why the account store refused a change; nothing was changed.
public enum AccountError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Another account has this name.
  case nameTaken(String)
  /// No account has this name.
  case noSuchAccount(String)
  /// A name the store does not keep: empty, too long, or with a control character or `/`.
  case invalidName(String)
  /// The change would leave readers without an admin to manage them.
  case lastAdmin(String)
  /// The accounts are not a file to copy (they are in PostgreSQL: `pg_dump` backs them up).
  case notAFile

  /// What went wrong, for a person.
  public var description: String {
    switch self {
    case .nameTaken(let name): "there is already a reader named \(name)"
    case .noSuchAccount(let name): "there is no reader named \(name)"
    case .invalidName(let reason): reason
    case .notAFile: "the accounts are in PostgreSQL: back them up with pg_dump"
    case .lastAdmin(let name):
      "\(name) is the last admin: add another admin first (chaek users add NAME --admin), or remove the others"
    }
  }
}
