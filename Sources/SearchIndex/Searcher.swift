import BookModel
import Foundation
import Storage

/// Reads the search index for one query: postings, vocabulary and ranks.
struct IndexReader {
  /// A query as the index evaluates it: every term must match; a term matches when any of its
  /// alternatives does; an alternative matches when all of its tokens do (a Hangul word's bigrams).
  typealias Expression = [[[String]]]

  let connection: Connection
  let ranks: [Int: RankCache.Chunk]
  /// Postings read so far, by term.
  private var postings: [String: DocSet] = [:]
  /// The keys of books read so far, by rowid and field, to check phrases.
  private var keys: [Int: [SearchIndex.Field: String]] = [:]
  /// The descriptions (as keys) of books read so far, by rowid.
  private var contents: [Int: String] = [:]

  init(connection: Connection, ranks: [Int: RankCache.Chunk]) {
    self.connection = connection
    self.ranks = ranks
  }

  // MARK: - Expressions

  /// The expression of a query's terms. The last Latin word, unless `alternatives` replaces
  /// words, expands to the most frequent indexed words it begins (in `prefixIn`'s vocabulary).
  func expression(
    _ terms: [SearchText.QueryTerm], alternatives: [String: [String]] = [:],
    prefixIn field: SearchIndex.Field? = nil
  ) throws -> Expression {
    try terms.enumerated().map { position, term in
      switch term {
      case .phrase(let tokens):
        return [tokens]
      case .word(let word):
        if let options = alternatives[word] { return options.map { [$0] } }
        guard let field, alternatives.isEmpty, position == terms.count - 1 else { return [[word]] }
        let words = try completions(of: word, in: field, limit: Catalog.prefixExpansions)
        return words.isEmpty ? [[word]] : words.map { [$0] }
      }
    }
  }

  /// The indexed tokens of a field that begin with `prefix`: `prefix` itself if indexed, then the
  /// most frequent others (among the first 5,000 in order), `limit` in all.
  private func completions(of prefix: String, in field: SearchIndex.Field, limit: Int) throws -> [String] {
    let start = SearchIndex.term(prefix, in: field)
    return try connection.query(
      """
      SELECT term FROM (SELECT term, docs FROM search_terms WHERE term >= ? AND term < ? LIMIT 5000)
      ORDER BY term = ? DESC, docs DESC, term LIMIT ?
      """, [start, start + "\u{10FFFF}", start, limit]
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
  private mutating func tokenMatches(_ expression: Expression, in fields: [SearchIndex.Field]) throws
    -> DocSet
  {
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

  /// The pairs of consecutive terms of an expression of words, as ``SearchIndex/Field/titlePairs``
  /// holds them: `harry pot*` → `harry pot`, `harry potter`, … (every alternative of a term
  /// with every alternative of the next).
  static func pairs(_ expression: Expression) -> Expression {
    zip(expression, expression.dropFirst()).map { first, second in
      first.flatMap { left in second.map { right in [left[0] + " " + right[0]] } }
    }
  }

  /// A chain of bigrams as the text it came from: `해리 리포 포터` → `해리포터`.
  private static func joined(_ bigrams: [String]) -> String {
    bigrams.dropFirst().reduce(bigrams[0]) { $0 + $1.suffix(1) }
  }

  /// The books of `set` in which every phrase occurs as written in one of `fields`: the index
  /// holds no positions, so a phrase's bigrams can match apart (리포터의 하루 holds ㅎㄹ, ㄹㅍ and
  /// ㅍㅌ, not ㅎㄹㅍㅌ); the books' stored keys decide, and their descriptions when the
  /// keys do not.
  private mutating func adjacent(_ set: DocSet, phrases: [String], in fields: [SearchIndex.Field]) throws
    -> DocSet
  {
    let rowids = set.sorted
    try read(
      "title, people, publisher, title_initials", from: "search_keys", of: rowids.filter { keys[$0] == nil }
    ) {
      row in
      keys[row.int(0)] = [
        .title: row.text(1), .people: row.text(2), .publisher: row.text(3), .titleInitials: row.text(4),
        .peopleInitials: SearchKeys.initialsKey(row.text(2)),
        .any: [row.text(1), row.text(2), row.text(3)].joined(separator: " "),
      ]
    }
    func holds(_ rowid: Int, _ phrase: String) -> Bool {
      fields.contains { keys[rowid]?[$0]?.contains(phrase) ?? false }
    }
    var (found, undecided) = ([Int](), [Int]())
    for rowid in rowids {
      if phrases.allSatisfy({ holds(rowid, $0) }) { found.append(rowid) } else { undecided.append(rowid) }
    }
    if fields.contains(.any) {
      try read(
        "json_extract(book, '$.contents')", from: "books", of: undecided.filter { contents[$0] == nil }
      ) {
        contents[$0.int(0)] = SearchKeys.key($0.text(1))
      }
      found += undecided.filter { rowid in
        phrases.allSatisfy { holds(rowid, $0) || (contents[rowid]?.contains($0) ?? false) }
      }
    }
    return DocSet(found)
  }

  /// Reads `columns` of `table` for `rowids`, each row's rowid first.
  private func read(_ columns: String, from table: String, of rowids: [Int], _ body: (Row) throws -> Void)
    throws
  {
    guard !rowids.isEmpty else { return }
    let list = "[" + rowids.map(String.init).joined(separator: ",") + "]"
    try connection.forEachRow(
      "SELECT rowid, \(columns) FROM \(table) WHERE rowid IN (SELECT value FROM json_each(?))", [list], body)
  }

  /// The books of every token of a field that begins with `prefix`, read in one pass over at
  /// most `limit` stored chunks, in token order.
  private func docs(startingWith prefix: String, in field: SearchIndex.Field, limit: Int) throws -> DocSet {
    let start = SearchIndex.term(prefix, in: field)
    var set = DocSet()
    try connection.forEachRow(
      "SELECT chunk, docs FROM search_postings WHERE term >= ? AND term < ? LIMIT ?",
      [start, start + "\u{10FFFF}", limit]
    ) { row in
      row.withBytes(1) { set.formUnion(chunk: row.int(0), postings: $0) }
    }
    return set
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
  /// on, then the rest; each group by popularity, then date. The title matches come as
  /// ``titleGroups(_:titles:)`` orders them.
  mutating func page(
    _ expression: Expression, in fields: [SearchIndex.Field], tiers: [[SearchIndex.Field]],
    titles: TitleTiers,
    query: SearchQuery
  ) throws -> SearchPage {
    let matching = try matches(expression, in: fields)
    let total = matching.count
    guard query.offset < total else { return SearchPage(documents: [], totalCount: total, query: query) }
    var page = PageBuilder(offset: query.offset, size: query.size)
    switch query.sort {
    case .latest:
      take(.ranked(matching, latest: true), into: &page)
    case .accuracy:
      var taken = DocSet()
      for (position, tierFields) in tiers.enumerated() where !page.isFull {
        var group = try matches(expression, in: tierFields)
        group.formIntersection(matching)
        group.subtract(taken)
        taken.formUnion(group)
        if position == 0 {
          for titled in try titleGroups(&group, titles: titles) { take(titled, into: &page) }
        }
        take(.ranked(group), into: &page)
      }
      var rest = matching
      rest.subtract(taken)
      take(.ranked(rest), into: &page)
    }
    return SearchPage(documents: try books(page.rowids), totalCount: total, query: query)
  }

  /// Takes the best title matches out of `group`, in order: the exact titles, then the titles
  /// that start with the query (the first 20,000 in key order, where there are more), then those
  /// that hold it as written, each by rank. When that takes reading titles (``TitleTiers/Phrase/checked``),
  /// the phrases come from the best ``Catalog/candidateLimit`` left, followed by the others
  /// among them, and a phrase ranked lower stays in `group`.
  private mutating func titleGroups(_ group: inout DocSet, titles: TitleTiers) throws -> [Group] {
    guard !group.isEmpty, !titles.key.isEmpty else { return [] }
    var exact = try docs(SearchIndex.term(titles.key, in: titles.field))
    exact.formIntersection(group)
    group.subtract(exact)
    var prefixed = try docs(startingWith: titles.key, in: titles.field, limit: 20_000)
    prefixed.formIntersection(group)
    group.subtract(prefixed)
    switch titles.phrase {
    case .everyMatch:
      return [.ranked(exact), .ranked(prefixed)]
    case .indexed(let expression, let field):
      var phrases = try matches(expression, in: [field])
      phrases.formIntersection(group)
      group.subtract(phrases)
      return [.ranked(exact), .ranked(prefixed), .ranked(phrases)]
    case .checked:
      let candidates = top(group, Catalog.candidateLimit, latest: false)
      group.subtract(DocSet(candidates))
      var phrases = Set<Int>()
      try read(titles.column, from: "search_keys", of: candidates) { row in
        if row.text(1).contains(titles.key) { phrases.insert(row.int(0)) }
      }
      return [
        .ranked(exact), .ranked(prefixed), .ordered(candidates.filter(phrases.contains)),
        .ordered(candidates.filter { !phrases.contains($0) }),
      ]
    }
  }

  /// Results taken as one group of a page.
  enum Group {
    /// A set, by rank (see ``top(_:_:latest:)``).
    case ranked(DocSet, latest: Bool = false)
    /// A list already in order.
    case ordered([Int])
  }

  private func take(_ group: Group, into page: inout PageBuilder) {
    guard !page.isFull else { return }
    switch group {
    case .ranked(let set, let latest): page.take(count: set.count) { top(set, $0, latest: latest) }
    case .ordered(let rowids): page.take(count: rowids.count) { Array(rowids.prefix($0)) }
    }
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

  private static func entry(_ rowid: Int, rank: RankCache.Chunk?, latest: Bool) -> TopRanked.Entry {
    let slot = DocSet.place(rowid).slot
    let day = UInt64(rank?.day[slot] ?? 0)
    return latest
      ? TopRanked.Entry(key: day, tie: rowid, rowid: rowid)
      : TopRanked.Entry(key: UInt64(rank?.popularity[slot] ?? 0) << 32 | day, tie: -rowid, rowid: rowid)
  }

  /// The stored books of `rowids`, in that order.
  private func books(_ rowids: [Int]) throws -> [Book] {
    var byRowid: [Int: Book] = [:]
    try read("book", from: "books", of: rowids) { byRowid[$0.int(0)] = try Catalog.decode($0.text(1)) }
    return rowids.compactMap { byRowid[$0] }
  }
}
