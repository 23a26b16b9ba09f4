/// A change to the library that views refresh on.
public enum LibraryEvent: Sendable, Equatable, CustomStringConvertible {
  /// A book was saved to 담은 책.
  case saved(BookID)
  /// A book was removed from 담은 책.
  case removed(BookID)
  /// 담은 책 was emptied.
  case cleared
  /// A book was viewed (최근 본 책 changed).
  case viewed(BookID)
  /// A saved book's journal changed: shelf, rating, review, tags, notes, quotes or readings.
  case journal(BookID)
  /// A yearly goal changed.
  case goal
  /// 최근 검색어 changed: a search recorded or deleted, or recording turned on or off.
  case searches

  /// The event's name: `saved`, `removed`, `cleared`, `viewed`, `journal`, `goal`, `searches`.
  public var kind: String {
    switch self {
    case .saved: "saved"
    case .removed: "removed"
    case .cleared: "cleared"
    case .viewed: "viewed"
    case .journal: "journal"
    case .goal: "goal"
    case .searches: "searches"
    }
  }

  /// The book concerned, if any.
  public var bookID: BookID? {
    switch self {
    case .saved(let id), .removed(let id), .viewed(let id), .journal(let id): id
    case .cleared, .goal, .searches: nil
    }
  }

  /// Rebuilds an event from its logged kind and book id.
  package init?(kind: String, bookID: String?) {
    let id = bookID.flatMap(BookID.init(parsing:))
    switch (kind, id) {
    case ("saved", let id?): self = .saved(id)
    case ("removed", let id?): self = .removed(id)
    case ("viewed", let id?): self = .viewed(id)
    case ("journal", let id?): self = .journal(id)
    case ("cleared", _): self = .cleared
    case ("goal", _): self = .goal
    case ("searches", _): self = .searches
    default: return nil
    }
  }

  public var description: String { bookID.map { "\(kind) \($0)" } ?? kind }
}
