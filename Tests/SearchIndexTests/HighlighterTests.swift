import TestSupport
import Testing

@testable import SearchIndex

@Suite("Highlighter: what a query matched, by the search's own analysis")
struct HighlighterTests {
  /// The text with each match in brackets.
  private func bracketed(_ query: String, _ text: String) -> String {
    var result = ""
    var start = text.startIndex
    for match in Highlighter(query: query).matches(in: text) {
      result += text[start..<match.lowerBound] + "[" + text[match] + "]"
      start = match.upperBound
    }
    return result + text[start...]
  }

  @Test(
    arguments: [
      ("cotlr", "채식주의자", "[채식]주의자"), ("ㅗㅁㄱ교 ㅔㅐㅅ", "Harry Potter", "[Harry] [Potter]"),
      ("채식", "채식주의자", "[채식]주의자"),
      ("해리포터", "해리 포터와 마법사의 돌", "[해리] [포터]와 마법사의 돌"),
      ("해리 포터", "해리 포터와 마법사의 돌", "[해리] [포터]와 마법사의 돌"),
      ("ㅊㅅㅈㅇㅈ", "채식주의자", "[채식주의자]"),
      ("ㅎㄹㅍㅌ", "해리 포터와 마법사의 돌", "[해리] [포터]와 마법사의 돌"),
      ("ㅎㄹ ㄷ", "해리 포터와 마법사의 돌", "[해리] 포터와 마법사의 돌"),
      ("les miserables", "Les Misérables", "[Les] [Misérables]"),
      ("harry pot", "Harry Potter and the Pot", "[Harry] [Potter] and the [Pot]"),
      ("pot harry", "Harry Potter", "[Harry] Potter"),
      ("흰", "흰 고래와 흰 눈", "[흰] 고래와 [흰] 눈"),
      ("해리ㅍ", "해리 포터", "[해리] 포터"),
      ("onerror", "<img src=x onerror=alert(1)>", "<img src=x [onerror]=alert(1)>"),
      ("포터", "Harry Potter", "Harry Potter"),
      ("82년생", "82년생 김지영", "[82년생] 김지영"),
      ("", "채식주의자", "채식주의자"),
      ("!?", "채식주의자", "채식주의자"),
    ])
  func marksWhatTheSearchMatches(query: String, text: String, expected: String) {
    #expect(bracketed(query, text) == expected)
  }

  @Test func anEmptyQueryIsEmpty() {
    #expect(Highlighter(query: " ").isEmpty && Highlighter(query: "&").isEmpty)
    #expect(!Highlighter(query: "ㅎㄹ").isEmpty)
  }

  /// Random texts of Hangul, accented and decomposed Latin, emoji sequences, markup characters and
  /// spaces, queried with pieces of themselves: the matches are in order and apart, and each falls
  /// between whole characters, so taking the text around and inside them gives it back exactly.
  @Test func matchesCutTextOnlyBetweenWholeCharacters() {
    let pieces = [
      "해리", "포터", "채식", "주의자", " ", ", ", "Les", "Misérables", "Mise\u{301}rables", "é", "&amp;", "<b>",
      "\"", "👩‍👩‍👧", "🇰🇷", "ㅎ", "ㄹ", "1", "x",
    ]
    var generator = SeededGenerator(seed: 11)
    for _ in 0..<500 {
      let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }.joined()
      let characters = Array(text)
      let from = characters.isEmpty ? 0 : Int.random(in: 0..<characters.count, using: &generator)
      let query = String(
        characters[from..<min(characters.count, from + Int.random(in: 1...6, using: &generator))])
      let matches = Highlighter(query: query).matches(in: text)
      var rebuilt = ""
      var start = text.startIndex
      for match in matches {
        #expect(start <= match.lowerBound && match.lowerBound < match.upperBound, "\(query) in \(text)")
        for bound in [match.lowerBound, match.upperBound] {
          #expect(String.Index(bound, within: text) != nil, "a match splits a character: \(query) in \(text)")
          #expect(bound.samePosition(in: text.unicodeScalars) != nil)
        }
        rebuilt += text[start..<match.lowerBound] + text[match]
        start = match.upperBound
      }
      #expect(rebuilt + text[start...] == text)
      #expect(zip(matches, matches.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }, "\(matches)")
    }
  }
}
