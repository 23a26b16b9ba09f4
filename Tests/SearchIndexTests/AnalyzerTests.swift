import Foundation
import KoreanText
import TestSupport
import Testing

@testable import SearchIndex

@Suite("Analyzer: tokens, keys, 초성 and typos")
struct AnalyzerTests {
  @Test func hangulBecomesBigramsAcrossSpacesPlusSyllables() {
    #expect(Analyzer.indexed("해리 포터") == "해리 리포 포터 해 리 포 터")
    #expect(Analyzer.indexed("흰") == "흰")
    #expect(Analyzer.indexed("Harry 포터 2") == "harry 포터 2 포 터")
  }

  @Test func queriesBecomeHangulBigramsAndFoldedWords() {
    #expect(Analyzer.queryTerms("해리포터") == [.phrase(["해리", "리포", "포터"])])
    #expect(Analyzer.queryTerms("해리 포터") == [.phrase(["해리"]), .phrase(["포터"])])
    #expect(
      Analyzer.queryTerms("o\"brien  Misérables") == [.word("o"), .word("brien"), .word("miserables")])
    #expect(Analyzer.queryTerms("\"*()").isEmpty)
    #expect(Analyzer.indexed("Les Misérables") == "les miserables")
  }

  /// ASCII and Hangul skip Unicode normalization; the key must be what normalization gives. An
  /// appended `é` sends the same text down the general path.
  @Test(arguments: ["The Hunger Games!", "해리 포터와 마법사의 돌", "82년생 김지영", "O'Brien & Co. 2nd", "흰"])
  func asciiAndHangulTakeAShortcutToTheSameKey(text: String) {
    #expect(text.isASCIIOrHangul && !(text + "é").isASCIIOrHangul)
    #expect(Analyzer.key(text) + "e" == Analyzer.key(text + "é"))
    #expect(text.nfc == text)
  }

  /// The check reads UTF-8 bytes; it must say what the scalars say, at the edges of the syllables'
  /// block and for the three-byte characters beside it.
  @Test(arguments: [
    "가", "힣", "\u{ABFF}", "\u{D7A4}", "\u{D7B0}", "\u{E000}", "ㄱ", "ᄀ", "한\u{1100}", "가\u{0301}",
    "é", "😀", "ｈ", "\u{3000}", "abc가", "", "\u{7F}", "\u{80}",
  ])
  func theByteCheckAgreesWithTheScalars(text: String) {
    let scalars = text.unicodeScalars.allSatisfy { $0.isASCII || Hangul.isSyllable($0) }
    #expect(text.isASCIIOrHangul == scalars)
    #expect(("해리 " + text + " potter").isASCIIOrHangul == scalars)
  }

  @Test func titlesHoldTheirPairsOfConsecutiveWords() {
    #expect(Analyzer.wordPairs("The Hunger Games") == ["the hunger", "hunger games"])
    #expect(Analyzer.wordPairs("Harry 포터 Potter & the Stone") == ["potter the", "the stone"])
  }

  @Test func initialsBecomeBigramsAndTrigrams() {
    #expect(Analyzer.initialsTerms("ㅊㅅㅈㅇㅈ") == [["ㅊㅅㅈ", "ㅅㅈㅇ", "ㅈㅇㅈ"]])
    #expect(Analyzer.initialsTerms("ㅎㄹ ㅍㅌㄹ ㄱ") == [["ㅎㄹ"], ["ㅍㅌㄹ"]])
    #expect(Analyzer.indexedInitials("채식 주의자") == "ㅊㅅ ㅅㅈ ㅈㅇ ㅇㅈ ㅊㅅㅈ ㅅㅈㅇ ㅈㅇㅈ")
  }

  @Test func keysFoldSpacingCaseAndAccents() {
    #expect(Analyzer.key("The Hunger Games!") == "thehungergames")
    #expect(Analyzer.key("Les Misérables") == "lesmiserables")
    #expect(Analyzer.key("해리 포터와".decomposedStringWithCanonicalMapping) == "해리포터와")
    #expect(Analyzer.baseKey(ofTitle: "The Hunger Games (The Hunger Games, #1)") == "thehungergames")
    #expect(Analyzer.initialsKey("채식주의자, 해리 포터") == "ㅊㅅㅈㅇㅈㅎㄹㅍㅌ")
    #expect(
      Analyzer.isInitialsQuery("ㅊㅅ ㅈㅇㅈ") && !Analyzer.isInitialsQuery("ㅊ")
        && !Analyzer.isInitialsQuery("ㅊa"))
    #expect(Analyzer.typoVariants(of: "abcde").contains("abdce"))
    #expect(Analyzer.typoVariants(of: "abcde").first == "abcde")
  }
}

@Suite("Analyzer: text of ASCII and Hangul read a scalar at a time")
struct ScalarSegmentsTests {
  /// Random texts of ASCII (letters, digits, punctuation, CR LF) and syllables are split as
  /// reading them a character at a time, with Unicode's tables, splits them.
  @Test func scalarsSplitAsCharactersDo() {
    var random = SeededGenerator(seed: 11)
    let alphabet = Array("aZz09 .,-'!?()\r\n\t\u{7F}가힣한강해리") + ["\r\n"]
    for _ in 0..<2_000 {
      let text = String(
        (0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
      #expect(text.isASCIIOrHangul)
      let fast = Analyzer.segments(of: text)
      let general = Analyzer.segments(of: text, kind: Analyzer.kind(of:))
      #expect("\(fast)" == "\(general)", "\(text.debugDescription)")
    }
  }
}

@Suite("Analyzer: 한/영, text typed in the other keyboard mode")
struct KeyboardReadingTests {
  @Test(arguments: [
    ("qkfltmxk", "바리스타"), ("dkssud", "안녕"), ("gksrkd", "한강"), ("cotlrwndmlwk", "채식주의자"),
    ("Dkssud", "안녕"), ("gkdjfqls", "하얼빈"), ("rTwl", "ㄱㅆ지"),
  ])
  func latinKeysReadAsHangul(_ typed: String, _ reading: String) {
    #expect(Hangul.fromLatinKeys(typed) == reading)
  }

  @Test(arguments: [
    ("qkfltmxk", "바리스타"), ("dkssud", "안녕"), ("harry vhxj", "harry 포터"), ("ㅗ디ㅣㅐ", "hello"),
    ("ㅗㅁㄱ교 ㅔㅐㅅㅅㄷㄱ", "harry potter"), ("안녕", "dkssud"), ("해리 포터", "gofl vhxj"),
  ])
  func aQueryReadsAsTheOtherMode(_ typed: String, _ reading: String) {
    #expect(Analyzer.otherKeyboardReading(typed) == reading)
  }

  @Test(arguments: ["love", "love story", "ㅊㅅㅈㅇㅈ", "ㅎㄹ", "", "  ", "1984", "dkss"])
  func aQueryWhoseReadingNamesNothingHasNone(_ typed: String) {
    #expect(Analyzer.otherKeyboardReading(typed) == nil, "\(typed)")
  }

  @Test func typingMayEndInALetterThatMakesNoSyllableYet() {
    #expect(Analyzer.otherKeyboardReading("dkss", typing: true) == "안ㄴ")
    #expect(Analyzer.otherKeyboardReading("qkfltmx", typing: true) == "바리슽")
    #expect(
      Analyzer.otherKeyboardReading("stor", typing: true) == nil, "ㄴ색: only the last letter may stand alone")
    #expect(Analyzer.otherKeyboardReading("love", typing: true) == nil)
  }

  @Test func everyHangulTitleRoundTripsThroughItsKeys() {
    for title in ["채식주의자", "닭고기 수프", "앉은뱅이 꽃", "해리 포터와 마법사의 돌", "왜 뛟"] {
      #expect(Hangul.fromLatinKeys(Hangul.latinKeys(of: title)) == title, "\(title)")
    }
  }
}
