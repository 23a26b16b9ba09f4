import Foundation
import Testing

@testable import BookModel

@Suite("JSONText: books and pages written as JSONEncoder writes them")
struct JSONTextTests {
  /// Texts with everything JSON escapes or might: quotes, backslashes, slashes, every control
  /// character, DEL, Hangul, combining marks, emoji, U+2028.
  static let texts = [
    "", "plain", "say \"hi\"", "back\\slash", "https://books.example/a?b=c&d", "탭\t줄\n바꿈\r",
    String((0..<0x20).map { Character(Unicode.Scalar($0)!) }), "\u{7F}", "채식주의자", "e\u{301}",
    "👩‍👩‍👧 책", "line\u{2028}sep\u{2029}", "</script>",
  ]

  static func books() -> [Book] {
    texts.enumerated().map { index, text in
      Book(
        title: text.isEmpty ? "제목" : text, contents: text, url: text, isbn: text,
        datetime: index.isMultiple(of: 2) ? nil : Date(timeIntervalSince1970: Double(index) * 86_400 * 3_000),
        authors: index.isMultiple(of: 3) ? [] : [text, "한강"], publisher: text,
        translators: index.isMultiple(of: 4) ? [text] : [], price: index * 1_000 - 3, salePrice: -index,
        thumbnail: text, status: text)
    }
  }

  @Test(arguments: [true, false])
  func aBookIsWrittenByteForByteAsJSONEncoderWritesIt(escapingSlashes: Bool) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = escapingSlashes ? [.sortedKeys] : [.sortedKeys, .withoutEscapingSlashes]
    for book in Self.books() {
      let expected = try encoder.encode(book)
      #expect(
        book.json(escapingSlashes: escapingSlashes) == expected,
        "\(String(decoding: expected, as: UTF8.self))")
      #expect(try JSONDecoder().decode(Book.self, from: book.json(escapingSlashes: escapingSlashes)) == book)
    }
  }

  @Test(arguments: [0, 1, 13])
  func aPageIsWrittenByteForByteAsJSONEncoderWritesIt(count: Int) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for isEnd in [true, false] {
      let page = SearchPage(
        documents: Array(Self.books().prefix(count)),
        meta: .init(totalCount: 1_234 + count, pageableCount: 500, isEnd: isEnd))
      #expect(page.json(escapingSlashes: false) == (try encoder.encode(page)))
    }
  }
}
