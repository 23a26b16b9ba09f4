/// How `accuracy` ranks title matches: exact titles first, then titles that start with the
/// query, both found in the index (`field` holds every title as one token), then titles that
/// hold the query as written (see ``Phrase``).
struct TitleTiers {
  /// How the title matches that hold the query as written are found.
  enum Phrase {
    /// A one-term query: every title match holds it as written.
    case everyMatch
    /// The books matching an expression in a field: a Hangul query's bigrams, joined across its
    /// spaces, in the title; a 초성 query's initials, joined, in the title's initials; the pairs
    /// of consecutive words of a Latin query in the title's word pairs.
    case indexed(IndexReader.Expression, SearchIndex.Field)
    /// Read the titles (`column` of `search_keys`) of the best ``Catalog/candidateLimit``
    /// title matches and look for the query's key in them.
    case checked
  }

  let field: SearchIndex.Field
  let column: String
  let key: String
  let phrase: Phrase

  /// The tiers of a 초성 query of these groups.
  static func initials(_ query: String, groups: [[String]]) -> TitleTiers {
    let key = SearchKeys.initialsKey(query)
    return TitleTiers(
      field: .titleInitialsKey, column: "title_initials", key: key,
      phrase: groups.count == 1
        ? .everyMatch : .indexed(SearchText.initialsTerms(key).map { [$0] }, .titleInitials))
  }

  /// The tiers of a query of these terms, matched as `expression` (`nil` after typo expansion).
  static func words(_ query: String, terms: [SearchText.QueryTerm], expression: IndexReader.Expression?)
    -> TitleTiers
  {
    let key = SearchKeys.key(query)
    let phrase: Phrase
    if terms.count == 1 {
      phrase = .everyMatch
    } else if terms.allSatisfy({ if case .phrase = $0 { true } else { false } }),
      case .phrase(let bigrams)? = SearchText.queryTerms(key).first
    {
      phrase = .indexed([[bigrams]], .title)
    } else if let expression, terms.allSatisfy({ if case .word = $0 { true } else { false } }) {
      phrase = .indexed(IndexReader.pairs(expression), .titlePairs)
    } else {
      phrase = .checked
    }
    return TitleTiers(field: .titleKey, column: "title", key: key, phrase: phrase)
  }
}
