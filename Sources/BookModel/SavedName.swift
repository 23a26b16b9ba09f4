/// A title or a person of a saved book, as 자동완성 suggests it.
public struct SavedName: Equatable, Sendable {
  /// The title or the name, as the book has it.
  public let text: String
  /// A title or a person.
  public let kind: NameKind
  /// The saved book it belongs to.
  public let bookID: BookID

  /// A value of the fields given.
  package init(text: String, kind: NameKind, bookID: BookID) {
    self.text = text
    self.kind = kind
    self.bookID = bookID
  }
}
