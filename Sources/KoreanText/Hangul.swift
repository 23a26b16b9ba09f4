/// The facts of the Hangul script that text analysis needs, stated once.
public enum Hangul {
  /// The precomposed syllables, 가 (U+AC00) to 힣 (U+D7A3).
  public static let syllables: ClosedRange<UInt32> = 0xAC00...0xD7A3

  /// The nineteen initial consonants (초성), in the order the syllables are arranged by.
  public static let initials = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ")

  /// Syllables per initial consonant: 21 vowels × 28 finals.
  private static let syllablesPerInitial: UInt32 = 21 * 28

  /// `true` for a precomposed Hangul syllable.
  public static func isSyllable(_ scalar: Unicode.Scalar) -> Bool { syllables.contains(scalar.value) }

  /// `true` for a character that is one precomposed Hangul syllable.
  public static func isSyllable(_ character: Character) -> Bool {
    character.unicodeScalars.count == 1 && isSyllable(character.unicodeScalars.first!)
  }

  /// The initial consonant of a syllable (`채` → `ㅊ`), or `nil` for anything else.
  public static func initial(of scalar: Unicode.Scalar) -> Character? {
    guard isSyllable(scalar) else { return nil }
    return initials[Int((scalar.value - syllables.lowerBound) / syllablesPerInitial)]
  }
}
