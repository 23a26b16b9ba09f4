/// Hangul as typed on a 2-beolsik (두벌식) keyboard: a syllable is its keys in order (`식` →
/// `ㅅㅣㄱ`, `과` → `ㄱㅗㅏ`, `닭` → `ㄷㅏㄹㄱ`), so that whatever a keyboard shows while a word is
/// typed (`채시` on the way to `채식`, `퐅` on the way to `포터`, a bare `ㅍ`) is, as keys, a
/// prefix of the word's keys.
extension Hangul {
  /// The twenty-one vowels (중성), in the order the syllables are arranged by.
  public static let vowels = Array("ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ")

  /// The twenty-seven final consonants (종성), in the order the syllables are arranged by; index 0
  /// of a syllable's final is "none", so final `n` is `finals[n - 1]`.
  public static let finals = Array("ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ")

  /// The letters typed as two keys: compound vowels and compound finals.
  public static let compounds: [Character: String] = [
    "ㅘ": "ㅗㅏ", "ㅙ": "ㅗㅐ", "ㅚ": "ㅗㅣ", "ㅝ": "ㅜㅓ", "ㅞ": "ㅜㅔ", "ㅟ": "ㅜㅣ", "ㅢ": "ㅡㅣ",
    "ㄳ": "ㄱㅅ", "ㄵ": "ㄴㅈ", "ㄶ": "ㄴㅎ", "ㄺ": "ㄹㄱ", "ㄻ": "ㄹㅁ", "ㄼ": "ㄹㅂ", "ㄽ": "ㄹㅅ",
    "ㄾ": "ㄹㅌ", "ㄿ": "ㄹㅍ", "ㅀ": "ㄹㅎ", "ㅄ": "ㅂㅅ",
  ]

  /// A syllable's parts as indices: initial (0..<19), vowel (0..<21), final (0 for none, 1...27).
  public static func parts(of scalar: Unicode.Scalar) -> (initial: Int, vowel: Int, final: Int)? {
    guard isSyllable(scalar) else { return nil }
    let index = Int(scalar.value - syllables.lowerBound)
    return (index / 588, index % 588 / 28, index % 28)
  }

  /// The syllable of these parts (see ``parts(of:)``).
  public static func syllable(initial: Int, vowel: Int, final: Int = 0) -> Character {
    Character(Unicode.Scalar(syllables.lowerBound + UInt32(initial * 588 + vowel * 28 + final))!)
  }

  /// The keys typed for a text: each syllable and each compound letter as its keys, anything
  /// else as it is (`해리 포터` → `ㅎㅐㄹㅣ ㅍㅗㅌㅓ`).
  public static func keystrokes(_ text: String) -> String {
    // A scalar becomes at most six keys of three bytes each (a syllable of a compound vowel and a
    // compound final); anything else keeps its bytes.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.utf8.count * 6) { output in
      var count = 0
      func append(_ bytes: [UInt8]) {
        for byte in bytes {
          output[count] = byte
          count += 1
        }
      }
      for scalar in text.unicodeScalars {
        if scalar.isASCII {
          output[count] = UInt8(scalar.value)  // most of a Latin title's letters
          count += 1
        } else if let (initial, vowel, final) = parts(of: scalar) {
          append(Keys.initials[initial])
          append(Keys.vowels[vowel])
          if final > 0 { append(Keys.finals[final - 1]) }
        } else if let keys = Keys.compounds[scalar] {
          append(keys)
        } else {
          UTF8.encode(scalar) { byte in
            output[count] = byte
            count += 1
          }
        }
      }
      return String(decoding: UnsafeBufferPointer(rebasing: output[..<count]), as: UTF8.self)
    }
  }

  /// The keys of each letter, as UTF-8 bytes: what ``keystrokes(_:)`` writes.
  private enum Keys {
    static let initials = Hangul.initials.map(keys)
    static let vowels = Hangul.vowels.map(keys)
    static let finals = Hangul.finals.map(keys)
    static let compounds = Dictionary(
      uniqueKeysWithValues: Hangul.compounds.map { ($0.key.unicodeScalars.first!, Array($0.value.utf8)) })

    static func keys(_ letter: Character) -> [UInt8] {
      Array((Hangul.compounds[letter] ?? String(letter)).utf8)
    }
  }
}
