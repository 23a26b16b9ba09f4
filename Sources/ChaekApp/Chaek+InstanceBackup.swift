import Accounts
import Foundation

/// What a whole-instance backup (``Chaek/copyInstance(to:)``) wrote.
public struct InstanceCopy: Sendable, Equatable, Encodable {
  /// The directory.
  public let path: String
  /// The readers whose libraries it holds (1 without accounts: the owner).
  public let readers: Int
  /// Their saved books, all together.
  public let savedBooks: Int

  private enum CodingKeys: String, CodingKey {
    case path, readers
    case savedBooks = "saved_books"
  }
}

extension Chaek {
  /// Writes a consistent copy of the whole instance into the new directory at `path`: every
  /// reader's library (`library.sqlite`, `readers/ID.sqlite`) and the accounts (`accounts.sqlite`,
  /// with the password hashes and the digests of sessions and tokens), each copied with SQLite's
  /// online backup while Chaek runs. The directory and everything in it are readable by their
  /// owner only. Putting its files in place of the data directory's, while nothing runs, restores
  /// the instance.
  /// - Throws: ``AppError`` when `path` exists; ``Accounts/AccountError/notAFile`` on PostgreSQL,
  ///   before anything is written; a file or database error.
  public func copyInstance(to path: String) async throws -> InstanceCopy {
    guard try accounts.isFile else { throw AccountError.notAFile }
    let files = FileManager.default
    guard !files.fileExists(atPath: path) else {
      throw AppError("\(path) exists; a backup never overwrites: choose another name")
    }
    let directory = URL(fileURLWithPath: path)
    try files.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let accounts = try accounts
    let readers = try await accounts.count() > 0 ? try await accounts.all().map(Reader.init) : [Reader.owner]
    var books = 0
    for reader in readers {
      let copy = directory.appendingPathComponent(reader.library ?? Accounts.firstLibrary)
      try files.createDirectory(
        at: copy.deletingLastPathComponent(), withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      books += try await copyLibrary(to: copy.path, for: reader)
      try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: copy.path)
    }
    let copy = directory.appendingPathComponent("accounts.sqlite").path
    try await accounts.copy(to: copy)
    try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: copy)
    return InstanceCopy(path: path, readers: readers.count, savedBooks: books)
  }
}
