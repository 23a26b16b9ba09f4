/// An International Standard Book Number, validated and normalised.
///
/// Parses ISBN-10 and ISBN-13 written with or without hyphens and spaces, checks the check digit,
/// and converts between the two forms. Every ISBN-10 has an ISBN-13 (prefix 978); only 978-prefixed
/// ISBN-13s have an ISBN-10.
///
/// Numbers whose check digit happens to fit but that are no book's are rejected: 13-digit EANs of
/// other products (every ISBN-13 starts with 978 or 979: `4006381333931` is a pencil), and an ISBN
/// that is zeros but for its check digit (`0000000000`, what a spreadsheet makes of a `0`).
public struct ISBN: Hashable, Sendable, CustomStringConvertible {
  /// The 13-digit form, digits only.
  public let isbn13: String

  /// Parses an ISBN-10 or ISBN-13; returns `nil` when the text is not a valid ISBN.
  public init?(_ text: some StringProtocol) {
    var characters: [Character] = []
    for character in text {
      if character == "-" || character == " " { continue }
      guard character.isASCII, character.isNumber || character == "X" || character == "x" else {
        return nil
      }
      characters.append(character == "x" ? "X" : character)
    }
    switch characters.count {
    case 10:
      guard !characters.dropLast().contains("X"), characters.dropLast().contains(where: { $0 != "0" }),
        let isbn13 = ISBN.isbn13(fromISBN10: characters)
      else { return nil }
      self.isbn13 = isbn13
    case 13:
      guard !characters.contains("X"), ["978", "979"].contains(String(characters.prefix(3))),
        characters.dropFirst(3).dropLast().contains(where: { $0 != "0" })
      else { return nil }
      let digits = characters.map { Int(String($0))! }
      guard ISBN.checkDigit13(digits.prefix(12)) == digits[12] else { return nil }
      self.isbn13 = String(characters)
    default:
      return nil
    }
  }

  /// The 10-digit form, or `nil` when this ISBN-13 does not start with 978.
  public var isbn10: String? {
    guard isbn13.hasPrefix("978") else { return nil }
    let body = isbn13.dropFirst(3).dropLast().map { Int(String($0))! }
    let sum = body.enumerated().reduce(0) { $0 + (10 - $1.offset) * $1.element }
    let check = (11 - sum % 11) % 11
    return body.map(String.init).joined() + (check == 10 ? "X" : String(check))
  }

  /// The ISBNs as Kakao's `isbn` field writes them: the ISBN-10 and the ISBN-13 separated by a
  /// space (`0439023483 9780439023481`), or the ISBN-13 alone when there is no ISBN-10.
  public var kakaoNotation: String { [isbn10, isbn13].compactMap { $0 }.joined(separator: " ") }

  public var description: String { isbn13 }

  // MARK: - Check digits

  private static func isbn13(fromISBN10 characters: [Character]) -> String? {
    let values = characters.map { $0 == "X" ? 10 : Int(String($0))! }
    let sum = values.enumerated().reduce(0) { $0 + (10 - $1.offset) * $1.element }
    guard sum % 11 == 0 else { return nil }
    let body = [9, 7, 8] + values.prefix(9)
    return (body + [checkDigit13(body[...])]).map(String.init).joined()
  }

  private static func checkDigit13(_ digits: ArraySlice<Int>) -> Int {
    let sum = digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
    return (10 - sum % 10) % 10
  }
}
