import SearchIndex

/// Kakao's accuracy order as tiers of the index (see ``Tier``): the title matches, then the
/// people's, then the publisher's, then the rest (the description's). Among the title matches
/// come first the exact titles, then the titles that begin with the query (found as the tokens of
/// ``Field/titleKey``, which holds every title whole, that begin with its key), then the titles
/// that hold the query as written, each group by popularity, then date.
enum AccuracyTiers {
  /// How many title tokens a title prefix reads (the first in key order, where there are more).
  static let prefixLimit = 20_000

  /// The tiers of a query of `words` (`pairs`, its words' pairs, `nil` after typo expansion,
  /// which makes too many).
  static func words(_ query: String, _ words: WordQuery, pairs: WordQuery?) -> [Tier] {
    let key = Analyzer.key(query)
    let phrase: Tier.Part?
    if words.words.count == 1 {
      phrase = nil  // every title match holds a one-word query as written
    } else if words.words.allSatisfy({ if case .phrase = $0 { true } else { false } }),
      case .phrase(let bigrams)? = Analyzer.queryTerms(key).first
    {
      // Hangul words: the bigrams of the query without its spaces, in the title.
      phrase = .matching(WordQuery([.phrase(bigrams)]).query(in: [.title]))
    } else if let pairs {
      phrase = .matching(pairs.query(in: [.titlePairs]))
    } else {
      // Read the titles of the best title matches (every result a client can reach).
      phrase = .containing(key, in: .title, amongBest: Catalog.candidateLimit)
    }
    return [
      Tier(words.query(in: [.title]), parts: titleParts(key, in: .titleKey, phrase: phrase)),
      Tier(words.query(in: [.people])), Tier(words.query(in: [.publisher])),
    ]
  }

  /// The tiers of a 초성 query of `words`: the titles whose 초성 match.
  static func initials(_ query: String, _ words: WordQuery) -> [Tier] {
    let key = Analyzer.initialsKey(query)
    // The initials of the query without its spaces, in the title's.
    let phrase: Tier.Part? =
      words.words.count == 1
      ? nil
      : .matching(
        WordQuery(Analyzer.initialsTerms(key).map(WordQuery.Word.phrase)).query(in: [.titleInitials]))
    return [
      Tier(words.query(in: [.titleInitials]), parts: titleParts(key, in: .titleInitialsKey, phrase: phrase))
    ]
  }

  /// The exact titles, the titles that begin with `key` (in `field`, which holds every title as
  /// one token), and `phrase`.
  private static func titleParts(_ key: String, in field: Field, phrase: Tier.Part?) -> [Tier.Part] {
    guard !key.isEmpty else { return [] }
    let term = Term(key, in: field)
    return [.matching(.term(term)), .matching(.prefix(term, limit: prefixLimit))]
      + (phrase.map { [$0] } ?? [])
  }
}
