import BookModel
import Foundation
import SearchIndex
import Storage

extension Catalog {
  /// How many of the best title matches `accuracy` reads the titles of, when the index cannot
  /// tell title phrases (see ``AccuracyTiers``): every result a client can reach (50 pages of 50),
  /// so that every page of a query comes from one ranking.
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
  /// - A query typed in the other keyboard mode (`qkfltmxk`, see
  ///   ``SearchIndex/Analyzer/otherKeyboardReading(_:typing:)``) also finds what its reading does,
  ///   after what it finds as typed; a reading that finds something is taken over typos.
  ///
  /// A query without a target that names a series (see ``volumes(ofSeries:searcher:on:)``) lists
  /// its books first, in volume order, for `accuracy`.
  ///
  /// `accuracy` orders by tier (exact title, title prefix, title phrase, all words in the title,
  /// people, publisher, description), then popularity, then recency; `latest` by date.
  static func page(
    for query: SearchQuery, ranks: RankCache, decoded: DecodedBooks, on connection: Connection
  ) throws -> SearchPage {
    if let isbn = ISBN(query.query) {
      return try isbnPage(isbn, query: query, on: connection)
    }
    let none = SearchPage(documents: [], totalCount: 0, query: query)
    guard query.target != .isbn else { return none }
    var searcher = searchIndex.searcher(on: connection, ranks: ranks, texts: BookDescriptions())
    let reading = try Analyzer.otherKeyboardReading(query.query).flatMap {
      try plan($0, target: query.target, typos: false, searcher: &searcher)
    }
    let readingFinds = try reading.map { try searcher.hasMatch($0.matching) } ?? false
    let typed = try plan(query.query, target: query.target, typos: !readingFinds, searcher: &searcher)
    let plans = [typed, readingFinds ? reading : nil].compactMap { $0 }
    guard !plans.isEmpty else { return none }
    let key = seriesKey(ofQuery: query.query)
    let series =
      query.sort == .accuracy && query.target == nil ? try seriesMembers(key, searcher: &searcher) : nil
    guard let series else {
      let found = try searcher.search(plans, series: nil, for: query)
      return SearchPage(
        documents: try books(found.ids, decoded: decoded, on: connection), totalCount: found.total,
        query: query)
    }
    // The series' books come first (their tier), in series order, then the rest as ranked: a page
    // past them is the engine's as it is.
    let found = try searcher.search(plans, series: seriesQuery(key), for: query)
    guard query.offset < series.count else {
      return SearchPage(
        documents: try books(found.ids, decoded: decoded, on: connection), totalCount: found.total,
        query: query)
    }
    let rest = try books(
      Array(found.ids.dropFirst(series.count - query.offset)), decoded: decoded, on: connection)
    let volumes = try ordered(series, of: key, on: connection).dropFirst(query.offset).prefix(query.size)
    return SearchPage(documents: volumes.map(\.book) + rest, totalCount: found.total, query: query)
  }

  /// What a query's text matches in its target's fields, and the tiers of its accuracy order.
  struct Plan {
    let matching: Query
    let tiers: [Tier]
  }

  /// The plan of a query's text; `nil` when it has nothing to search for. With `typos`, a text
  /// whose words match nothing as written is spelt as the indexed words one letter off them.
  private static func plan(
    _ text: String, target: SearchQuery.Target?, typos: Bool, searcher: inout Searcher
  ) throws -> Plan? {
    if Analyzer.isInitialsQuery(text) {
      let groups = Analyzer.initialsTerms(text)
      guard target != .publisher, !groups.isEmpty else { return nil }
      let fields: [Field] =
        switch target {
        case .title: [.titleInitials]
        case .person: [.peopleInitials]
        default: [.titleInitials, .peopleInitials]
        }
      let words = WordQuery(groups.map(WordQuery.Word.phrase))
      return Plan(matching: words.query(in: fields), tiers: AccuracyTiers.initials(text, words))
    }
    let terms = Analyzer.queryTerms(text)
    guard !terms.isEmpty else { return nil }
    let field: Field =
      switch target {
      case .title: .title
      case .person: .people
      case .publisher: .publisher
      case .isbn, nil: .any
      }
    let words = try WordQuery(terms, completingIn: field, with: searcher)
    let exact = Plan(
      matching: words.query(in: [field]), tiers: AccuracyTiers.words(text, words, pairs: words.pairs))
    let typoWords = Analyzer.typoWords(text)
    guard typos, !typoWords.isEmpty, typoWords.count <= maximumTypoWords,
      try !searcher.hasMatch(exact.matching)
    else { return exact }
    var alternatives: [String: [String]] = [:]
    for word in typoWords {
      let variants = Analyzer.typoVariants(of: word).map { Term($0, in: field) }
      let known = try searcher.vocabulary(among: variants).map(\.token)
      guard !known.isEmpty else { return exact }
      alternatives[word] = known
    }
    let spelled = try WordQuery(terms, alternatives: alternatives, with: searcher)
    return Plan(
      matching: spelled.query(in: [field]), tiers: AccuracyTiers.words(text, spelled, pairs: nil))
  }

  private static func isbnPage(_ isbn: ISBN, query: SearchQuery, on connection: Connection) throws
    -> SearchPage
  {
    // The books stored under the ISBN come first, then those it is another ISBN of.
    let matching = "isbn13 = ?1 OR rowid IN (SELECT book FROM book_isbns WHERE isbn13 = ?1)"
    let books = try connection.query(
      """
      SELECT book FROM books WHERE \(matching)
      ORDER BY isbn13 IS ?1 DESC, day DESC, rowid LIMIT ?2 OFFSET ?3
      """, [isbn.isbn13, query.size, query.offset]
    ) { try decode($0.data(0)) }
    let total = try connection.integer("SELECT count(*) FROM books WHERE \(matching)", [isbn.isbn13])
    return SearchPage(documents: books, totalCount: total, query: query)
  }

  /// The stored books of `rowids`, in that order.
  private static func books(_ rowids: [Int], decoded: DecodedBooks, on connection: Connection) throws
    -> [Book]
  {
    guard !rowids.isEmpty else { return [] }
    let rows = try connection.query(
      "SELECT rowid, book FROM books WHERE rowid IN (SELECT value FROM json_each(?))", [IntegerList(rowids)]
    ) { (rowid: $0.int(0), stored: $0.data(1)) }
    let byRowid = try decoded.books(rows)
    return rowids.compactMap { byRowid[$0] }
  }
}

extension Searcher {
  /// The page of the matches of `plans`: each plan's after those of the plans before it, in its
  /// tiers for `accuracy`, by date for `latest`; with a `series`, its books too, before all.
  fileprivate mutating func search(_ plans: [Catalog.Plan], series: Query?, for query: SearchQuery) throws
    -> TopDocs
  {
    var tiers: [Tier] = series.map { [Tier($0)] } ?? []
    for (position, plan) in plans.enumerated() {
      if query.sort == .accuracy { tiers += plan.tiers }
      if position < plans.count - 1 { tiers.append(Tier(plan.matching)) }
    }
    let matching = plans.map(\.matching) + (series.map { [$0] } ?? [])
    return try search(
      matching.count == 1 ? matching[0] : .any(matching), tiers: tiers,
      order: query.sort == .accuracy ? .rank : .day, offset: query.offset, limit: query.size)
  }
}
