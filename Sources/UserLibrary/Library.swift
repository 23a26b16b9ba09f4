import BookModel
import Foundation
import Storage

/// The user's own data, kept in `library.sqlite`: 담은 책 (saved books) and 최근 본 책 (recently
/// viewed), with a change feed every view can observe.
///
/// Books are stored whole, so both lists show without a network. Every write is one transaction
/// that also appends to a change log; ``events()`` reads that log, so changes made by another
/// process (a CLI command while the server runs) reach every observer too.
public final class Library: Sendable {
  /// Where the library is kept: an SQLite file, or a schema of a PostgreSQL database.
  let store: any SQLStore
  /// The SQLite file, for ``copyDatabase(to:)``; `nil` on PostgreSQL.
  let file: Database?
  let feed: ChangeFeed
  /// 최근 본 책.
  public let recent: RecentViews
  /// 최근 검색어.
  public let searches: RecentSearches
  /// 독서 목표.
  public let goals: Goals
  /// The time changes made now are stamped with, and that the undo window and a replayed change's
  /// time are measured from.
  let now: @Sendable () -> Date

  /// Opens (creating if needed) the library database at `path`, or `":memory:"`; `now` tells the
  /// time (tests give a clock they set).
  public convenience init(path: String, now: @escaping @Sendable () -> Date = Date.init) throws {
    let file = try Database(path: path, migrations: Library.migrations)
    self.init(store: file, file: file, now: now)
  }

  /// The library in `store`, whose schema is already made.
  init(store: any SQLStore, file: Database?, now: @escaping @Sendable () -> Date) {
    self.store = store
    self.file = file
    feed = ChangeFeed(store: store)
    recent = RecentViews(store: store, feed: feed, now: now)
    searches = RecentSearches(store: store, feed: feed, now: now)
    goals = Goals(store: store, feed: feed)
    self.now = now
  }

  // MARK: - 담은 책

  /// Saves a book on `shelf` (읽고 싶은 책 unless another is given); saving one that is already
  /// saved keeps its original date and its shelf and answers ``SaveOutcome/alreadySaved`` (the
  /// stored copy of the book is refreshed). A save made now leaves `changedAt` out; one made
  /// earlier (replayed from an offline queue, or dated by an import) gives its time, which dates a
  /// new book and is refused when the book was removed after it.
  ///
  /// - Throws: ``LibraryError/staleChange(_:)`` when the book was removed after `changedAt`;
  ///   ``LibraryError/invalid(_:)`` for a time before 1970 or more than a day ahead (see
  ///   ``changeTimeSlack``). Nothing is changed then.
  @discardableResult
  public func save(_ book: Book, shelf: Shelf = .want, changedAt: Date? = nil) async throws -> SaveOutcome {
    if let changedAt { try checkChangeTime(changedAt) }
    let json = try Library.encode(book)
    let date = changedAt ?? now()
    let outcome = try await store.write { connection in
      if let changedAt { try Library.refuseStaleSave(of: book.id, at: changedAt, on: connection) }
      return try Library.store(book, json: json, shelf: shelf, at: date, on: connection)
    }
    await feed.publishPending()
    return outcome
  }

  /// Saves a book (its JSON already encoded) in the caller's transaction, as ``save(_:shelf:changedAt:)``
  /// says, logging `saved` when it is new.
  @discardableResult
  static func store(_ book: Book, json: String, shelf: Shelf, at date: Date, on connection: any SQLSession)
    throws -> SaveOutcome
  {
    let id = book.id.rawValue
    let existed = try connection.fetchInteger("SELECT count(*) FROM saved_books WHERE id = ?", [id]) > 0
    try connection.run(
      """
      INSERT INTO saved_books (id, title, book, saved_at, shelf) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET title = excluded.title, book = excluded.book
      """, [id, book.title, json, date.timeIntervalSince1970, shelf.rawValue])
    try Library.indexNames(of: book, on: connection)
    guard !existed else { return .alreadySaved }
    try Library.log(.saved(book.id), on: connection)
    return .saved
  }

  /// Saved books in `order` (see ``SavedOrder``); only those on `shelf` and with `tag` when they
  /// are given; `limit` of them (all when `nil`) from `offset` on.
  public func savedBooks(
    sortedBy order: SavedOrder = .title, shelf: Shelf? = nil, tag: String? = nil, limit: Int? = nil,
    offset: Int = 0
  ) async throws -> [SavedBook] {
    try await store.read { connection in
      try Library.savedBooks(order, shelf: shelf, tag: tag, limit: limit, offset: offset, on: connection)
    }
  }

  /// What a page of 담은 책 shows, read in one snapshot: a page of ``savedBooks(sortedBy:shelf:tag:limit:offset:)``,
  /// the number of saved books, and the filters' counts (``savedFacets(shelf:tag:)``).
  public func savedPage(
    sortedBy order: SavedOrder = .title, shelf: Shelf? = nil, tag: String? = nil, limit: Int? = nil,
    offset: Int = 0
  ) async throws -> SavedPage {
    try await store.read { connection in
      SavedPage(
        books: try Library.savedBooks(
          order, shelf: shelf, tag: tag, limit: limit, offset: offset, on: connection),
        total: try connection.fetchInteger("SELECT count(*) FROM saved_books"),
        facets: try Library.savedFacets(shelf: shelf, tag: tag, on: connection))
    }
  }

  private static func savedBooks(
    _ order: SavedOrder, shelf: Shelf?, tag: String?, limit: Int?, offset: Int, on connection: any SQLSession
  ) throws -> [SavedBook] {
    let orderBy = Library.orderTerms(order, dialect: connection.dialect)
    let (filter, values) = Library.savedFilter(shelf: shelf, tag: tag)
    let page = [limit.map { $0 < 0 ? .max : $0 } ?? .max, max(offset, 0)]
    return try connection.fetch(
      "SELECT \(Library.savedColumns) FROM saved_books \(filter) ORDER BY \(orderBy) LIMIT ? OFFSET ?",
      values + page, Library.savedBook(from:))
  }

  /// The number of saved books on `shelf` and with `tag` (all of them when neither is given).
  public func savedCount(shelf: Shelf? = nil, tag: String? = nil) async throws -> Int {
    let (filter, values) = Library.savedFilter(shelf: shelf, tag: tag)
    return try await store.read { try $0.fetchInteger("SELECT count(*) FROM saved_books \(filter)", values) }
  }

  /// The `WHERE` clause and its values for saved books on `shelf` and with `tag`.
  private static func savedFilter(shelf: Shelf?, tag: String?) -> (String, [any SQLValueConvertible]) {
    var conditions: [String] = []
    var values: [any SQLValueConvertible] = []
    if let shelf {
      conditions.append("shelf = ?")
      values.append(shelf.rawValue)
    }
    if let tag {
      conditions.append("id IN (SELECT book_id FROM book_tags WHERE tag = ?)")
      values.append(tag)
    }
    return (conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "), values)
  }

  /// The saved copy of one book, if it is saved.
  public func savedBook(_ id: BookID) async throws -> SavedBook? {
    try await store.read { connection in
      try connection.fetchFirst(
        "SELECT \(Library.savedColumns) FROM saved_books WHERE id = ?", [id.rawValue],
        Library.savedBook(from:))
    }
  }

  private static let savedColumns = "book, saved_at, shelf, rating"

  private static func savedBook(from row: any SQLRow) throws -> SavedBook {
    SavedBook(
      book: try decode(row.text(0)), savedAt: Date(timeIntervalSince1970: row.double(1)),
      shelf: Shelf(rawValue: row.text(2)) ?? .want,
      rating: row.isNull(3) ? nil : StarRating(quarters: row.int(3)))
  }

  /// `true` when the book is saved.
  public func contains(_ id: BookID) async throws -> Bool {
    try await store.read {
      try $0.fetchInteger("SELECT count(*) FROM saved_books WHERE id = ?", [id.rawValue]) > 0
    }
  }

  /// The identities of all saved books (to mark search results).
  public func savedIDs() async throws -> Set<BookID> {
    let ids = try await store.read { try $0.fetch("SELECT id FROM saved_books") { $0.text(0) } }
    return Set(ids.compactMap(BookID.init(parsing:)))
  }

  /// Removes one saved book with its journal (tags, notes, quotes, readings), undoably for
  /// ``undoWindow``; `nil` when it was not saved. A removal made earlier (replayed from an offline
  /// queue) gives its time `changedAt`, and is refused when the book was saved again after it.
  ///
  /// - Throws: ``LibraryError/staleChange(_:)`` when the book was saved after `changedAt`;
  ///   ``LibraryError/invalid(_:)`` for a time before 1970 or more than a day ahead. Nothing is
  ///   changed then.
  @discardableResult
  public func remove(_ id: BookID, changedAt: Date? = nil) async throws -> Removal? {
    if let changedAt { try checkChangeTime(changedAt) }
    let removedNow = now()
    let removal = try await store.write { connection -> Removal? in
      let savedAt = try connection.fetch(
        "SELECT saved_at FROM saved_books WHERE id = ?", [id.rawValue]
      ) { $0.double(0) }.first
      guard let savedAt else { return nil }
      if let changedAt, changedAt.timeIntervalSince1970 < savedAt {
        throw LibraryError.staleChange("\(id) was saved again after this removal was made")
      }
      return try Library.delete([id], at: changedAt ?? removedNow, now: removedNow, on: connection)
    }
    await feed.publishPending()
    return removal
  }

  /// Removes every saved book with its journal, undoably for ``undoWindow``. 전체 삭제 made earlier
  /// (queued offline) gives its time `changedAt`: a book saved after it, elsewhere, stays.
  ///
  /// - Throws: ``LibraryError/invalid(_:)`` for a time before 1970 or more than a day ahead.
  @discardableResult
  public func removeAll(changedAt: Date? = nil) async throws -> Removal {
    if let changedAt { try checkChangeTime(changedAt) }
    let removedNow = now()
    let removal = try await store.write { connection in
      guard let changedAt else {
        return try Library.delete(nil, at: removedNow, now: removedNow, on: connection)
      }
      let ids = try connection.fetch(
        "SELECT id FROM saved_books WHERE saved_at <= ? ORDER BY saved_at, id",
        [changedAt.timeIntervalSince1970]
      ) { BookID(parsing: $0.text(0)) }.compactMap { $0 }
      return try Library.delete(ids, at: changedAt, now: removedNow, on: connection)
    }
    await feed.publishPending()
    return removal
  }

  /// Deletes, in the caller's transaction, the saved books `ids` (every one when `nil`) with their
  /// journals, keeping them for undo from `now` and recording their removal at `date`.
  static func delete(_ ids: [BookID]?, at date: Date, now: Date, on connection: any SQLSession) throws
    -> Removal
  {
    let removal = try keepForUndo(ids, at: now, on: connection)
    guard let ids else {
      try recordRemoval(of: nil, at: date, on: connection)
      let count = try connection.run("DELETE FROM saved_books")
      try deleteJournal(of: nil, on: connection)
      try log(.cleared, on: connection)
      return Removal(id: removal, count: count)
    }
    for id in ids {
      try connection.run("DELETE FROM saved_books WHERE id = ?", [id.rawValue])
      try recordRemoval(of: id, at: date, on: connection)
      try deleteJournal(of: id, on: connection)
      try log(.removed(id), on: connection)
    }
    return Removal(id: removal, count: ids.count)
  }

  // MARK: - Books that changed identity

  /// The identities of every saved and recently viewed book, and of the editions readings name:
  /// what ``follow(_:)`` may need to move.
  public func bookIDs() async throws -> Set<BookID> {
    let ids = try await store.read {
      try $0.fetch(
        """
        SELECT id FROM saved_books UNION SELECT id FROM recent_views
        UNION SELECT edition FROM reading_sessions WHERE edition IS NOT NULL
        """
      ) { $0.text(0) }
    }
    return Set(ids.compactMap(BookID.init(parsing:)))
  }

  /// Moves saved and recently viewed books whose record was replaced to the record that took their
  /// place (old identity → the book now): a starter book without an ISBN to the same book with one,
  /// a book to its new ISBN. An entry keeps its dates and its place in the lists; the stored copy
  /// becomes the new book, with what only the old copy knew filled in. When both identities are in a
  /// list, the two become one: the earlier save, the later view. Each move is logged (`removed` and
  /// `saved`, `viewed`), so every view refreshes. Readings that name the old identity as the
  /// edition read name the new one. Nothing is lost: an entry whose new identity cannot be stored
  /// stays as it was.
  /// - Returns: the number of entries moved.
  @discardableResult
  public func follow(_ replacements: [BookID: Book]) async throws -> Int {
    let moves = replacements.filter { $0.key != $0.value.id }
    guard !moves.isEmpty else { return 0 }
    let moved = try await store.write { connection in
      var moved = 0
      for (old, book) in moves.sorted(by: { $0.key < $1.key }) {
        let new = book.id.rawValue
        if let saved = try connection.fetchFirst(
          "SELECT book, saved_at FROM saved_books WHERE id = ?", [old.rawValue],
          { (try Library.decode($0.text(0)), $0.double(1)) })
        {
          let merged = book.filledIn(from: saved.0)
          let newIsSaved =
            try connection.fetchInteger("SELECT count(*) FROM saved_books WHERE id = ?", [new]) > 0
          // The old entry's journal comes along; where both are saved, the new entry's journal
          // keeps its fields and gains the old one's tags, notes and readings.
          try connection.run(
            """
            INSERT INTO saved_books (id, title, book, saved_at, shelf, rating, review, pages, version)
            SELECT ?, ?, ?, saved_at, shelf, rating, review, pages, version FROM saved_books WHERE id = ?
            ON CONFLICT (id) DO UPDATE SET
              saved_at = \(connection.dialect.smaller("saved_books.saved_at", "excluded.saved_at")),
              version = saved_books.version + 1
            """, [new, merged.title, try Library.encode(merged), old.rawValue])
          if !newIsSaved { try Library.indexNames(of: merged, on: connection) }
          try connection.run("DELETE FROM saved_books WHERE id = ?", [old.rawValue])
          try Library.moveJournal(from: old, to: book.id, otherEdition: false, on: connection)
          try Library.log(.removed(old), on: connection)
          try Library.log(.saved(book.id), on: connection)
          moved += 1
        }
        if let recent = try connection.fetchFirst(
          "SELECT book, viewed_at, seq FROM recent_views WHERE id = ?", [old.rawValue],
          { (try Library.decode($0.text(0)), $0.double(1), $0.int(2)) })
        {
          let merged = book.filledIn(from: recent.0)
          try connection.run("DELETE FROM recent_views WHERE id = ?", [old.rawValue])
          try connection.run(
            """
            INSERT INTO recent_views (id, book, viewed_at, seq) VALUES (?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET
              viewed_at = \(connection.dialect.larger("recent_views.viewed_at", "excluded.viewed_at")),
              seq = \(connection.dialect.larger("recent_views.seq", "excluded.seq"))
            """, [new, try Library.encode(merged), recent.1, recent.2])
          try Library.log(.viewed(book.id), on: connection)
          moved += 1
        }
        try Library.renameEdition(old, to: book.id, on: connection)
      }
      return moved
    }
    if moved > 0 { await feed.publishPending() }
    return moved
  }

  // MARK: - Change feed

  /// Every change from now on, from this process or another one using the same store, in commit
  /// order. The stream ends when the caller stops iterating.
  /// - Throws: the store's error when it cannot be read now.
  public func events() async throws -> AsyncStream<LibraryEvent> {
    try await feed.subscribe()
  }
}
