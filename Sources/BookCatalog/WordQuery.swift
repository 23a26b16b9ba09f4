import SearchIndex

/// A query's words as the catalog matches them, before they are given fields: every word must
/// match; a Latin word by any of its spellings (itself, the indexed words it begins, or the
/// indexed words one letter off it), a Hangul word (or a 초성 group) by all of its n-grams, as
/// written.
struct WordQuery {
  /// One word of a query.
  enum Word {
    /// A Hangul word's bigrams (a 초성 group's bigram or trigrams): all must match, and, more
    /// than one, together as written.
    case phrase([String])
    /// Any of these words.
    case anyOf([String])
  }

  let words: [Word]

  init(_ words: [Word]) {
    self.words = words
  }

  /// The words of a query's terms. The last Latin word, unless `alternatives` gives words their
  /// spellings, expands to the indexed words it begins in `field`, the most frequent first (see
  /// ``Catalog/prefixExpansions``).
  init(
    _ terms: [Analyzer.QueryTerm], alternatives: [String: [String]] = [:], completingIn field: Field? = nil,
    with searcher: Searcher
  ) throws {
    words = try terms.enumerated().map { position, term in
      switch term {
      case .phrase(let tokens):
        return .phrase(tokens)
      case .word(let word):
        if let spellings = alternatives[word] { return .anyOf(spellings) }
        guard let field, alternatives.isEmpty, position == terms.count - 1 else { return .anyOf([word]) }
        let completions = try searcher.completions(
          of: Term(word, in: field), limit: Catalog.prefixExpansions)
        return .anyOf(completions.isEmpty ? [word] : completions.map(\.token))
      }
    }
  }

  /// The query matching these words in any of `fields`; a phrase is checked in their texts (see
  /// ``Catalog/phraseFields``).
  func query(in fields: [Field]) -> Query {
    let tokens = Query.all(
      words.map { word -> Query in
        switch word {
        case .phrase(let tokens): .all(tokens.map { .token($0, in: fields) })
        case .anyOf(let spellings): .any(spellings.map { .token($0, in: fields) })
        }
      })
    let phrases = words.compactMap { word -> String? in
      guard case .phrase(let tokens) = word, tokens.count > 1 else { return nil }
      return Self.joined(tokens)
    }
    guard !phrases.isEmpty else { return tokens }
    return .containing(phrases, in: fields.flatMap { Catalog.phraseFields[$0] ?? [] }, tokens)
  }

  /// The pairs of consecutive words, as ``Field/titlePairs`` holds them: `harry pot*`
  /// → `harry pot`, `harry potter`, … (every spelling of a word with every spelling of the next);
  /// `nil` unless every word is a Latin word.
  var pairs: WordQuery? {
    let spellings = words.compactMap { word -> [String]? in
      guard case .anyOf(let spellings) = word else { return nil }
      return spellings
    }
    guard spellings.count == words.count else { return nil }
    return WordQuery(
      zip(spellings, spellings.dropFirst()).map { first, second in
        .anyOf(first.flatMap { left in second.map { left + " " + $0 } })
      })
  }

  /// A chain of n-grams as the text it came from: `해리 리포 포터` → `해리포터`.
  private static func joined(_ grams: [String]) -> String {
    grams.dropFirst().reduce(grams[0]) { $0 + $1.suffix(1) }
  }
}
