/// What a 2-beolsik keyboard shows while a text is typed, key by key: `해리` → `ㅎ`, `해`, `핼`,
/// `해리`. Benchmarks and tests type titles with it, as a person would, to ask for suggestions.
extension Hangul {
  /// The text shown after each key of `text` (see ``keystrokes(_:)``) but spaces, in order; the
  /// last is `text` itself (in its syllables' keys' composition).
  public static func typingStates(of text: String) -> [String] {
    var composer = Composer()
    var states: [String] = []
    for key in keystrokes(text) {
      composer.type(key)
      if !key.isWhitespace { states.append(composer.shown) }
    }
    return states
  }

  /// A 2-beolsik composer: committed text and the syllable being composed.
  struct Composer {
    private static let combined = Dictionary(uniqueKeysWithValues: compounds.map { ($0.value, $0.key) })

    private(set) var committed = ""
    private var initial: Character?
    private var vowel: Character?
    private var final: Character?

    /// The text as shown: committed, then the syllable being composed.
    var shown: String { committed + composing }

    private var composing: String {
      guard let vowel else { return initial.map(String.init) ?? "" }
      guard let initial, let l = initials.firstIndex(of: initial), let v = vowels.firstIndex(of: vowel) else {
        return (initial.map(String.init) ?? "") + String(vowel)
      }
      let t = final.flatMap { finals.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
      return String(syllable(initial: l, vowel: v, final: t))
    }

    private mutating func commit() {
      committed += composing
      (initial, vowel, final) = (nil, nil, nil)
    }

    /// Types one key.
    mutating func type(_ key: Character) {
      if vowels.contains(key) {
        typeVowel(key)
      } else if initials.contains(key) {
        typeConsonant(key)
      } else {
        commit()
        committed.append(key)
      }
    }

    private mutating func typeConsonant(_ key: Character) {
      if initial != nil, vowel != nil {
        if final == nil, finals.contains(key) {
          final = key
          return
        }
        if let final, let both = Self.combined[String(final) + String(key)] {
          self.final = both
          return
        }
      }
      commit()
      initial = key
    }

    private mutating func typeVowel(_ key: Character) {
      if let final {
        // The final consonant (or a compound's second) begins the next syllable.
        let parts = Array(compounds[final] ?? String(final))
        self.final = parts.count == 2 ? parts[0] : nil
        commit()
        (initial, vowel) = (parts.last, key)
      } else if initial != nil, vowel == nil {
        vowel = key
      } else if let vowel, let both = Self.combined[String(vowel) + String(key)] {
        self.vowel = both
      } else {
        commit()
        vowel = key
      }
    }
  }
}
