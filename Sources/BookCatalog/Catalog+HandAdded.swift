import BookModel
import Foundation
import SearchIndex
import Storage

/// Books readers add by hand when no provider has them: stored as typed, found by their own page
/// (`chaek:hand/KEY`, which keeps their identity while they have no ISBN and finds them when one
/// is added), with a cover photo of their own.
extension Catalog {
  /// The page of a book added by hand: `chaek:hand/` and its key.
  public static let handPagePrefix = "chaek:hand/"

  /// Stores a book a reader added or edited by hand, as typed: the fields it leaves empty are
  /// emptied. The record with its page is updated (its identity changes with its ISBN, recorded as
  /// a replacement, which libraries follow); no starter book is taken for it. The first store of a
  /// page records `owner` as who added it; only they may store it again.
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` when another reader added the book, or
  ///   another record has its identity (a book with its ISBN stored since it was checked).
  /// - Precondition: the book's page is a ``handPagePrefix`` one.
  @discardableResult
  public func storeHandAdded(_ book: Book, owner: String) async throws -> UpsertReport {
    let key = try Self.handKey(of: book)
    return try await database.write { connection in
      try Catalog.claim(key, for: owner, on: connection)
      let page = try connection.first("SELECT book FROM books WHERE id = ?", [book.id.rawValue]) {
        try Catalog.decode($0.data(0)).url
      }
      if let page, page != book.url {
        throw LibraryError.invalid("another book has the identity \(book.id)")
      }
      var report = UpsertReport()
      var index: IndexWriter? = Catalog.searchIndex.writer()
      var starters = StarterTitles()
      try Catalog.upsert(
        book, source: .reader, popularity: 0, on: connection, into: &report, index: &index,
        starters: &starters, asTyped: true)
      try index?.write(on: connection)
      return report
    }
  }

  /// Stores `image` as the cover photo of the book added by hand with page key `key` by `owner`,
  /// in place of any it had; answers the photo's version, which its address carries (see
  /// ``coverPath(key:version:kind:)``): the next, and above `after` (a photo restored keeps its
  /// address where it can, and never takes one a later photo had).
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` when another reader added the book.
  public func storeCover(
    _ image: Data, kind: String, forBook key: String, owner: String, after: Int = 0
  ) async throws -> Int {
    try await database.write { connection in
      try Catalog.claim(key, for: owner, on: connection)
      let version = try connection.integer(
        "SELECT max(coalesce(max(version), 0), ?) + 1 FROM covers WHERE key = ?", [after, key])
      try connection.run(
        "INSERT OR REPLACE INTO covers (key, version, kind, image) VALUES (?, ?, ?, ?)",
        [key, version, kind, image])
      return version
    }
  }

  /// The key of a book added by hand: its page's, after ``handPagePrefix``.
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` for a book not added by hand.
  public static func handKey(of book: Book) throws -> String {
    let key = String(book.url.dropFirst(handPagePrefix.count))
    guard book.url.hasPrefix(handPagePrefix), isHandKey(key) else {
      throw LibraryError.invalid("only a book added by hand can be edited")
    }
    return key
  }

  /// `true` for a key a book added by hand can have: a lowercased UUID's letters (hexadecimal
  /// digits and dashes), at most 64.
  public static func isHandKey(_ key: String) -> Bool {
    (1...64).contains(key.count)
      && key.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) || $0 == "-" }
  }

  /// Records `owner` as who added the book of `key`, unless someone did.
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` when someone else did.
  private static func claim(_ key: String, for owner: String, on connection: Connection) throws {
    try connection.run("INSERT OR IGNORE INTO hand_books (key, owner) VALUES (?, ?)", [key, owner])
    guard try connection.first("SELECT owner FROM hand_books WHERE key = ?", [key], { $0.text(0) }) == owner
    else {
      throw LibraryError.invalid("only the reader who added a book by hand may edit it")
    }
  }

  /// The cover photo of the book added by hand with page key `key` (by `owner`, when given), and
  /// its kind (`jpeg`, `png`).
  public func cover(key: String, addedBy owner: String? = nil) async throws -> (image: Data, kind: String)? {
    try await database.read { connection in
      try connection.first(
        """
        SELECT image, kind FROM covers
        WHERE key = ?1 AND (?2 IS NULL OR ?2 = (SELECT owner FROM hand_books WHERE key = ?1))
        """, [key, owner]
      ) { ($0.data(0), $0.text(1)) }
    }
  }

  /// The address a cover photo is served at (`/covers/hand/KEY.jpeg?v=2`): a new version, a new
  /// address, so that a cached photo is never shown for a replaced one.
  public static func coverPath(key: String, version: Int, kind: String) -> String {
    "\(coverPrefix)\(key).\(kind)?v=\(version)"
  }

  /// Where the addresses of cover photos begin.
  private static let coverPrefix = "/covers/hand/"

  /// The version `address` names when it is a cover photo's as ``coverPath(key:version:kind:)``
  /// writes it (a key of a book added by hand, `jpeg` or `png`, at most nine digits); `nil` for any
  /// other address.
  public static func coverVersion(in address: String) -> Int? {
    guard address.hasPrefix(coverPrefix), let query = address.range(of: "?v=") else { return nil }
    let file = address[address.index(address.startIndex, offsetBy: coverPrefix.count)..<query.lowerBound]
    let version = address[query.upperBound...]
    guard let dot = file.lastIndex(of: "."), isHandKey(String(file[..<dot])),
      ["jpeg", "png"].contains(file[file.index(after: dot)...]), (1...9).contains(version.count),
      version.allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    return Int(version)
  }
}
