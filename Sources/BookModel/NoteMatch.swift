/// A note or quote found by `Library.searchNotes(_:limit:)`, with its book's title.
public struct NoteMatch: Encodable, Sendable, Equatable {
  /// The note or quote.
  public let note: Note
  /// The title of its book.
  public let title: String

  /// A value of the fields given.
  package init(note: Note, title: String) {
    self.note = note
    self.title = title
  }
}
