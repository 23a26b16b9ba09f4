import BookModel
import Foundation
import Storage

/// Backups: the whole library as JSON (``LibraryBackup``), and a copy of `library.sqlite` itself.
extension Library {
  /// The whole library as a ``LibraryBackup``, read in one snapshot.
  public func backup() async throws -> LibraryBackup {
    try await store.read { connection in
      var backup = LibraryBackup()
      // By the millisecond a backup keeps, so that a restored library (its times rounded so) backs
      // up in the same order.
      let ids = try connection.fetch(
        "SELECT id FROM saved_books ORDER BY round(saved_at * 1000), id"
      ) { $0.text(0) }
      backup.books = try ids.compactMap(BookID.init(parsing:)).compactMap {
        try Library.savedEntry($0, on: connection)
      }
      backup.recent = try connection.fetch("SELECT book, viewed_at FROM recent_views ORDER BY seq DESC") {
        LibraryBackup.RecentEntry(
          book: try Library.decode($0.text(0)),
          viewedAt: BackupTime.text(Date(timeIntervalSince1970: $0.double(1))))
      }
      backup.goals = try connection.fetch("SELECT year, books FROM goals ORDER BY year") {
        LibraryBackup.Goal(year: $0.int(0), books: $0.int(1))
      }
      backup.merges = try connection.fetch(
        "SELECT source, target, source_book, target_book, merged_at, kept FROM work_merges ORDER BY id"
      ) { row in
        let kept =
          try row.isNull(5) ? nil : JSONDecoder().decode(KeptEdition.self, from: Data(row.text(5).utf8))
        return LibraryBackup.Merge(
          source: row.text(0), target: row.text(1), sourceBook: try Library.decode(row.text(2)),
          targetBook: try Library.decode(row.text(3)),
          mergedAt: BackupTime.text(Date(timeIntervalSince1970: row.double(4))), gaveWay: kept?.entry,
          importRecord: kept?.imported)
      }
      backup.searches.recording = try RecentSearches.recordsSearches(on: connection)
      backup.searches.recent = try connection.fetch(
        "SELECT query, searched_at FROM search_history ORDER BY seq DESC"
      ) {
        LibraryBackup.SearchEntry(
          query: $0.text(0), searchedAt: BackupTime.text(Date(timeIntervalSince1970: $0.double(1))))
      }
      return backup
    }
  }

  /// Puts a backup into this library, in one transaction. Recent searches do not make a library
  /// non-empty: the backup's come after the ones already there, and its setting replaces theirs.
  /// - Throws: ``LibraryError/notEmpty`` when the library already holds saved or recently viewed
  ///   books or goals (nothing is changed); ``LibraryError/invalid(_:)`` for a backup with a time
  ///   that cannot be read, a search that cannot be kept, a number of pages or a page outside
  ///   ``BookModel/BookLength/pages``, progress that cannot be, or a reading that finishes before it
  ///   starts (nothing is changed either).
  public func restore(_ backup: LibraryBackup) async throws {
    try await store.write { connection in
      let held = try connection.fetchInteger(
        """
        SELECT (SELECT count(*) FROM saved_books) + (SELECT count(*) FROM recent_views) + (SELECT count(*) FROM goals)
          + (SELECT count(*) FROM work_merges)
        """
      )
      guard held == 0 else { throw LibraryError.notEmpty }
      for entry in backup.books { try Library.insert(entry, on: connection) }
      for (index, view) in backup.recent.prefix(RecentViews.limit).enumerated() {
        try connection.run(
          "INSERT INTO recent_views (id, book, viewed_at, seq) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
          [
            view.book.id.rawValue, try Library.encode(view.book), try Library.time(view.viewedAt),
            backup.recent.count - index,
          ])
      }
      for goal in backup.goals {
        try Goals.check(goal.books, for: goal.year)
        try connection.run(
          "INSERT INTO goals (year, books) VALUES (?, ?) ON CONFLICT (year) DO UPDATE SET books = excluded.books",
          [goal.year, goal.books])
      }
      try Library.log(.goal, on: connection)
      try Library.restoreSearches(backup.searches, on: connection)
      var merged = Set<String>()
      for merge in backup.merges {
        guard WorkID(parsing: merge.source) != nil, WorkID(parsing: merge.target) != nil,
          merge.source != merge.target, merged.insert(merge.source).inserted
        else { throw LibraryError.invalid("the merge of ‘\(merge.sourceBook.title)’ is not one Chaek keeps") }
        let kept = try merge.gaveWay.map {
          String(
            decoding: try JSONEncoder().encode(KeptEdition(entry: $0, imported: merge.importRecord)),
            as: UTF8.self)
        }
        try connection.run(
          """
          INSERT INTO work_merges (source, target, source_book, target_book, kept, merged_at)
          VALUES (?, ?, ?, ?, ?, ?)
          """,
          [
            merge.source, merge.target, try Library.encode(merge.sourceBook),
            try Library.encode(merge.targetBook),
            kept, try Library.time(merge.mergedAt),
          ])
      }
    }
    await feed.publishPending()
  }

  /// A saved book with its whole journal as a backup keeps it; `nil` when it is not saved.
  static func savedEntry(_ id: BookID, on connection: any SQLSession) throws -> LibraryBackup.SavedEntry? {
    guard let entry = try Library.entry(id, on: connection) else { return nil }
    let created = try connection.fetch(
      "SELECT id, created_at FROM notes WHERE book_id = ?", [id.rawValue]
    ) { ($0.int(0), $0.double(1)) }
    let createdAt = Dictionary(uniqueKeysWithValues: created)
    return LibraryBackup.SavedEntry(
      book: entry.book, savedAt: BackupTime.text(entry.savedAt), shelf: entry.shelf, rating: entry.rating,
      review: entry.review, pages: entry.pages, tags: entry.tags,
      notes: (entry.notes + entry.quotes).sorted { ($0.day, $0.id) < ($1.day, $1.id) }.map { note in
        LibraryBackup.NoteEntry(
          kind: note.kind, text: note.text, page: note.page, day: note.day,
          createdAt: BackupTime.text(Date(timeIntervalSince1970: createdAt[note.id] ?? 0)))
      },
      sessions: entry.sessions.map { session in
        LibraryBackup.SessionEntry(
          started: session.started, finished: session.finished, edition: session.edition,
          progress: session.progress.map { update in
            switch update.amount {
            case .page(let page, let total):
              LibraryBackup.ProgressEntry(day: update.day, page: page, totalPages: total, percent: nil)
            case .percent(let percent):
              LibraryBackup.ProgressEntry(day: update.day, page: nil, totalPages: nil, percent: percent)
            }
          })
      })
  }

  /// Puts a saved book with its whole journal back, in the caller's transaction, as a backup
  /// keeps it; the book must not be saved.
  /// - Throws: ``LibraryError/invalid(_:)`` for what the journal does not keep.
  static func insert(_ entry: LibraryBackup.SavedEntry, on connection: any SQLSession) throws {
    let id = entry.book.id
    try Library.checkPages(entry.pages, "the number of pages of \(id)")
    guard try JournalText.reviewText(entry.review) == entry.review else {
      throw LibraryError.invalid("the review of \(id) is white space only")
    }
    try connection.run(
      """
      INSERT INTO saved_books (id, title, book, saved_at, shelf, rating, review, pages) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        id.rawValue, entry.book.title, try Library.encode(entry.book), try Library.time(entry.savedAt),
        entry.shelf.rawValue, entry.rating?.quarters, entry.review, entry.pages,
      ])
    try Library.indexNames(of: entry.book, on: connection)
    for tag in try JournalText.cleanTags(entry.tags) {
      try connection.run(
        "INSERT INTO book_tags (book_id, tag) VALUES (?, ?) ON CONFLICT DO NOTHING", [id.rawValue, tag])
    }
    for note in entry.notes {
      try Library.checkPages(note.page, "the page of a \(note.kind.rawValue) of \(id)")
      _ = try JournalText.noteText(note.text, page: note.page)
      try connection.run(
        "INSERT INTO notes (book_id, kind, text, page, day, created_at, tokens) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
          id.rawValue, note.kind.rawValue, note.text, note.page, note.day.description,
          try Library.time(note.createdAt), NoteSearch.tokens(of: note.text),
        ])
    }
    for session in entry.sessions {
      try Library.checkReading(started: session.started, finished: session.finished)
      let sessionID = try connection.fetchInteger(
        "INSERT INTO reading_sessions (book_id, started, finished, edition) VALUES (?, ?, ?, ?) RETURNING id",
        [
          id.rawValue, session.started?.description, session.finished?.description,
          session.edition.flatMap { $0 == id ? nil : $0.rawValue },
        ])
      for update in session.progress {
        try Library.checkProgress(update, of: id)
        try connection.run(
          "INSERT INTO progress (session_id, day, page, total_pages, percent) VALUES (?, ?, ?, ?, ?)",
          [sessionID, update.day.description, update.page, update.totalPages, update.percent])
      }
    }
    try Library.log(.saved(id), on: connection)
  }

  /// Writes a consistent copy of the library, as an SQLite library file, to a new file at
  /// `destination` while it is in use: SQLite's online backup of `library.sqlite`; from
  /// PostgreSQL, a new library file with this one's ``backup()`` restored, moved into place when
  /// whole.
  public func copyDatabase(to destination: String) async throws {
    if let file { return try await file.backup(to: destination) }
    let partial = destination + ".partial"
    try? FileManager.default.removeItem(atPath: partial)
    do {
      try await Self.write(backup(), toNewFile: partial)
      try FileManager.default.moveItem(atPath: partial, toPath: destination)
    } catch {
      try? FileManager.default.removeItem(atPath: partial)
      throw error
    }
  }

  /// Makes a library file at `path` holding `backup`, closed when this returns.
  private static func write(_ backup: LibraryBackup, toNewFile path: String) async throws {
    try await Library(path: path).restore(backup)
  }

  /// The backup's searches, older than any already recorded (a query recorded in both keeps the
  /// library's), and its recording setting.
  private static func restoreSearches(_ searches: LibraryBackup.Searches, on connection: any SQLSession)
    throws
  {
    let below = try connection.fetchInteger("SELECT coalesce(min(seq), 1) FROM search_history")
    for (index, search) in searches.recent.enumerated() {
      let query = try RecentSearch.clean(search.query)
      guard query == search.query else {
        throw LibraryError.invalid("the search ‘\(search.query)’ is not kept so")
      }
      try connection.run(
        """
        INSERT INTO search_history (key, query, searched_at, seq) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING
        """,
        [RecentSearch.key(query), query, try time(search.searchedAt), below - 1 - index])
    }
    try RecentSearches.trim(on: connection)
    try RecentSearches.setRecording(searches.recording, on: connection)
    try log(.searches, on: connection)
  }

  /// Refuses a number of pages, or a page, outside `range`: `what` names it in the message.
  private static func checkPages(
    _ pages: Int?, in range: ClosedRange<Int> = BookLength.pages, _ what: @autoclosure () -> String
  ) throws {
    guard let pages, !range.contains(pages) else { return }
    throw LibraryError.invalid("\(what()) is \(pages), not \(range.lowerBound) to \(range.upperBound)")
  }

  /// Refuses a progress update that cannot be: one with both or neither of a page and a percent, a
  /// page past the book's pages or its total, a percent outside 0 to 100.
  private static func checkProgress(_ update: LibraryBackup.ProgressEntry, of id: BookID) throws {
    guard (update.page == nil) != (update.percent == nil) else {
      throw LibraryError.invalid("a progress update of \(id) has both or neither of a page and a percent")
    }
    try checkPages(update.page, in: 0...BookLength.maximumPages, "the page of a progress update of \(id)")
    try checkPages(update.totalPages, "the total pages of a progress update of \(id)")
    if let page = update.page, let total = update.totalPages, page > total {
      throw LibraryError.invalid("a progress update of \(id) is on page \(page) of \(total)")
    }
    if let percent = update.percent, !(0...100).contains(percent) {
      throw LibraryError.invalid("a progress update of \(id) is at \(percent)%, not 0 to 100")
    }
  }

  private static func time(_ text: String) throws -> Double {
    guard let seconds = BackupTime.seconds(text) else { throw LibraryError.invalid("not a time: \(text)") }
    return seconds
  }
}
