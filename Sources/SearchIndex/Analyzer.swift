import KoreanText

/// The analyzer: turns document text and queries into the tokens the index holds.
///
/// Latin text becomes words, lowercased with accents removed, so `les miserables` matches
/// `Les Misérables`. Korean words carry particles (`포터와`), so Hangul is indexed differently:
/// every run of Hangul syllables, joined across spaces and punctuation, becomes its character
/// bigrams (`해리 포터와` → `해리 리포 포터 터와`), and each syllable is added once more on its own
/// for one-character queries. A query's Hangul word must match all of its bigrams, which finds
/// 2-character words inside longer ones (채식 → 채식주의자) and ignores spacing (해리포터 = 해리 포터).
public enum Analyzer {
  /// The version of what the analyzer makes of a text, stored with the index (see
  /// ``InvertedIndex``): raise it with any change to the tokens or keys, and every index is rebuilt
  /// when next opened.
  public static let version = 1

  /// The tokens to index for a text, separated by spaces.
  public static func indexed(_ text: String) -> String {
    tokens(text).joined(separator: " ")
  }

  /// The tokens to index for a text, in order (see ``indexed(_:)``).
  public static func tokens(_ text: String) -> [String] { Segmented(text).tokens }

  /// A text split once into the segments that its tokens, word pairs and 초성 tokens
  /// (``initialsTokens``) are made of, for a caller that wants several of them.
  public struct Segmented: Sendable {
    let segments: [Segment]

    /// `text`, split.
    public init(_ text: String) { segments = Analyzer.segments(of: text.nfc) }

    /// The text's tokens (see ``Analyzer/tokens(_:)``).
    public var tokens: [String] { Analyzer.tokens(of: segments) }

    /// The text's pairs of consecutive Latin words (see ``Analyzer/wordPairs(_:)``).
    public var wordPairs: [String] {
      segments.flatMap { segment -> [String] in
        guard case .words(let words) = segment else { return [] }
        return zip(words, words.dropFirst()).map { $0 + " " + $1 }
      }
    }
  }

  private static func tokens(of segments: [Segment]) -> [String] {
    var output: [String] = []
    var syllables: [String] = []
    var seen = Set<Unicode.Scalar>()  // a run's characters are each one syllable: one scalar
    for segment in segments {
      switch segment {
      case .hangul(let run) where run.count == 1:
        output.append(String(run[0]))
        seen.insert(run[0].unicodeScalars.first!)
      case .hangul(let run):
        output.append(contentsOf: bigrams(run))
        for syllable in run where seen.insert(syllable.unicodeScalars.first!).inserted {
          syllables.append(String(syllable))
        }
      case .words(let words):
        output.append(contentsOf: words)
      }
    }
    return output + syllables
  }

  /// Each pair of consecutive Latin words, as indexed (`The Hunger Games` → `the hunger`,
  /// `hunger games`); Hangul between two words parts them.
  public static func wordPairs(_ text: String) -> [String] { Segmented(text).wordPairs }

  /// One term of a query, as the index holds it.
  public enum QueryTerm: Equatable, Sendable {
    /// A Latin (or other non-Hangul) word, lowercased.
    case word(String)
    /// A space-separated Hangul word as its bigrams (or its one syllable), matched as a phrase.
    case phrase([String])
  }

  /// The terms every match must contain, in query order.
  public static func queryTerms(_ query: String) -> [QueryTerm] {
    querySegments(query).flatMap { segment in
      switch segment {
      case .hangul(let run): [QueryTerm.phrase(bigrams(run))]
      case .words(let words): words.map(QueryTerm.word)
      }
    }
  }

  /// A query's segments: each space-separated word of it on its own, so a Hangul run of a query
  /// ends at a space (`해리 포터` is two words, each of which may be anywhere in a title).
  static func querySegments(_ query: String) -> [Segment] {
    query.nfc.split(whereSeparator: \.isWhitespace).flatMap { segments(of: String($0)) }
  }
}
