/// A part of a document that terms are indexed in (a title, its people, its title's initials):
/// the caller names its fields by short codes, stored at the head of every term (see ``Term``).
public struct Field: Hashable, Sendable {
  /// The stored name: a few letters, no `:`.
  public let code: String

  /// The field stored as `code`.
  public init(_ code: String) {
    precondition(!code.isEmpty && !code.contains(":"), "a field's code is a few letters, no colon")
    self.code = code
  }
}
