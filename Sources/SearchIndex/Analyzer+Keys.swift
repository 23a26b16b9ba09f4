import BookModel

/// Comparison keys that rank matches: a text folded to lowercase letters and digits without
/// accents, spaces or punctuation (`The Hunger Games!` → `thehungergames`, `해리 포터와` →
/// `해리포터와`), Hangul initials (`채식주의자` → `ㅊㅅㅈㅇㅈ`), and one-letter typo variants.
public enum SearchKeys {
  /// The folded key of a text; equal keys mean "the same words", whatever the spacing or accents.
  public static func key(_ text: String) -> String {
    if text.isASCIIOrHangul {
      var key = String.UnicodeScalarView()
      for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x41...0x5A: key.append(Unicode.Scalar(UInt8(scalar.value + 0x20)))
        case 0x30...0x39, 0x61...0x7A, Hangul.syllables: key.append(scalar)
        default: break
        }
      }
      return String(key)
    }
    var key = ""
    for scalar in text.nfc.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
      if (0x1100...0x11FF).contains(scalar.value) {
        key.unicodeScalars.append(scalar)  // conjoining jamo of a decomposed syllable: recomposed below
      } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
        if scalar.properties.generalCategory != .nonspacingMark { key.unicodeScalars.append(scalar) }
      }
    }
    return key.precomposedStringWithCanonicalMapping
  }

  /// The key of a title without a trailing series note: `The Hunger Games (The Hunger Games, #1)`
  /// → the key of `The Hunger Games`.
  public static func baseKey(ofTitle title: String) -> String {
    guard title.hasSuffix(")"), let open = title.lastIndex(of: "("), open > title.startIndex else {
      return key(title)
    }
    return key(String(title[..<open]))
  }

  // MARK: - 초성 (Hangul initials)

  /// The initial consonant of every Hangul syllable, other characters dropped: `채식주의자` →
  /// `ㅊㅅㅈㅇㅈ`, `해리 포터` → `ㅎㄹㅍㅌ`.
  public static func initialsKey(_ text: String) -> String {
    String(text.nfc.unicodeScalars.compactMap(Hangul.initial(of:)))
  }

  /// `true` when a query is only Hangul initial consonants (ㄱ to ㅎ), at least two of them,
  /// spaces allowed: a 초성 search.
  public static func isInitialsQuery(_ query: String) -> Bool {
    let letters = query.nfc.filter { !$0.isWhitespace }
    return letters.count >= 2 && letters.allSatisfy { Hangul.initials.contains($0) }
  }

  // MARK: - Typos

  /// Every word one edit away (insert, delete, replace or swap a letter a–z) from a lowercase
  /// Latin word, the word itself first.
  public static func typoVariants(of word: String) -> [String] {
    let letters = Array(word)
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
    var variants: [String] = [word]
    var seen: Set<String> = [word]
    func add(_ characters: [Character]) {
      let variant = String(characters)
      if seen.insert(variant).inserted { variants.append(variant) }
    }
    for index in 0...letters.count {
      for letter in alphabet { add(Array(letters[..<index]) + [letter] + Array(letters[index...])) }
      guard index < letters.count else { continue }
      add(Array(letters[..<index]) + Array(letters[(index + 1)...]))
      for letter in alphabet where letter != letters[index] {
        var replaced = letters
        replaced[index] = letter
        add(replaced)
      }
      if index + 1 < letters.count {
        var swapped = letters
        swapped.swapAt(index, index + 1)
        add(swapped)
      }
    }
    return variants
  }
}
