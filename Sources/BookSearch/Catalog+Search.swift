import BookModel
import Foundation
import Storage

extension Catalog {
  /// How many of the first full-text matches `accuracy` ranks by tier: the first 500 results
  /// (50 pages of 10, where people scroll) come from the same 500 candidates, so those pages stay
  /// consistent; a deeper page ranks every match a client can reach (50 pages of 50).
  static func candidateLimit(for query: SearchQuery) -> Int {
    query.offset + query.size <= 500 ? 500 : SearchQuery.maximumPage * SearchQuery.maximumSize
  }

  /// One page of catalog results for a query, with Kakao's paging semantics.
  ///
  /// - An ISBN (any notation) finds that book whatever the target.
  /// - A query of Hangul initials (ㅊㅅㅈㅇㅈ) matches titles and people by their 초성.
  /// - Otherwise the query's words must all match (Hangul as bigrams, Latin folded), and when
  ///   nothing does, Latin words of five letters or more may be one letter off.
  ///
  /// `accuracy` orders by tier (exact title, title prefix, title phrase, all words in the title,
  /// people, publisher, description), then popularity, then recency, then bm25; `latest` by date.
  static func page(for query: SearchQuery, on connection: Connection) throws -> SearchPage {
    if let isbn = ISBN(query.query) {
      return try isbnPage(isbn, query: query, on: connection)
    }
    guard query.target != .isbn else { return SearchPage(documents: [], totalCount: 0, query: query) }
    if SearchKeys.isInitialsQuery(query.query) {
      guard query.target != .publisher, let expression = SearchText.initialsExpression(query.query) else {
        return SearchPage(documents: [], totalCount: 0, query: query)
      }
      let columns =
        switch query.target {
        case .title: "title_initials"
        case .person: "people_initials"
        default: "title_initials people_initials"
        }
      return try matchPage(
        "{\(columns)} : (\(expression))",
        titleMatch: query.target == nil ? "{title_initials} : (\(expression))" : nil, query: query,
        on: connection)
    }
    guard let expression = SearchText.matchExpression(query.query) else {
      return SearchPage(documents: [], totalCount: 0, query: query)
    }
    let exact = try matchPage(expression, target: query.target, query: query, on: connection)
    let typos = SearchText.typoWords(query.query)
    guard exact.meta.totalCount == 0, !typos.isEmpty else { return exact }
    // Nothing matched: let each long Latin word be any indexed word one edit away from it.
    var alternatives: [String: [String]] = [:]
    for word in typos {
      let known = try indexedTerms(among: SearchKeys.typoVariants(of: word), on: connection)
      guard !known.isEmpty else { return exact }
      alternatives[word] = known
    }
    guard let tolerant = SearchText.matchExpression(query.query, alternatives: alternatives) else {
      return exact
    }
    return try matchPage(tolerant, target: query.target, query: query, on: connection)
  }

  /// The words of `candidates` that occur in the index, looked up in its vocabulary.
  private static func indexedTerms(among candidates: [String], on connection: Connection) throws -> [String] {
    try connection.query(
      "SELECT term FROM books_vocab WHERE term IN (SELECT value FROM json_each(?))",
      [String(decoding: try JSONEncoder().encode(candidates), as: UTF8.self)]
    ) { $0.text(0) }
  }

  private static func matchPage(
    _ expression: String, target: SearchQuery.Target?, query: SearchQuery, on connection: Connection
  ) throws -> SearchPage {
    let title = "{title} : (\(expression))"
    return switch target {
    case .title: try matchPage(title, titleMatch: nil, query: query, on: connection)
    case .person: try matchPage("{people} : (\(expression))", titleMatch: nil, query: query, on: connection)
    case .publisher:
      try matchPage("{publisher} : (\(expression))", titleMatch: nil, query: query, on: connection)
    case .isbn, nil: try matchPage(expression, titleMatch: title, query: query, on: connection)
    }
  }

  // MARK: - Full-text pages

  /// One page of the books matching `match`.
  ///
  /// Full-text rowids are in static-rank order (see ``staticRank(popularity:published:rowid:)``),
  /// so `ORDER BY rowid LIMIT n` reads only the first `n` matches. `accuracy` ranks the first
  /// ``candidateLimit(for:)`` matches — and the first title matches (`titleMatch`), so a title match is
  /// never crowded out — by tier, popularity, recency and bm25; with fewer matches than that the
  /// ranking is exact. `latest` reads `books_by_date`, the same index in date order (see
  /// ``dateRank(published:rowid:)``), and stops after the page.
  private static func matchPage(
    _ match: String, titleMatch: String?, query: SearchQuery, on connection: Connection
  )
    throws -> SearchPage
  {
    let total = try connection.integer("SELECT count(*) FROM books_fts WHERE books_fts MATCH ?", [match])
    guard query.offset < total else { return SearchPage(documents: [], totalCount: total, query: query) }
    let books: [Book]
    switch query.sort {
    case .accuracy:
      let (tierSQL, tierValues) = tier(for: query.query)
      // bm25 breaks the last ties; when only the first matches are ranked, their static rank does.
      let limit = candidateLimit(for: query)
      let score = total <= limit ? "rank" : "rowid"
      let select =
        "SELECT rowid AS fts, \(score) AS score FROM books_fts WHERE books_fts MATCH ? ORDER BY rowid LIMIT ?"
      // With every match among the candidates already, the title matches need no stream of their own.
      let titleStream = total > limit ? titleMatch : nil
      let candidates =
        titleStream == nil
        ? select
        : """
        SELECT fts, min(score) AS score FROM (
          SELECT * FROM (\(select)) UNION ALL SELECT * FROM (\(select))
        ) GROUP BY fts
        """
      let candidateValues: [any SQLValueConvertible] =
        [match, limit] + (titleStream.map { [$0, limit] } ?? [])
      books = try connection.query(
        """
        SELECT b.book FROM (\(candidates)) AS c JOIN books AS b ON b.rowid = (c.fts & \(rowidMask))
        ORDER BY \(tierSQL), b.popularity DESC, b.published DESC, c.score LIMIT ? OFFSET ?
        """, candidateValues + tierValues + [query.size, query.offset]
      ) { try decode($0.text(0)) }
    case .latest:
      // The same index in date order: read the page's matches and stop.
      books = try connection.query(
        """
        SELECT b.book FROM (
          SELECT rowid AS day FROM books_by_date WHERE books_by_date MATCH ? ORDER BY rowid LIMIT ? OFFSET ?
        ) AS d JOIN books AS b ON b.rowid = \(rowidMask) - (d.day & \(rowidMask)) ORDER BY d.day
        """, [match, query.size, query.offset]
      ) { try decode($0.text(0)) }
    }
    return SearchPage(documents: books, totalCount: total, query: query)
  }

  /// The SQL of a match's tier, lower is better, with its parameters.
  private static func tier(for text: String) -> (sql: String, values: [any SQLValueConvertible]) {
    if SearchKeys.isInitialsQuery(text) {
      let key = text.filter { !$0.isWhitespace }
      return (
        """
        CASE WHEN b.title_initials = ? THEN 0 WHEN substr(b.title_initials, 1, length(?)) = ? THEN 1
        WHEN instr(b.title_initials, ?) > 0 THEN 2 ELSE 4 END
        """, [key, key, key, key]
      )
    }
    let key = SearchKeys.key(text)
    let words = text.split(whereSeparator: \.isWhitespace).map { SearchKeys.key(String($0)) }.filter {
      !$0.isEmpty
    }
    func all(in column: String) -> String {
      words.map { _ in "instr(b.\(column), ?) > 0" }.joined(separator: " AND ")
    }
    let sql = """
      CASE WHEN b.title_key = ? OR b.title_base_key = ? THEN 0
      WHEN substr(b.title_key, 1, length(?)) = ? THEN 1
      WHEN instr(b.title_key, ?) > 0 THEN 2
      WHEN \(all(in: "title_key")) THEN 3
      WHEN \(all(in: "people_key")) THEN 4
      WHEN \(all(in: "publisher_key")) THEN 5
      ELSE 6 END
      """
    let values: [any SQLValueConvertible] = [key, key, key, key, key] + words + words + words
    return (sql, values)
  }

  private static func isbnPage(_ isbn: ISBN, query: SearchQuery, on connection: Connection) throws
    -> SearchPage
  {
    let books = try connection.query(
      "SELECT book FROM books WHERE isbn13 = ? ORDER BY published DESC LIMIT ? OFFSET ?",
      [isbn.isbn13, query.size, query.offset]
    ) { try decode($0.text(0)) }
    let total = try connection.integer("SELECT count(*) FROM books WHERE isbn13 = ?", [isbn.isbn13])
    return SearchPage(documents: books, totalCount: total, query: query)
  }
}
