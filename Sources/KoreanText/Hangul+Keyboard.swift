/// Text typed with the keyboard in the wrong mode (한/영): the same keys of a 2-beolsik keyboard
/// read as Hangul or as Latin letters. `qkfltmxk` is 바리스타 typed in English mode, `ㅗ디ㅣㅐ`
/// is hello typed in Korean mode.
extension Hangul {
  /// The letter each Latin key types in Korean mode: lowercase, then the shifted keys that type
  /// another letter (`Q` → ㅃ); any other capital types what its lowercase key does.
  public static let keyboard: [Character: Character] = {
    var letters: [Character: Character] = [:]
    for (key, letter) in zip("qwertyuiopasdfghjklzxcvbnm", "ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔㅁㄴㅇㄹㅎㅗㅓㅏㅣㅋㅌㅊㅍㅠㅜㅡ") {
      letters[key] = letter
      letters[Character(key.uppercased())] = letter
    }
    for (key, letter) in zip("QWERTOP", "ㅃㅉㄸㄲㅆㅒㅖ") { letters[key] = letter }
    return letters
  }()

  /// The Latin key of each letter (a shifted key as its capital), the inverse of ``keyboard``.
  private static let latinKeys: [Character: Character] = {
    var keys: [Character: Character] = [:]
    for (key, letter) in keyboard where keys[letter] == nil || key.isLowercase { keys[letter] = key }
    return keys
  }()

  /// `text`'s Latin keys read in Korean mode and composed as a 2-beolsik keyboard composes them
  /// (`dkssud` → `안녕`, `qkfltmx` → `바리슽`); anything but a Latin letter stays as it is.
  public static func fromLatinKeys(_ text: String) -> String {
    var composer = Composer()
    for character in text { composer.type(keyboard[character] ?? character) }
    return composer.shown
  }

  /// The Latin keys that type `text`'s Hangul in Korean mode (`ㅗ디ㅣㅐ` → `hello`, `안녕` →
  /// `dkssud`); anything but Hangul stays as it is.
  public static func latinKeys(of text: String) -> String {
    String(keystrokes(text).map { latinKeys[$0] ?? $0 })
  }
}
