import BookModel
import SearchIndex

/// Matches notes and quotes against a query with the catalog's analysis (``Analyzer``): Latin
/// words folded, Hangul as bigrams regardless of spacing, 초성 as initials n-grams.
///
/// A library holds thousands of notes, not millions, so each search reads every note's tokens
/// (kept beside it, made by ``tokens(of:)`` when it is written) and matches them here: a
/// millisecond's work, and no second index to keep in step.
struct NoteSearch {
  private enum Term {
    /// A Latin word; `prefix` for the query's last word, which may be half typed.
    case word(String, prefix: Bool)
    /// A Hangul word: its bigrams in a row.
    case phrase([String])
    /// 초성 n-grams, any order.
    case initials([String])
  }

  private let terms: [Term]

  /// The search for `query`.
  init(_ query: String) {
    if Analyzer.isInitialsQuery(query) {
      terms = Analyzer.initialsTerms(query).map(Term.initials)
      return
    }
    let queryTerms = Analyzer.queryTerms(query)
    terms = queryTerms.enumerated().map { index, term in
      switch term {
      case .word(let word): .word(word, prefix: index == queryTerms.count - 1)
      case .phrase(let bigrams): .phrase(bigrams)
      }
    }
  }

  /// `true` for a query with nothing to match.
  var isEmpty: Bool { terms.isEmpty }

  /// The tokens kept for a note's text: its indexed tokens in order, then its initials n-grams
  /// after a `|`.
  static func tokens(of text: String) -> String {
    Analyzer.indexed(text) + " | " + Analyzer.indexedInitials(text)
  }

  /// `true` when a note with these ``tokens(of:)`` matches every term.
  func matches(tokens: String) -> Bool {
    let parts = tokens.split(separator: "|", maxSplits: 1)
    let words = parts.first.map { $0.split(separator: " ").map(String.init) } ?? []
    let initials = Set(parts.count > 1 ? parts[1].split(separator: " ").map(String.init) : [])
    return terms.allSatisfy { term in
      switch term {
      case .word(let word, let prefix): words.contains { prefix ? $0.hasPrefix(word) : $0 == word }
      case .phrase(let bigrams): NoteSearch.contains(bigrams, in: words)
      case .initials(let grams): grams.allSatisfy(initials.contains)
      }
    }
  }

  /// `true` when `phrase` appears in `words` as consecutive tokens.
  private static func contains(_ phrase: [String], in words: [String]) -> Bool {
    guard let first = phrase.first, phrase.count <= words.count else { return false }
    return words.indices.contains { start in
      words[start] == first && start + phrase.count <= words.count
        && zip(phrase, words[start...]).allSatisfy { $0 == $1 }
    }
  }
}
