import BookModel
import Foundation
import Storage

extension Catalog {
  /// How many of the best title matches `accuracy` reads the titles of, to rank exact titles,
  /// title prefixes and title phrases above other title matches: the first 500 results (50 pages
  /// of 10, where people scroll) come from the same 500, so those pages stay consistent; a deeper
  /// page checks every match a client can reach (50 pages of 50). Exact titles and title prefixes
  /// are also found through their indexes, whatever their rank.
  static func candidateLimit(for query: SearchQuery) -> Int {
    query.offset + query.size <= 500 ? 500 : SearchQuery.maximumPage * SearchQuery.maximumSize
  }

  /// The most words a prefix (the query's last Latin word) expands into: the most frequent ones.
  static let prefixExpansions = 50

  /// One page of catalog results for a query, with Kakao's paging semantics.
  ///
  /// - An ISBN (any notation) finds that book whatever the target.
  /// - A query of Hangul initials (ㅊㅅㅈㅇㅈ) matches titles and people by their 초성.
  /// - Otherwise the query's words must all match (Hangul as bigrams, Latin folded, the last Latin
  ///   word as a prefix), and when nothing does, Latin words of five letters or more may be one
  ///   letter off.
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
      let expression = groups.map { [$0] }
      let titles = TitleTiers(column: "title_initials", key: SearchKeys.initialsKey(query.query))
      return try index.page(
        expression, in: fields, tiers: [[.titleInitials]], titles: titles, query: query)
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
    let titles = TitleTiers(column: "title_key", key: SearchKeys.key(query.query))
    let tiers: [[SearchIndex.Field]] = [[.title], [.people], [.publisher]]
    let exact = try index.page(
      try index.expression(terms, prefixIn: field), in: [field], tiers: tiers, titles: titles, query: query)
    let typos = SearchText.typoWords(query.query)
    guard exact.meta.totalCount == 0, !typos.isEmpty else { return exact }
    // Nothing matched: let each long Latin word be any indexed word one edit away from it.
    var alternatives: [String: [String]] = [:]
    for word in typos {
      let known = try index.vocabulary(among: SearchKeys.typoVariants(of: word), in: field)
      guard !known.isEmpty else { return exact }
      alternatives[word] = known
    }
    return try index.page(
      index.expression(terms, alternatives: alternatives), in: [field], tiers: tiers, titles: titles,
      query: query)
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

/// How `accuracy` tells the best title matches apart: by a key column of `books` (`title_key`,
/// or `title_initials` for a 초성 query) compared with the query's key.
private struct TitleTiers {
  let column: String
  let key: String

  /// 0 for the exact title (or the title without its series note), 1 for a title that starts
  /// with the query, 2 for one that contains it, 3 for the rest.
  func tier(_ title: String, base: String) -> Int {
    if title == key || base == key { return 0 }
    if title.hasPrefix(key) { return 1 }
    return title.contains(key) ? 2 : 3
  }
}

/// Reads the search index for one query: postings, vocabulary and ranks.
private struct IndexReader {
  /// A query as the index evaluates it: every term must match; a term matches when any of its
  /// alternatives does; an alternative matches when all of its tokens do (a Hangul word's bigrams).
  typealias Expression = [[[String]]]

  let connection: Connection
  let ranks: [Int: RankCache.Chunk]
  /// Postings read so far, by term.
  private var postings: [String: DocSet] = [:]
  /// The key texts of books read so far, by rowid and field, to check phrases.
  private var texts: [Int: [SearchIndex.Field: String]] = [:]

  init(connection: Connection, ranks: [Int: RankCache.Chunk]) {
    self.connection = connection
    self.ranks = ranks
  }

  // MARK: - Expressions

  /// The expression of a query's terms. The last Latin word, unless `alternatives` replaces
  /// words, expands to the most frequent indexed words it begins (in `prefixIn`'s vocabulary).
  func expression(
    _ terms: [SearchText.QueryTerm], alternatives: [String: [String]] = [:], prefixIn field: SearchIndex.Field? = nil
  ) throws -> Expression {
    try terms.enumerated().map { position, term in
      switch term {
      case .phrase(let tokens):
        return [tokens]
      case .word(let word):
        if let options = alternatives[word] { return options.map { [$0] } }
        guard let field, alternatives.isEmpty, position == terms.count - 1 else { return [[word]] }
        let words = try completions(of: word, in: field)
        return words.isEmpty ? [[word]] : words.map { [$0] }
      }
    }
  }

  /// The most frequent indexed words that begin with `prefix`.
  private func completions(of prefix: String, in field: SearchIndex.Field) throws -> [String] {
    let start = SearchIndex.term(prefix, in: field)
    return try connection.query(
      """
      SELECT term FROM (SELECT term, docs FROM search_terms WHERE term >= ? AND term < ? LIMIT 5000)
      ORDER BY docs DESC, term LIMIT ?
      """, [start, start + "\u{10FFFF}", Catalog.prefixExpansions]
    ) { String($0.text(0).dropFirst(2)) }
  }

  /// The words of `candidates` that occur in a field.
  func vocabulary(among candidates: [String], in field: SearchIndex.Field) throws -> [String] {
    let terms = candidates.map { SearchIndex.term($0, in: field) }
    return try connection.query(
      "SELECT term FROM search_terms WHERE term IN (SELECT value FROM json_each(?))",
      [String(decoding: try JSONEncoder().encode(terms), as: UTF8.self)]
    ) { String($0.text(0).dropFirst(2)) }
  }

  // MARK: - Matching

  /// The books matching an expression in any of `fields`.
  mutating func matches(_ expression: Expression, in fields: [SearchIndex.Field]) throws -> DocSet {
    let found = try tokenMatches(expression, in: fields)
    let phrases = expression.compactMap { term in term.count == 1 && term[0].count > 1 ? term[0] : nil }
    return phrases.isEmpty ? found : try adjacent(found, phrases: phrases.map(Self.joined), in: fields)
  }

  /// The books holding every token an expression needs, adjacent or not.
  private mutating func tokenMatches(_ expression: Expression, in fields: [SearchIndex.Field]) throws -> DocSet {
    var result: DocSet?
    for term in expression {
      var any = DocSet()
      for alternative in term {
        var all: DocSet?
        for token in alternative {
          var found = DocSet()
          for field in fields { found.formUnion(try docs(SearchIndex.term(token, in: field))) }
          if all == nil { all = found } else { all!.formIntersection(found) }
          if all!.isEmpty { break }
        }
        any.formUnion(all ?? DocSet())
      }
      if result == nil { result = any } else { result!.formIntersection(any) }
      if result!.isEmpty { break }
    }
    return result ?? DocSet()
  }

  /// A chain of bigrams as the text it came from: `해리 리포 포터` → `해리포터`.
  private static func joined(_ bigrams: [String]) -> String {
    bigrams.dropFirst().reduce(bigrams[0]) { $0 + $1.suffix(1) }
  }

  /// The books of `set` in which every phrase occurs as written in one of `fields`: the index
  /// holds no positions, so a phrase's bigrams can match apart (리포터의 하루 holds ㅎㄹ, ㄹㅍ and
  /// ㅍㅌ, not ㅎㄹㅍㅌ); the books' stored keys decide.
  private mutating func adjacent(_ set: DocSet, phrases: [String], in fields: [SearchIndex.Field]) throws
    -> DocSet
  {
    let unknown = set.sorted.filter { texts[$0] == nil }
    if !unknown.isEmpty {
      try connection.forEachRow(
        """
        SELECT rowid, title_key, people_key, publisher_key, title_initials, json_extract(book, '$.contents')
        FROM books WHERE rowid IN (SELECT value FROM json_each(?))
        """, [json(unknown)]
      ) { row in
        texts[row.int(0)] = [
          .title: row.text(1), .people: row.text(2), .publisher: row.text(3), .titleInitials: row.text(4),
          .peopleInitials: SearchKeys.initialsKey(row.text(2)),
          .any: [row.text(1), row.text(2), row.text(3), SearchKeys.key(row.text(5))].joined(separator: " "),
        ]
      }
    }
    return DocSet(
      set.sorted.filter { rowid in
        let known = texts[rowid] ?? [:]
        return phrases.allSatisfy { phrase in fields.contains { known[$0]?.contains(phrase) ?? false } }
      })
  }

  private mutating func docs(_ term: String) throws -> DocSet {
    if let known = postings[term] { return known }
    var set = DocSet()
    try connection.forEachRow("SELECT chunk, docs FROM search_postings WHERE term = ?", [term]) { row in
      row.withBytes(1) { set.formUnion(chunk: row.int(0), postings: $0) }
    }
    postings[term] = set
    return set
  }

  // MARK: - Pages

  /// One page of the books matching `expression` in `fields`.
  ///
  /// `latest` takes the newest matches. `accuracy` takes matches in groups: the books matching
  /// in the first of `tiers` (the title), then the second not already taken (people), and so
  /// on, then the rest; each group by popularity, then date. Within the first group, the best
  /// ``Catalog/candidateLimit(for:)`` books — and every exact title or title prefix — come first,
  /// ranked by ``TitleTiers``.
  mutating func page(
    _ expression: Expression, in fields: [SearchIndex.Field], tiers: [[SearchIndex.Field]], titles: TitleTiers,
    query: SearchQuery
  ) throws -> SearchPage {
    let matching = try matches(expression, in: fields)
    let total = matching.count
    guard query.offset < total else { return SearchPage(documents: [], totalCount: total, query: query) }
    var page = PageBuilder(offset: query.offset, size: query.size)
    switch query.sort {
    case .latest:
      page.take(count: total) { top(matching, $0, latest: true) }
    case .accuracy:
      var taken = DocSet()
      for (position, tierFields) in tiers.enumerated() where !page.isFull {
        var group = try matches(expression, in: tierFields)
        group.formIntersection(matching)
        group.subtract(taken)
        taken.formUnion(group)
        if position == 0 {
          let best = try bestTitles(group, titles: titles, limit: Catalog.candidateLimit(for: query))
          page.take(count: best.count) { Array(best.prefix($0)) }
          group.subtract(DocSet(best))
        }
        page.take(count: group.count) { top(group, $0, latest: false) }
      }
      if !page.isFull {
        var rest = matching
        rest.subtract(taken)
        page.take(count: rest.count) { top(rest, $0, latest: false) }
      }
    }
    return SearchPage(documents: try books(page.rowids), totalCount: total, query: query)
  }

  /// The best `limit` of `group` by rank, with its exact titles and title prefixes, ordered by
  /// title tier, then rank.
  private func bestTitles(_ group: DocSet, titles: TitleTiers, limit: Int) throws -> [Int] {
    guard !group.isEmpty, !titles.key.isEmpty else { return [] }
    var candidates = Set(top(group, limit, latest: false))
    let column = titles.column
    let base = column == "title_key" ? "title_base_key" : column
    let indexed = try connection.query(
      """
      SELECT rowid FROM books WHERE \(column) = ? OR \(base) = ?
      UNION SELECT rowid FROM (SELECT rowid FROM books WHERE \(column) > ? AND \(column) < ? LIMIT ?)
      """, [titles.key, titles.key, titles.key, titles.key + "\u{10FFFF}", limit]
    ) { $0.int(0) }
    candidates.formUnion(indexed.filter(group.contains))
    var tier: [Int: Int] = [:]
    try connection.forEachRow(
      "SELECT rowid, \(column), \(base) FROM books WHERE rowid IN (SELECT value FROM json_each(?))",
      [json(Array(candidates))]
    ) { tier[$0.int(0)] = titles.tier($0.text(1), base: $0.text(2)) }
    let ranked = candidates.map { entry($0, latest: false) }
    return ranked.sorted {
      let (left, right) = (tier[$0.rowid] ?? 3, tier[$1.rowid] ?? 3)
      return left != right ? left < right : $0.isBetter(than: $1)
    }.map(\.rowid)
  }

  /// The best `limit` rowids of `set`: by popularity, then date, then the earlier-added book
  /// (`accuracy`), or by date, then the later-added book (`latest`).
  private func top(_ set: DocSet, _ limit: Int, latest: Bool) -> [Int] {
    var best = TopRanked(limit: limit)
    for (chunk, words) in set.chunks {
      let rank = ranks[chunk]
      DocSet.forEach(in: words, chunk: chunk) { rowid in
        best.offer(Self.entry(rowid, rank: rank, latest: latest))
      }
    }
    return best.rowids
  }

  private func entry(_ rowid: Int, latest: Bool) -> TopRanked.Entry {
    Self.entry(rowid, rank: ranks[rowid >> DocSet.chunkShift], latest: latest)
  }

  private static func entry(_ rowid: Int, rank: RankCache.Chunk?, latest: Bool) -> TopRanked.Entry {
    let slot = rowid & ((1 << DocSet.chunkShift) - 1)
    let day = UInt64(rank?.day[slot] ?? 0)
    return latest
      ? TopRanked.Entry(key: day, tie: rowid, rowid: rowid)
      : TopRanked.Entry(key: UInt64(rank?.popularity[slot] ?? 0) << 32 | day, tie: -rowid, rowid: rowid)
  }

  /// The stored books of `rowids`, in that order.
  private func books(_ rowids: [Int]) throws -> [Book] {
    var byRowid: [Int: Book] = [:]
    try connection.forEachRow(
      "SELECT rowid, book FROM books WHERE rowid IN (SELECT value FROM json_each(?))", [json(rowids)]
    ) { byRowid[$0.int(0)] = try Catalog.decode($0.text(1)) }
    return rowids.compactMap { byRowid[$0] }
  }

  private func json(_ rowids: [Int]) -> String {
    "[" + rowids.map(String.init).joined(separator: ",") + "]"
  }
}

/// Collects one page from groups of results taken in order, skipping the page's offset.
private struct PageBuilder {
  private var skip: Int
  private let size: Int
  private(set) var rowids: [Int] = []

  init(offset: Int, size: Int) {
    skip = offset
    self.size = size
  }

  var isFull: Bool { rowids.count == size }

  /// Takes from a group of `count` results; `first(n)` gives its best `n`, in order.
  mutating func take(count: Int, _ first: (Int) -> [Int]) {
    guard !isFull, count > 0 else { return }
    guard skip < count else {
      skip -= count
      return
    }
    let wanted = min(count, skip + size - rowids.count)
    rowids += first(wanted).dropFirst(skip)
    skip = 0
  }
}
