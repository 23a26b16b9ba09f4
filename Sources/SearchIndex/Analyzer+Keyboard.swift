import KoreanText

/// 한/영 slips: a query typed with the keyboard in the other mode (2-beolsik), read as what its
/// keys would have typed (see ``KoreanText/Hangul/fromLatinKeys(_:)``): searches and 자동완성 look
/// for that reading too, after what was typed.
extension Analyzer {
  /// What `query` reads as typed in the other keyboard mode, or `nil` when that reading names
  /// nothing: its Latin words whose keys compose into Hangul syllables only (`qkfltmxk` → 바리스타,
  /// `harry vhxj` → `harry 포터`; `the` → `소ㄷ` is no Hangul word); else, in a query of no Latin
  /// letter, its Hangul as Latin keys (`ㅗ디ㅣㅐ` → `hello`). A 초성 query is meant as it is.
  ///
  /// With `typing`, the query is being typed: its last word may end in a letter that does not
  /// make a syllable yet (`dkss` → `안ㄴ`, on the way to 안녕).
  public static func otherKeyboardReading(_ query: String, typing: Bool = false) -> String? {
    let query = query.nfc
    guard !isInitialsQuery(query) else { return nil }
    let words = query.split(whereSeparator: \.isWhitespace)
    guard words.contains(where: { $0.contains(where: isLatinLetter) }) else {
      guard query.unicodeScalars.contains(where: isHangul) else { return nil }
      return words.map { Hangul.latinKeys(of: String($0)) }.joined(separator: " ")
    }
    var changed = false
    let read = words.enumerated().map { position, word -> String in
      guard word.allSatisfy(isLatinLetter) else { return String(word) }
      var reading = Hangul.fromLatinKeys(String(word))
      let isLast = typing && position == words.count - 1
      if isLast, let last = reading.last, Hangul.initials.contains(last) || Hangul.finals.contains(last) {
        reading.removeLast()
      }
      guard !reading.isEmpty, reading.allSatisfy(Hangul.isSyllable) else { return String(word) }
      changed = true
      return Hangul.fromLatinKeys(String(word))
    }
    return changed ? read.joined(separator: " ") : nil
  }

  private static func isLatinLetter(_ character: Character) -> Bool {
    character.isASCII && character.isLetter
  }

  private static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
    Hangul.isSyllable(scalar) || (0x3131...0x318E).contains(scalar.value)
  }
}
