import BookModel
import Foundation
import KoreanText
import SearchIndex
import Storage

/// Series: the books of a series found by its name (``BookModel/Book/seriesVolume``, indexed in
/// ``SearchIndex/Field/series``), in volume order.
extension Catalog {
  /// The most books a series may have for a search that names it to list them in volume order:
  /// past it, the name is taken for a collection (Open Library's `Penguin classics`), not a
  /// series, and ranked as any words are.
  static let maximumSeriesVolumes = 500

  /// The books of the series `name`, in series order (see ``volumes(ofSeries:searcher:on:)``);
  /// empty when no series of at most ``maximumSeriesVolumes`` books has that name.
  public func series(named name: String) async throws -> [Book] {
    try await database.read { [ranks] connection in
      var searcher = Catalog.searchIndex.searcher(on: connection, ranks: ranks)
      return try Catalog.volumes(ofSeries: name, searcher: &searcher, on: connection)?.map(\.book) ?? []
    }
  }

  /// `name` without a leading `The`, `A` or `An` (in any case) and the spaces after it. Read by
  /// hand: every book of a series is indexed with its keys.
  private static func withoutLeadingArticle(_ name: String) -> String {
    for article in ["the", "an", "a"] {
      let rest = name.dropFirst(article.count)
      if name.prefix(article.count).lowercased() == article, rest.first?.isWhitespace == true {
        return String(rest.drop(while: \.isWhitespace))
      }
    }
    return name
  }

  /// The keys a series is found by: its name's, without a leading article (`hunger games` names
  /// *The Hunger Games*), and its 초성 (`ㅎㄹㅍㅌ` names *해리 포터*).
  static func seriesKeys(_ name: String) -> [String] {
    let bare = withoutLeadingArticle(name)
    let initials = name.unicodeScalars.contains(where: Hangul.isSyllable) ? [Analyzer.initialsKey(name)] : []
    return Array(Set([Analyzer.key(name), Analyzer.key(bare)] + initials)).sorted()
  }

  /// The key a query names a series by (see ``seriesKeys(_:)``).
  static func seriesKey(ofQuery text: String) -> String {
    Analyzer.isInitialsQuery(text) ? text.nfc.filter { !$0.isWhitespace } : Analyzer.key(text)
  }

  /// The books of the series `key` names, and the books titled by that name alone (`불편한
  /// 편의점` beside `불편한 편의점 2`).
  static func seriesQuery(_ key: String) -> Query {
    .any([.term(Term(key, in: .series)), .term(Term(key, in: .titleKey))])
  }

  /// The books of the series `key` names (see ``seriesKey(ofQuery:)``) and of the titles it is
  /// alone (see ``seriesQuery(_:)``); `nil` when no series has that name or it has more than
  /// ``maximumSeriesVolumes`` books (a collection, not a series).
  static func seriesMembers(_ key: String, searcher: inout Searcher) throws -> DocIDSet? {
    guard !key.isEmpty, try !searcher.matches(.term(Term(key, in: .series))).isEmpty else { return nil }
    let ids = try searcher.matches(seriesQuery(key))
    return ids.count <= maximumSeriesVolumes ? ids : nil
  }

  /// The books of the series `name` names (exactly, whatever its spacing, case and leading
  /// article), in series order: first the books titled by the name alone (the unnumbered first
  /// volume, the omnibus), then the most popular book of each volume in volume order, then the
  /// other books (other editions, collections); `nil` as for ``seriesMembers(_:searcher:)``.
  static func volumes(ofSeries name: String, searcher: inout Searcher, on connection: Connection) throws
    -> [(rowid: Int, book: Book)]?
  {
    let key = seriesKey(ofQuery: name)
    guard let ids = try seriesMembers(key, searcher: &searcher) else { return nil }
    return try ordered(ids, of: key, on: connection)
  }

  /// The books `ids` of the series `key` names, in series order (see ``volumes(ofSeries:searcher:on:)``).
  static func ordered(_ ids: DocIDSet, of key: String, on connection: Connection) throws -> [(
    rowid: Int, book: Book
  )] {
    let rows = try connection.query(
      "SELECT rowid, book, popularity FROM books WHERE rowid IN (SELECT value FROM json_each(?))",
      [IntegerList(ids.sorted)]
    ) { row in
      let book = try decode(row.data(1))
      return (rowid: row.int(0), book: book, order: book.seriesOrder, popularity: row.int(2))
    }
    var named: [(rowid: Int, book: Book)] = []
    var firsts: [(rowid: Int, book: Book)] = []
    var others: [(rowid: Int, book: Book)] = []
    var volumesSeen = Set<SeriesOrder>()
    for row in rows.sorted(by: { ($0.order, -$0.popularity, $0.rowid) < ($1.order, -$1.popularity, $1.rowid) }
    ) {
      let place = row.book.seriesVolume
      if seriesKeys(Analyzer.withoutNote(row.book.title)).contains(key)
        || place.map({ !seriesKeys($0.series).contains(key) }) ?? true
      {
        named.append((row.rowid, row.book))
      } else if row.book.isVolume, volumesSeen.insert(row.order).inserted {
        firsts.append((row.rowid, row.book))
      } else {
        others.append((row.rowid, row.book))
      }
    }
    return named + firsts + others
  }
}
