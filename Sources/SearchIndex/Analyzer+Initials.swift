import KoreanText

/// 초성 (Hangul initial consonants): `채식주의자` is found by `ㅊㅅㅈㅇㅈ`.
extension Analyzer {
  /// The initial consonant of every Hangul syllable, other characters dropped: `채식주의자` →
  /// `ㅊㅅㅈㅇㅈ`, `해리 포터` → `ㅎㄹㅍㅌ`.
  public static func initialsKey(_ text: String) -> String {
    String(text.nfc.unicodeScalars.compactMap(Hangul.initial(of:)))
  }

  /// `true` when a query is only Hangul initial consonants (ㄱ to ㅎ), at least two of them,
  /// spaces allowed: a 초성 search.
  public static func isInitialsQuery(_ query: String) -> Bool {
    let letters = query.nfc.filter { !$0.isWhitespace }
    return letters.count >= 2 && letters.allSatisfy { Hangul.initials.contains($0) }
  }

  /// The initials tokens of a text: the bigrams and trigrams of each Hangul run's initial
  /// consonants (`채식주의자` → `ㅊㅅ ㅅㅈ ㅈㅇ ㅇㅈ ㅊㅅㅈ ㅅㅈㅇ ㅈㅇㅈ`), so a 초성 query finds words
  /// inside longer ones. With only 19 initials, bigrams alone would match apart too often.
  public static func indexedInitials(_ text: String) -> String {
    initialsTokens(text).joined(separator: " ")
  }

  /// The initials tokens of a text, in order (see ``indexedInitials(_:)``).
  public static func initialsTokens(_ text: String) -> [String] { Segmented(text).initialsTokens }

  /// The terms of a 초성 query: each space-separated group of two initials or more, as its
  /// bigram or its trigrams, all of which must match.
  public static func initialsTerms(_ query: String) -> [[String]] {
    initialsGroups(query).map { $0.count == 2 ? bigrams($0) : trigrams($0) }
  }

  /// The space-separated groups of a 초성 query that are searched for: those of two initials or
  /// more (`ㅎㄹ ㅍㅌ ㄱ` → `ㅎㄹ`, `ㅍㅌ`).
  static func initialsGroups(_ query: String) -> [[Character]] {
    query.nfc.split(whereSeparator: \.isWhitespace).map { Array($0) }.filter { $0.count >= 2 }
  }
}

extension Analyzer.Segmented {
  /// The text's 초성 tokens (see ``Analyzer/initialsTokens(_:)``).
  public var initialsTokens: [String] {
    let runs = segments.compactMap { segment -> [Character]? in
      guard case .hangul(let run) = segment else { return nil }
      return run.compactMap { Hangul.initial(of: $0.unicodeScalars.first!) }  // each one syllable
    }
    return runs.flatMap(Analyzer.bigrams) + runs.flatMap(Analyzer.trigrams)
  }
}
