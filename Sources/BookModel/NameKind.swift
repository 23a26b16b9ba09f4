/// What a name of a book suggested while typing is: its title, or one of its people (an author or
/// a translator). Encoded as `title` or `person`.
public enum NameKind: String, Codable, Sendable {
  /// The book's title.
  case title
  /// One of its authors or translators.
  case person
}
