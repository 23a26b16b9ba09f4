/// Why the library refused a change; nothing was changed.
public enum LibraryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The book is not in the library (a journal change needs a saved book).
  case notSaved(BookID)
  /// No one has the book: not the reader's library, not the catalog, not the provider.
  case unknownBook(BookID)
  /// No note, quote or reading session has this id.
  case noSuchRecord(String)
  /// The edit was made on an older version of what it changes: someone (another window, another
  /// process) changed it since. `current` is the version now.
  case staleEdit(current: Int)
  /// A change made earlier than the last change of the other kind to the same book (an offline save
  /// replayed after the book was removed elsewhere, or a removal after it was saved again).
  case staleChange(String)
  /// A value the library does not keep (an empty note, a page below 1, a goal below 1).
  case invalid(String)
  /// A backup cannot be restored into a library that already holds books.
  case notEmpty
  /// Another edition of the book's work is saved (its identity): a work is saved once.
  case otherEditionSaved(BookID)

  public var description: String {
    switch self {
    case .notSaved(let id): "\(id) is not in your books"
    case .unknownBook(let id): "no book \(id) in the catalog or your library"
    case .noSuchRecord(let what): "no \(what)"
    case .staleEdit:
      "this was changed elsewhere (another window or a command) after you opened it: reload it and try again"
    case .invalid(let reason), .staleChange(let reason): reason
    case .notEmpty: "the library already holds books: restore a backup into an empty one"
    case .otherEditionSaved(let id):
      "another edition of this book (\(id)) is saved: switch it to this edition instead of saving both"
    }
  }
}
