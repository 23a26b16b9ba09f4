import BookModel
import Foundation

/// Turns book text and queries into the tokens the catalog's search index holds.
///
/// Latin text becomes words, lowercased with accents removed, so `les miserables` matches
/// `Les Misérables`. Korean words carry particles (`포터와`), so Hangul is indexed differently:
/// every run of Hangul syllables, joined across spaces and punctuation, becomes its character
/// bigrams (`해리 포터와` → `해리 리포 포터 터와`), and each syllable is added once more on its own
/// for one-character queries. A query's Hangul word must match all of its bigrams, which finds
/// 2-character words inside longer ones (채식 → 채식주의자) and ignores spacing (해리포터 = 해리 포터).
public enum SearchText {
  /// The text to index for a column.
  public static func indexed(_ text: String) -> String {
    var output: [String] = []
    var syllables: [String] = []
    var seen = Set<Character>()
    for segment in segments(of: text.nfc) {
      switch segment {
      case .hangul(let run) where run.count == 1:
        output.append(String(run[0]))
        seen.insert(run[0])
      case .hangul(let run):
        output.append(contentsOf: bigrams(run))
        for syllable in run where seen.insert(syllable).inserted { syllables.append(String(syllable)) }
      case .words(let words):
        output.append(contentsOf: words)
      }
    }
    return (output + syllables).joined(separator: " ")
  }

  /// Each pair of consecutive Latin words, as indexed (`The Hunger Games` → `the hunger`,
  /// `hunger games`); Hangul between two words parts them.
  public static func wordPairs(_ text: String) -> [String] {
    segments(of: text.nfc).flatMap { segment -> [String] in
      guard case .words(let words) = segment else { return [] }
      return zip(words, words.dropFirst()).map { $0 + " " + $1 }
    }
  }

  /// The query's words that may be typos: Latin words of five to twenty letters (a longer word
  /// is no word anyone misspelt, and would have thousands of variants).
  public static func typoWords(_ query: String) -> [String] {
    queryTerms(query).compactMap { term in
      guard case .word(let word) = term, (5...20).contains(word.count),
        word.allSatisfy({ $0.isASCII && $0.isLetter })
      else {
        return nil
      }
      return word
    }
  }

  /// One term of a query, as the index holds it.
  public enum QueryTerm: Equatable, Sendable {
    /// A Latin (or other non-Hangul) word, lowercased.
    case word(String)
    /// A space-separated Hangul word as its bigrams (or its one syllable), matched as a phrase.
    case phrase([String])
  }

  /// The terms every match must contain, in query order.
  public static func queryTerms(_ query: String) -> [QueryTerm] {
    query.nfc.split(whereSeparator: \.isWhitespace).flatMap { segments(of: String($0)) }.flatMap { segment in
      switch segment {
      case .hangul(let run): [QueryTerm.phrase(bigrams(run))]
      case .words(let words): words.map(QueryTerm.word)
      }
    }
  }

  // MARK: - 초성

  /// The initials tokens of a text: the bigrams and trigrams of each Hangul run's initial
  /// consonants (`채식주의자` → `ㅊㅅ ㅅㅈ ㅈㅇ ㅇㅈ ㅊㅅㅈ ㅅㅈㅇ ㅈㅇㅈ`), so a 초성 query finds words
  /// inside longer ones. With only 19 initials, bigrams alone would match apart too often.
  public static func indexedInitials(_ text: String) -> String {
    let runs = segments(of: text.nfc).compactMap { segment -> [Character]? in
      guard case .hangul(let run) = segment else { return nil }
      return Array(SearchKeys.initialsKey(String(run)))
    }
    return (runs.flatMap(bigrams) + runs.flatMap(trigrams)).joined(separator: " ")
  }

  /// The terms of a 초성 query: each space-separated group of two initials or more, as its
  /// bigram or its trigrams, all of which must match.
  public static func initialsTerms(_ query: String) -> [[String]] {
    query.nfc.split(whereSeparator: \.isWhitespace).map { Array($0) }.filter { $0.count >= 2 }.map {
      $0.count == 2 ? bigrams($0) : trigrams($0)
    }
  }

  // MARK: - Segmentation

  private enum Segment {
    case hangul([Character])
    case words([String])
  }

  /// Splits text into Hangul runs (joined across anything but letters and digits) and Latin words.
  private static func segments(of text: String) -> [Segment] {
    var segments: [Segment] = []
    var run: [Character] = []
    var words: [String] = []
    var word = ""
    func flushWord() {
      if !word.isEmpty { words.append(folded(word)) }
      word = ""
    }
    func flushRun() {
      if !run.isEmpty { segments.append(.hangul(run)) }
      run = []
    }
    func flushWords() {
      flushWord()
      if !words.isEmpty { segments.append(.words(words)) }
      words = []
    }
    for character in text {
      if Hangul.isSyllable(character) {
        flushWords()
        run.append(character)
      } else if character.isLetter || character.isNumber || isCombiningMark(character) {
        flushRun()
        word.append(character)
      } else {
        flushWord()
      }
    }
    flushRun()
    flushWords()
    return segments
  }

  /// A word lowercased without its accents: `Misérables` → `miserables`.
  private static func folded(_ word: String) -> String {
    if word.isASCIIOrHangul { return word.lowercased() }
    var folded = ""
    for scalar in word.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
    where scalar.properties.generalCategory != .nonspacingMark {
      folded.unicodeScalars.append(scalar)
    }
    return folded
  }

  private static func bigrams(_ run: [Character]) -> [String] {
    guard run.count > 1 else { return run.map(String.init) }
    return (0..<run.count - 1).map { String(run[$0]) + String(run[$0 + 1]) }
  }

  private static func trigrams(_ run: [Character]) -> [String] {
    run.count < 3 ? [] : (0..<run.count - 2).map { String(run[$0...($0 + 2)]) }
  }

  private static func isCombiningMark(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .nonspacingMark }
  }
}

extension Book {
  /// The book's authors, then its translators, as one text: what the catalog searches as people.
  public var people: String { (authors + translators).joined(separator: ", ") }
}
