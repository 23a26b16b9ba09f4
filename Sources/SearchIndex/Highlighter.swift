import KoreanText

/// Where a query matched a text, found with the search's own analysis (see ``Analyzer``), so a
/// result can show why it was found.
///
/// A Latin word of the query marks the text's words that fold to it (`les miserables` marks
/// `Les Misérables`); the query's last word also marks the words it begins, as the search completes
/// it (`harry pot` marks `Potter`). A Hangul word marks the syllables that spell it inside a run of
/// Hangul, which goes on across spaces and punctuation as bigrams do: `채식` marks 채식 in
/// 채식주의자, `해리포터` marks 해리 and 포터 in `해리 포터`. A 초성 query marks the syllables whose
/// initials spell one of its groups: `ㅊㅅㅈㅇㅈ` marks 채식주의자.
///
/// It knows texts and queries, nothing of what they are the text of. Texts are expected in NFC, as
/// every stored text is.
public struct Highlighter: Sendable {
  /// What one word of a query marks.
  private enum Pattern: Sendable {
    /// Words folded to this one, or beginning with it when `prefix`.
    case word(String, prefix: Bool)
    /// These syllables in a row within a Hangul run.
    case syllables([Character])
    /// Syllables in a row within a Hangul run whose initial consonants are these.
    case initials([Character])
  }

  private let patterns: [Pattern]

  /// The highlighter of a query, as typed in the search box: what it marks, and what its reading
  /// in the other keyboard mode marks (``Analyzer/otherKeyboardReading(_:typing:)``), as the search
  /// finds both.
  public init(query: String) {
    patterns = Self.patterns(of: query) + (Analyzer.otherKeyboardReading(query).map(Self.patterns) ?? [])
  }

  private static func patterns(of query: String) -> [Pattern] {
    if Analyzer.isInitialsQuery(query) {
      return Analyzer.initialsGroups(query).map(Pattern.initials)
    }
    var patterns = Analyzer.querySegments(query).flatMap { segment -> [Pattern] in
      switch segment {
      case .hangul(let run): [.syllables(run)]
      case .words(let words): words.map { .word($0, prefix: false) }
      }
    }
    if case .word(let last, _)? = patterns.last { patterns[patterns.count - 1] = .word(last, prefix: true) }
    return patterns
  }

  /// `true` when the query marks nothing in any text (it is empty, or only punctuation).
  public var isEmpty: Bool { patterns.isEmpty }

  /// The parts of `text` the query matched, in order, apart from one another (touching parts are
  /// one), each a whole number of characters.
  public func matches(in text: String) -> [Range<String.Index>] {
    guard !patterns.isEmpty else { return [] }
    let (runs, words) = Self.tokens(of: text)
    var found: [Range<String.Index>] = []
    for pattern in patterns {
      switch pattern {
      case .word(let word, let prefix):
        found += words.filter { $0.folded == word || (prefix && $0.folded.hasPrefix(word)) }.map(\.range)
      case .syllables(let syllables):
        for run in runs { found += Self.spans(in: run, matching: syllables) { $0.character } }
      case .initials(let initials):
        for run in runs {
          found += Self.spans(in: run, matching: initials) {
            $0.character.unicodeScalars.first.flatMap(Hangul.initial)
          }
        }
      }
    }
    return Self.merged(found)
  }

  // MARK: - Text as the analyzer sees it, with places

  private struct Syllable {
    let character: Character
    let range: Range<String.Index>
  }

  private struct Word {
    let folded: String
    let range: Range<String.Index>
  }

  /// The text's Hangul runs and words, as ``Analyzer/segments(of:)`` splits it, each piece with its
  /// place in the text.
  private static func tokens(of text: String) -> (runs: [[Syllable]], words: [Word]) {
    var runs: [[Syllable]] = []
    var run: [Syllable] = []
    var words: [Word] = []
    var wordStart: String.Index?
    func endWord(at end: String.Index) {
      if let start = wordStart {
        words.append(Word(folded: Analyzer.folded(String(text[start..<end])), range: start..<end))
      }
      wordStart = nil
    }
    func endRun() {
      if !run.isEmpty { runs.append(run) }
      run = []
    }
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(after: index)
      switch Analyzer.kind(of: text[index]) {
      case .syllable:
        endWord(at: index)
        run.append(Syllable(character: text[index], range: index..<next))
      case .wordPart:
        endRun()
        if wordStart == nil { wordStart = index }
      case .separator:
        endWord(at: index)
      }
      index = next
    }
    endWord(at: text.endIndex)
    endRun()
    return (runs, words)
  }

  /// The places in a run where `key` of its syllables spells `pattern`.
  private static func spans<Key: Equatable>(
    in run: [Syllable], matching pattern: [Key], by key: (Syllable) -> Key?
  ) -> [Range<String.Index>] {
    guard !pattern.isEmpty, run.count >= pattern.count else { return [] }
    let keys = run.map(key)
    var spans: [Range<String.Index>] = []
    for start in 0...(run.count - pattern.count)
    where keys[start..<(start + pattern.count)].elementsEqual(pattern, by: { $0 == $1 }) {
      spans += run[start..<(start + pattern.count)].map(\.range)
    }
    return spans
  }

  /// Ranges sorted, with those that overlap or touch made one.
  private static func merged(_ ranges: [Range<String.Index>]) -> [Range<String.Index>] {
    var merged: [Range<String.Index>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }
}
