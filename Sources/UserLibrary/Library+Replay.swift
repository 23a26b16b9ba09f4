import BookModel
import Foundation
import Storage

/// Saves and removals made at a known time, such as changes a phone queued while offline and
/// replays later: the library keeps when each book was last removed (and when it was saved), and
/// a change older than the last change of the other kind is refused, so a late replay never brings
/// back a book removed elsewhere meanwhile, nor removes one saved again.
extension Library {
  /// Saves `book` as a change made at `changedAt`, as ``save(_:shelf:at:)`` does (a new book is
  /// dated `changedAt`).
  ///
  /// - Throws: ``LibraryError/staleChange(_:)`` when the book was removed after `changedAt`;
  ///   ``LibraryError/invalid(_:)`` for a time before 1970 or more than a day ahead (see
  ///   ``changeTimeSlack``). Nothing is changed then.
  @discardableResult
  public func save(_ book: Book, shelf: Shelf = .want, changedAt: Date) async throws -> SaveOutcome {
    try Library.checkChangeTime(changedAt)
    let json = try Library.encode(book)
    let outcome = try await database.write { connection in
      let removedAt = try connection.query(
        "SELECT removed_at FROM removals WHERE id = ?", [book.id.rawValue]
      ) { $0.double(0) }.first
      if let removedAt, changedAt.timeIntervalSince1970 < removedAt {
        throw LibraryError.staleChange("\(book.id) was removed after this save was made")
      }
      return try Library.store(book, json: json, shelf: shelf, at: changedAt, on: connection)
    }
    await feed.publishPending()
    return outcome
  }

  /// Removes the saved book `id` as a change made at `changedAt`, as ``remove(_:)`` does; `nil`
  /// when it was not saved.
  ///
  /// - Throws: ``LibraryError/staleChange(_:)`` when the book was saved after `changedAt`;
  ///   ``LibraryError/invalid(_:)`` for a time before 1970 or more than a day ahead. Nothing is
  ///   changed then.
  @discardableResult
  public func remove(_ id: BookID, changedAt: Date) async throws -> Removal? {
    try Library.checkChangeTime(changedAt)
    let removal = try await database.write { connection -> Removal? in
      let savedAt = try connection.query(
        "SELECT saved_at FROM saved_books WHERE id = ?", [id.rawValue]
      ) { $0.double(0) }.first
      guard let savedAt else { return nil }
      if changedAt.timeIntervalSince1970 < savedAt {
        throw LibraryError.staleChange("\(id) was saved again after this removal was made")
      }
      return try Library.delete([id], at: changedAt, on: connection)
    }
    await feed.publishPending()
    return removal
  }

  /// Removes every book saved before `changedAt` (전체 삭제 made then, queued offline): a book
  /// saved after it, elsewhere, stays. Undoable as ``removeAll()`` is.
  ///
  /// - Throws: ``LibraryError/invalid(_:)`` for a time before 1970 or more than a day ahead.
  @discardableResult
  public func removeAll(changedAt: Date) async throws -> Removal {
    try Library.checkChangeTime(changedAt)
    let removal = try await database.write { connection in
      let ids = try connection.query(
        "SELECT id FROM saved_books WHERE saved_at <= ? ORDER BY saved_at, id",
        [changedAt.timeIntervalSince1970]
      ) { BookID(parsing: $0.text(0)) }.compactMap { $0 }
      return try Library.delete(ids, at: changedAt, on: connection)
    }
    await feed.publishPending()
    return removal
  }

  /// How far ahead of this machine's clock a replayed change's time may be: the phone's clock may
  /// run ahead, but a time further on would be kept as the book's date and win every later replay.
  public static let changeTimeSlack: TimeInterval = 24 * 60 * 60

  /// Refuses a replayed change's time before 1970 or more than ``changeTimeSlack`` ahead of now.
  private static func checkChangeTime(_ date: Date) throws {
    guard (0...Date().timeIntervalSince1970 + changeTimeSlack).contains(date.timeIntervalSince1970) else {
      throw LibraryError.invalid("a change's time must lie between 1970 and a day from now")
    }
  }

  /// Records, in the caller's transaction, that the book `id` (every saved book when `nil`, before
  /// they are deleted) was removed at `date`; a later removal already recorded is kept.
  static func recordRemoval(of id: BookID?, at date: Date, on connection: Connection) throws {
    let rows = id == nil ? "SELECT id, ? FROM saved_books WHERE true" : "VALUES (?, ?)"
    let values: [any SQLValueConvertible] =
      id.map { [$0.rawValue, date.timeIntervalSince1970] } ?? [date.timeIntervalSince1970]
    try connection.run(
      """
      INSERT INTO removals (id, removed_at) \(rows)
      ON CONFLICT (id) DO UPDATE SET removed_at = max(removed_at, excluded.removed_at)
      """, values)
  }
}
