import BookModel
import Foundation
import Storage

/// The catalog's own inverted index, stored in `catalog.sqlite` beside the books.
///
/// - `search_postings`: for every term (a field and a token, `t:potter`), the rowids of the books
///   holding it, one row per 65,536-rowid chunk (see ``Postings``).
/// - `search_terms`: every term with its document count: the vocabulary that prefix and typo
///   matching expand into.
/// - `search_ranks`: per chunk, every book's popularity and publication day, the keys both sorts
///   order by, read into memory by ``RankCache``.
/// - `search_keys`: every book's title, title initials, people and publisher as
///   ``SearchKeys/key(_:)``s: small rows that tell whether a phrase occurs as written, and how a
///   title matches.
///
/// A write collects its changes in a ``Batch`` and stores them at the end of its transaction, so
/// a batch of books rewrites each chunk it touches once.
///
/// An update removes a book's old terms by analyzing its old version again, so the index must
/// always hold what ``terms(of:)`` makes of a book today: any change to the analysis (``SearchText``,
/// ``SearchKeys``, the fields) ships with a new migration that calls `Catalog.reindex(on:)`.
enum SearchIndex {
  /// Where a token occurs.
  enum Field: String, CaseIterable, Sendable {
    /// Any of the title, people, publisher and description.
    case any = "a"
    case title = "t"
    /// Authors and translators.
    case people = "p"
    case publisher = "u"
    /// The 초성 bigrams of the title.
    case titleInitials = "i"
    /// The 초성 bigrams of the people.
    case peopleInitials = "j"
    /// The whole title as one token, its ``SearchKeys/key(_:)``, and again without its series
    /// note: exact titles and title prefixes.
    case titleKey = "k"
    /// The title's 초성 as one token.
    case titleInitialsKey = "m"
    /// Each pair of consecutive Latin words of the title (`hunger games`): title phrases.
    case titlePairs = "w"
  }

  /// The stored form of a token in a field.
  static func term(_ token: some StringProtocol, in field: Field) -> String {
    field.rawValue + ":" + token
  }

  /// Every term of a book, some perhaps more than once (a book is in a term's postings or not, so
  /// a repeat changes nothing, and skipping the sets that would remove them is faster).
  static func terms(of book: Book) -> [String] {
    func tokens(_ indexed: String) -> [Substring] { indexed.split(separator: " ") }
    let people = book.people
    let title = tokens(SearchText.indexed(book.title))
    let names = tokens(SearchText.indexed(people))
    let publisher = tokens(SearchText.indexed(book.publisher))
    let any = title + names + publisher + tokens(SearchText.indexed(book.contents))
    var terms: [String] = []
    for (field, tokens) in [
      (Field.any, any), (.title, title), (.people, names), (.publisher, publisher),
      (.titleInitials, tokens(SearchText.indexedInitials(book.title))),
      (.peopleInitials, tokens(SearchText.indexedInitials(people))),
      (
        .titleKey,
        [Substring(SearchKeys.key(book.title)), Substring(SearchKeys.baseKey(ofTitle: book.title))]
      ),
      (.titleInitialsKey, [Substring(SearchKeys.initialsKey(book.title))]),
      (.titlePairs, SearchText.wordPairs(book.title).map { Substring($0) }),
    ] {
      for token in tokens where !token.isEmpty { terms.append(term(token, in: field)) }
    }
    return terms
  }

  /// A book's publication day as a number that sorts by date (0 when unknown).
  static func day(of published: Date?) -> UInt32 {
    guard let published else { return 0 }
    let parts = KakaoDate.format(published).prefix(10).split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3 else { return 0 }
    return UInt32(clamping: parts[0] * 372 + (parts[1] - 1) * 31 + (parts[2] - 1))
  }

  // MARK: - Writing

  /// The index changes of one write transaction.
  struct Batch {
    private struct Key: Hashable {
      let term: String
      let chunk: Int
    }

    /// Per term and chunk, the slots to set (`true`) or clear, in order: the last change of a
    /// slot wins, so a book updated twice in one batch ends with its last terms.
    private var postings: [Key: [(slot: UInt16, present: Bool)]] = [:]
    /// Per chunk, the slots whose ranks change.
    private var ranks: [Int: [(slot: Int, popularity: UInt32, day: UInt32)]] = [:]
    /// Per rowid, the keys to store.
    private var keys: [Int: [any SQLValueConvertible]] = [:]

    /// Adds a book's terms and ranks under its rowid.
    mutating func add(_ book: Book, rowid: Int, popularity: Int) {
      let (chunk, slot) = DocSet.place(rowid)
      for term in SearchIndex.terms(of: book) {
        postings[Key(term: term, chunk: chunk), default: []].append((UInt16(slot), true))
      }
      ranks[chunk, default: []].append(
        (slot, UInt32(clamping: popularity), SearchIndex.day(of: book.datetime)))
      keys[rowid] = [
        rowid, SearchKeys.key(book.title), SearchKeys.initialsKey(book.title), SearchKeys.key(book.people),
        SearchKeys.key(book.publisher),
      ]
    }

    /// Removes a book's terms (as they were indexed) from its rowid.
    mutating func remove(_ book: Book, rowid: Int) {
      let (chunk, slot) = DocSet.place(rowid)
      for term in SearchIndex.terms(of: book) {
        postings[Key(term: term, chunk: chunk), default: []].append((UInt16(slot), false))
      }
    }

    /// Stores the changes: each touched chunk of postings and ranks is read, changed and written
    /// once, the vocabulary's counts follow, and each added book's keys are written.
    func write(on connection: Connection) throws {
      var counts: [String: Int] = [:]
      for (key, changes) in postings {
        var words = DocSet.emptyChunk
        var before = 0
        try connection.forEachRow(
          "SELECT docs FROM search_postings WHERE term = ? AND chunk = ?", [key.term, key.chunk]
        ) { row in
          row.withBytes(0) { before = Postings.decode($0, into: &words) }
        }
        var after = before
        for (slot, present) in changes {
          let (index, bit) = (Int(slot >> 6), UInt64(1) << UInt64(slot & 63))
          guard (words[index] & bit != 0) != present else { continue }
          words[index] ^= bit
          after += present ? 1 : -1
        }
        counts[key.term, default: 0] += after - before
        if after == 0 {
          try connection.run(
            "DELETE FROM search_postings WHERE term = ? AND chunk = ?", [key.term, key.chunk])
        } else {
          try connection.run(
            "INSERT OR REPLACE INTO search_postings (term, chunk, docs) VALUES (?, ?, ?)",
            [key.term, key.chunk, Postings.encode(words, count: after)])
        }
      }
      for (term, change) in counts where change != 0 {
        try connection.run(
          """
          INSERT INTO search_terms (term, docs) VALUES (?, ?)
          ON CONFLICT (term) DO UPDATE SET docs = docs + excluded.docs
          """, [term, change])
      }
      if counts.values.contains(where: { $0 < 0 }) {
        try connection.run("DELETE FROM search_terms WHERE docs <= 0")
      }
      for values in keys.values {
        try connection.run(
          "INSERT OR REPLACE INTO search_keys (rowid, title, title_initials, people, publisher) VALUES (?, ?, ?, ?, ?)",
          values)
      }
      for (chunk, changes) in ranks {
        var popularity = [UInt32](repeating: 0, count: 1 << DocSet.chunkShift)
        var day = popularity
        let version =
          try connection.first("SELECT version, popularity, day FROM search_ranks WHERE chunk = ?", [chunk]) {
            row in
            popularity = RankCache.decode(row, column: 1)
            day = RankCache.decode(row, column: 2)
            return row.int(0)
          } ?? 0
        for change in changes {
          popularity[change.slot] = change.popularity
          day[change.slot] = change.day
        }
        try connection.run(
          "INSERT OR REPLACE INTO search_ranks (chunk, version, popularity, day) VALUES (?, ?, ?, ?)",
          [chunk, version + 1, RankCache.encode(popularity), RankCache.encode(day)])
      }
    }
  }
}
