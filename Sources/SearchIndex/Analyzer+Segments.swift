import Foundation
import KoreanText

extension Analyzer {
  /// A run of text as the analyzer splits it.
  enum Segment {
    /// Hangul syllables, joined across anything but letters and digits: each character one
    /// precomposed syllable, one scalar.
    case hangul([Character])
    /// Latin (or other) words, folded (see ``folded(_:)``).
    case words([String])
  }

  /// Splits text into Hangul runs (joined across anything but letters and digits) and Latin words.
  /// Text of ASCII and Hangul syllables only (most titles and names) is read a scalar at a time
  /// (see ``asciiOrHangulSegments(of:)``).
  static func segments(of text: String) -> [Segment] {
    text.isASCIIOrHangul ? asciiOrHangulSegments(of: text) : segments(of: text, kind: kind(of:))
  }

  /// The segments of text of ASCII and Hangul syllables only, as ``segments(of:kind:)`` makes
  /// them, read a scalar at a time: each scalar is a character there whose kind needs no Unicode
  /// tables, and each word is ASCII, folded by lowering its capitals as it is read.
  private static func asciiOrHangulSegments(of text: String) -> [Segment] {
    var segments: [Segment] = []
    var run: [Character] = []
    var words: [String] = []
    var word: [UInt8] = []
    func flushWord() {
      guard !word.isEmpty else { return }
      words.append(String(decoding: word, as: UTF8.self))
      word.removeAll(keepingCapacity: true)
    }
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case Hangul.syllables:
        flushWord()
        if !words.isEmpty {
          segments.append(.words(words))
          words = []
        }
        run.append(Character(scalar))
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A:
        if !run.isEmpty {
          segments.append(.hangul(run))
          run = []
        }
        let byte = UInt8(scalar.value)
        word.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
      default:
        flushWord()
      }
    }
    flushWord()
    if !run.isEmpty { segments.append(.hangul(run)) }
    if !words.isEmpty { segments.append(.words(words)) }
    return segments
  }

  static func segments(of characters: some Sequence<Character>, kind: (Character) -> CharacterKind)
    -> [Segment]
  {
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
    for character in characters {
      switch kind(character) {
      case .syllable:
        flushWords()
        run.append(character)
      case .wordPart:
        flushRun()
        word.append(character)
      case .separator:
        flushWord()
      }
    }
    flushRun()
    flushWords()
    return segments
  }

  /// What a character is to the analyzer.
  enum CharacterKind {
    /// A precomposed Hangul syllable: part of a Hangul run.
    case syllable
    /// A letter, digit or combining mark other than Hangul: part of a word, and the end of a run.
    case wordPart
    /// Anything else: ends a word; a Hangul run goes on across it.
    case separator
  }

  /// How ``segments(of:)`` (and the ``Highlighter``) see a character.
  static func kind(of character: Character) -> CharacterKind {
    if Hangul.isSyllable(character) { return .syllable }
    if character.isLetter || character.isNumber || isCombiningMark(character) { return .wordPart }
    return .separator
  }

  /// A word lowercased without its accents: `Misérables` → `miserables`.
  static func folded(_ word: String) -> String {
    if word.isASCIIOrHangul { return word.lowercased() }
    var folded = ""
    for scalar in word.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
    where scalar.properties.generalCategory != .nonspacingMark {
      folded.unicodeScalars.append(scalar)
    }
    return folded
  }

  static func bigrams(_ run: [Character]) -> [String] {
    guard run.count > 1 else { return run.map(String.init) }
    return (0..<run.count - 1).map { String(run[$0]) + String(run[$0 + 1]) }
  }

  static func trigrams(_ run: [Character]) -> [String] {
    run.count < 3 ? [] : (0..<run.count - 2).map { String(run[$0...($0 + 2)]) }
  }

  private static func isCombiningMark(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .nonspacingMark }
  }
}
