import KoreanText

/// Completion keys: what a text is found by while it is being typed (see ``Searcher/suggestions(for:in:limit:)``).
///
/// A text's completion key is its folded ``key(_:)`` with Hangul as 2-beolsik keys
/// (``KoreanText/Hangul/keystrokes(_:)``): `해리 포터` → `ㅎㅐㄹㅣㅍㅗㅌㅓ`, `Les Misérables` →
/// `lesmiserables`. Typed text completes a text when its key is a prefix of the text's, so
/// spacing, case and accents are ignored, a last syllable may still grow (`채시` → 채식, `퐅` →
/// 포터) and a last bare letter stands for the syllables it begins (`해리ㅍ` → 해리 포터). Typed
/// 초성 alone (`ㅎㄹㅍㅌ`) complete a text whose initials begin with them.
extension Analyzer {
  /// The completion key of a text (or of typed text).
  public static func completionKey(_ text: String) -> String {
    Hangul.keystrokes(key(text))
  }

  /// The initials typed, when `typed` is a 초성 query (``isInitialsQuery(_:)``), spaces removed;
  /// else `nil`.
  public static func typedInitials(_ typed: String) -> String? {
    isInitialsQuery(typed) ? String(typed.nfc.filter { !$0.isWhitespace }) : nil
  }

  /// `true` when `typed` is the beginning of `text` as it is being typed: its completion key a
  /// prefix of the text's, or its 초성 a prefix of the text's initials. Empty typing completes
  /// nothing. The one matcher of typed text: the index's suggestions obey it too.
  public static func completes(_ text: String, typed: String) -> Bool {
    if let initials = typedInitials(typed) {
      return initialsKey(text).unicodeScalars.starts(with: initials.unicodeScalars)
    }
    let prefix = completionKey(typed)
    return !prefix.isEmpty && completionKey(text).unicodeScalars.starts(with: prefix.unicodeScalars)
  }
}
