import CSQLite
import Foundation

extension Connection {
  /// Writes a consistent copy of this connection's main database to a new file at `destination`
  /// with SQLite's online backup API: every page in one step, within one read of the source, so
  /// the copy is the database as of one commit while other connections go on writing. The copy is
  /// written beside `destination` and linked into place, so a copy that fails or is killed
  /// halfway leaves no file there, and a file already there (the database itself, say) is never
  /// replaced: that is an error.
  func backup(to destination: String) throws {
    let partial = destination + ".partial-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: partial) }
    do {
      let target = try Connection(path: partial)
      guard let backup = sqlite3_backup_init(target.handle, "main", handle, "main") else {
        throw DatabaseError(
          code: sqlite3_errcode(target.handle), message: String(cString: sqlite3_errmsg(target.handle)))
      }
      let step = sqlite3_backup_step(backup, -1)
      let finish = sqlite3_backup_finish(backup)
      guard step == SQLITE_DONE, finish == SQLITE_OK else {
        throw DatabaseError(code: step == SQLITE_DONE ? finish : step, message: "backup to \(destination)")
      }
      // Keep the copy whole in one file: no WAL beside it.
      try target.execute("PRAGMA journal_mode = DELETE")
    }
    // link(2) fails rather than replace a file; where hard links are not supported, rename(2)
    // once no file is there.
    guard link(partial, destination) == 0 else {
      let exists = errno == EEXIST || access(destination, F_OK) == 0
      guard !exists, rename(partial, destination) == 0 else {
        throw CocoaError(
          exists ? .fileWriteFileExists : .fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination])
      }
      return
    }
  }
}
