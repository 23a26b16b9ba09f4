import BookModel
import Foundation
import Storage

/// Saves and removals made at a known time (``Library/save(_:shelf:changedAt:)``,
/// ``Library/remove(_:changedAt:)``), such as changes a phone queued while offline and replays
/// later: the library keeps when each book was last removed (and when it was saved), and a change
/// older than the last change of the other kind is refused, so a late replay never brings back a
/// book removed elsewhere meanwhile, nor removes one saved again.
extension Library {
  /// How far ahead of this machine's clock a replayed change's time may be: the phone's clock may
  /// run ahead, but a time further on would be kept as the book's date and win every later replay.
  public static let changeTimeSlack: TimeInterval = 24 * 60 * 60

  /// Refuses a replayed change's time before 1970 or more than ``changeTimeSlack`` ahead of now.
  func checkChangeTime(_ date: Date) throws {
    guard (0...now().timeIntervalSince1970 + Library.changeTimeSlack).contains(date.timeIntervalSince1970)
    else {
      throw LibraryError.invalid("a change's time must lie between 1970 and a day from now")
    }
  }

  /// Refuses, in the caller's transaction, a save of the book `id` made at `date` when the book was
  /// removed after it (an offline save replayed after a removal elsewhere).
  static func refuseStaleSave(of id: BookID, at date: Date, on connection: any SQLSession) throws {
    let removedAt = try connection.fetch("SELECT removed_at FROM removals WHERE id = ?", [id.rawValue]) {
      $0.double(0)
    }.first
    if let removedAt, date.timeIntervalSince1970 < removedAt {
      throw LibraryError.staleChange("\(id) was removed after this save was made")
    }
  }

  /// Records, in the caller's transaction, that the book `id` (every saved book when `nil`, before
  /// they are deleted) was removed at `date`; a later removal already recorded is kept.
  static func recordRemoval(of id: BookID?, at date: Date, on connection: any SQLSession) throws {
    let rows = id == nil ? "SELECT id, ? FROM saved_books WHERE true" : "VALUES (?, ?)"
    let values: [any SQLValueConvertible] =
      id.map { [$0.rawValue, date.timeIntervalSince1970] } ?? [date.timeIntervalSince1970]
    try connection.run(
      """
      INSERT INTO removals (id, removed_at) \(rows)
      ON CONFLICT (id) DO UPDATE SET removed_at = \(connection.dialect.larger("removals.removed_at", "excluded.removed_at"))
      """, values)
  }
}
