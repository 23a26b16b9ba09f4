/// A part of a document that terms are indexed in (a title, its people, its title's initials):
/// the caller names its fields by short codes, stored at the head of every term (see ``Term``).
public struct Field: Hashable, Sendable {
  /// The stored name: a few letters, no `:`.
  public let code: String
  /// What the stored form of each of its terms begins with: the code and `:` (see ``Term``).
  let termPrefix: String

  /// The field stored as `code`.
  public init(_ code: String) {
    precondition(!code.isEmpty && !code.contains(":"), "a field's code is a few letters, no colon")
    self.code = code
    termPrefix = code + ":"
  }

  public static func == (left: Field, right: Field) -> Bool { left.code == right.code }

  public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
