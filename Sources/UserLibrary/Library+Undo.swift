import BookModel
import Foundation
import Storage

/// Removals that can be undone: a removal of one book or of all of them keeps what it took (each
/// book with its whole journal, as a backup keeps it) for ``undoWindow``, so that one mis-tap loses
/// nothing. ``undoRemoval(_:)`` puts it back.
extension Library {
  /// How long a removal can be undone.
  public static let undoWindow: TimeInterval = 10 * 60

  /// Puts back the books `removal` took with their journals, in one transaction; a book saved again
  /// since stays as it is now. Returns how many books came back.
  /// - Throws: ``LibraryError/noSuchRecord(_:)`` when there is no such removal, it was undone
  ///   already, or it is older than ``undoWindow``.
  @discardableResult
  public func undoRemoval(_ removal: Int) async throws -> Int {
    let now = now().timeIntervalSince1970
    let restored = try await store.write { connection in
      let removedAt = try connection.fetchFirst(
        "SELECT removed_at FROM removal_groups WHERE id = ?", [removal]
      ) {
        $0.double(0)
      }
      guard let removedAt, removedAt >= now - Library.undoWindow else {
        throw LibraryError.noSuchRecord(
          "removal \(removal) (it can be undone for \(Int(Library.undoWindow / 60)) minutes)")
      }
      let entries = try connection.fetch(
        "SELECT entry FROM removed_entries WHERE removal = ? ORDER BY position", [removal]
      ) { try JSONDecoder().decode(LibraryBackup.SavedEntry.self, from: Data($0.text(0).utf8)) }
      var restored = 0
      for entry in entries
      where try connection.fetchInteger(
        "SELECT count(*) FROM saved_books WHERE id = ?", [entry.book.id.rawValue])
        == 0
      {
        try Library.insert(entry, on: connection)
        try connection.run("DELETE FROM removals WHERE id = ?", [entry.book.id.rawValue])
        restored += 1
      }
      try connection.run("DELETE FROM removal_groups WHERE id = ?", [removal])
      return restored
    }
    await feed.publishPending()
    return restored
  }

  /// What a removal of every saved book would take: the books, their notes, quotes and readings.
  public func size() async throws -> LibrarySize {
    try await store.read { connection in
      LibrarySize(
        books: try connection.fetchInteger("SELECT count(*) FROM saved_books"),
        notes: try connection.fetchInteger("SELECT count(*) FROM notes WHERE kind = 'note'"),
        quotes: try connection.fetchInteger("SELECT count(*) FROM notes WHERE kind = 'quote'"),
        readings: try connection.fetchInteger("SELECT count(*) FROM reading_sessions"))
    }
  }

  /// Keeps, in the caller's transaction, the saved books `ids` (every saved book when `nil`) with
  /// their journals for ``undoRemoval(_:)``, before they are removed at `date`; forgets removals
  /// past ``undoWindow``. Returns the removal's id.
  static func keepForUndo(_ ids: [BookID]?, at date: Date, on connection: any SQLSession) throws -> Int {
    let now = date.timeIntervalSince1970
    try connection.run("DELETE FROM removal_groups WHERE removed_at < ?", [now - undoWindow])
    let removal = try connection.fetchInteger(
      "INSERT INTO removal_groups (removed_at) VALUES (?) RETURNING id", [now])
    let kept =
      try ids
      ?? connection.fetch("SELECT id FROM saved_books ORDER BY saved_at, id") { $0.text(0) }.compactMap(
        BookID.init(parsing:))
    let encoder = JSONEncoder()
    for (position, id) in kept.enumerated() {
      guard let entry = try savedEntry(id, on: connection) else { continue }
      try connection.run(
        "INSERT INTO removed_entries (removal, position, entry) VALUES (?, ?, ?)",
        [removal, position, String(decoding: try encoder.encode(entry), as: UTF8.self)])
    }
    return removal
  }
}
