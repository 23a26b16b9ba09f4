import BookModel
import Foundation
import Storage

extension Catalog {
  /// How many of the best title matches `accuracy` reads the titles of, when the index cannot
  /// tell title phrases (see ``TitleTiers/Phrase/checked``): every result a client can reach
  /// (50 pages of 50), so that every page of a query comes from one ranking.
  static let candidateLimit = SearchQuery.maximumPage * SearchQuery.maximumSize

  /// The most words a prefix (the query's last Latin word) expands into: the most frequent ones.
  static let prefixExpansions = 50

  /// The most words of a query that may be typos: a query with more long words that match nothing
  /// as written matches nothing (each typo word looks up a few hundred variants).
  static let maximumTypoWords = 3

  /// One page of catalog results for a query, with Kakao's paging semantics.
  ///
  /// - An ISBN (any notation) finds that book whatever the target: the book stored under it, or one
  ///   it is another ISBN of (see ``upsert(_:source:popularity:otherISBNs:)``).
  /// - A query of Hangul initials (ㅊㅅㅈㅇㅈ) matches titles and people by their 초성.
  /// - Otherwise the query's words must all match (Hangul as bigrams, Latin folded, the last Latin
  ///   word as a prefix), and when nothing does, Latin words of five to twenty letters may be one
  ///   letter off (in a query of at most three such words).
  ///
  /// `accuracy` orders by tier (exact title, title prefix, title phrase, all words in the title,
  /// people, publisher, description), then popularity, then recency; `latest` by date.
  static func page(for query: SearchQuery, ranks: RankCache, on connection: Connection) throws -> SearchPage {
    if let isbn = ISBN(query.query) {
      return try isbnPage(isbn, query: query, on: connection)
    }
    let none = SearchPage(documents: [], totalCount: 0, query: query)
    guard query.target != .isbn else { return none }
    var index = IndexReader(connection: connection, ranks: try ranks.current(on: connection))
    if SearchKeys.isInitialsQuery(query.query) {
      let groups = SearchText.initialsTerms(query.query)
      guard query.target != .publisher, !groups.isEmpty else { return none }
      let fields: [SearchIndex.Field] =
        switch query.target {
        case .title: [.titleInitials]
        case .person: [.peopleInitials]
        default: [.titleInitials, .peopleInitials]
        }
      let titles = TitleTiers.initials(query.query, groups: groups)
      return try index.page(
        groups.map { [$0] }, in: fields, tiers: [[.titleInitials]], titles: titles, query: query)
    }
    let field: SearchIndex.Field =
      switch query.target {
      case .title: .title
      case .person: .people
      case .publisher: .publisher
      case .isbn, nil: .any
      }
    let terms = SearchText.queryTerms(query.query)
    guard !terms.isEmpty else { return none }
    let tiers: [[SearchIndex.Field]] = [[.title], [.people], [.publisher]]
    let expression = try index.expression(terms, prefixIn: field)
    let exact = try index.page(
      expression, in: [field], tiers: tiers,
      titles: .words(query.query, terms: terms, expression: expression), query: query)
    let typos = SearchText.typoWords(query.query)
    guard exact.meta.totalCount == 0, !typos.isEmpty, typos.count <= maximumTypoWords else { return exact }
    // Nothing matched: let each long Latin word be any indexed word one edit away from it.
    var alternatives: [String: [String]] = [:]
    for word in typos {
      let known = try index.vocabulary(among: SearchKeys.typoVariants(of: word), in: field)
      guard !known.isEmpty else { return exact }
      alternatives[word] = known
    }
    return try index.page(
      index.expression(terms, alternatives: alternatives), in: [field], tiers: tiers,
      titles: .words(query.query, terms: terms, expression: nil), query: query)
  }

  private static func isbnPage(_ isbn: ISBN, query: SearchQuery, on connection: Connection) throws
    -> SearchPage
  {
    // The books stored under the ISBN come first, then those it is another ISBN of.
    let matching = "isbn13 = ?1 OR rowid IN (SELECT book FROM book_isbns WHERE isbn13 = ?1)"
    let books = try connection.query(
      """
      SELECT book FROM books WHERE \(matching)
      ORDER BY isbn13 IS ?1 DESC, published DESC, rowid LIMIT ?2 OFFSET ?3
      """, [isbn.isbn13, query.size, query.offset]
    ) { try decode($0.text(0)) }
    let total = try connection.integer("SELECT count(*) FROM books WHERE \(matching)", [isbn.isbn13])
    return SearchPage(documents: books, totalCount: total, query: query)
  }
}
