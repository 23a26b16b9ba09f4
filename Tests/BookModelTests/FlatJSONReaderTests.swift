import Foundation
import TestSupport
import Testing

@testable import BookModel

/// `Book(json:)` reads what `JSONDecoder` reads, the same, and refuses what it refuses: read by
/// ``FlatJSONReader`` when the text is flat, by `JSONDecoder` otherwise.
@Suite("Books read from JSON without JSONDecoder")
struct FlatJSONReaderTests {
  /// What `JSONDecoder` makes of `json`: the book, or that it threw.
  static func decoded(_ json: String) -> Book? {
    try? JSONDecoder().decode(Book.self, from: Data(json.utf8))
  }

  /// Random texts of the characters JSON escapes, Hangul, Latin, combining marks and emoji.
  static func text(_ random: inout SeededGenerator) -> String {
    let pieces = [
      "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "채식", "주의자", "the ", "Vegetarian", "e\u{301}",
      "👩‍👩‍👧", "\u{2028}", " ", "1", "<", "&", "\u{8}\u{C}\r",
    ]
    return (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }
      .joined()
  }

  @Test func everyBookWrittenIsReadAsJSONDecoderReadsIt() throws {
    var random = SeededGenerator(seed: 19)
    var books = JSONTextTests.books()
    for number in 0..<2_000 {
      books.append(
        Book(
          title: "책 \(number) " + Self.text(&random), contents: Self.text(&random), url: Self.text(&random),
          isbn: Self.text(&random),
          datetime: Bool.random(using: &random)
            ? Date(
              timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &random)))
            : nil,
          authors: (0..<Int.random(in: 0...3, using: &random)).map { _ in Self.text(&random) },
          publisher: Self.text(&random), translators: Bool.random(using: &random) ? [Self.text(&random)] : [],
          price: Int.random(in: -10...100_000, using: &random),
          salePrice: Int.random(in: -1...1_000, using: &random),
          thumbnail: Self.text(&random), status: Self.text(&random)))
    }
    var flat = 0
    for book in books {
      for escaping in [true, false] {
        let json = book.jsonString(escapingSlashes: escaping)
        let expected = try #require(Self.decoded(json))
        #expect(try Book(json: json) == expected, "\(json)")
        if let read = Book(flatJSON: json) {
          #expect(read == expected, "\(json)")
          flat += 1
        }
      }
    }
    #expect(flat >= 4_000, "every generated book is flat and has a Hangul title")
  }

  /// Texts at the edges of JSON and of what a book is: each read as `JSONDecoder` reads it.
  static let edges = [
    #"{"title":"흰"}"#, #" { "title" : "흰" , "authors" : [ "한강" , "x" ] } "#, "{\n\t\"title\":\"흰\"\r\n}",
    #"{"title":"흰","authors":null,"contents":null,"price":null}"#, #"{"title":"흰","price":"15000"}"#,
    #"{"title":"흰","price":" 15000"}"#, #"{"title":"흰","price":"abc","sale_price":[]}"#,
    #"{"title":"흰","price":1.5}"#, #"{"title":"흰","price":2.0}"#, #"{"title":"흰","price":1e3}"#,
    #"{"title":"흰","price":-0}"#, #"{"title":"흰","price":01}"#, #"{"title":"흰","price":-}"#,
    #"{"title":"흰","price":99999999999999999999}"#, #"{"title":"흰","price":9223372036854775807}"#,
    #"{"title":"흰","price":-9223372036854775808}"#, #"{"title":"흰","price":true}"#,
    #"{"title":"흰","title":"검은"}"#, #"{"title":"흰","price":1,"price":2}"#,
    #"{"title":"흰","price":1,"sale_price":2}"#, #"{"title":"흰","authors":["a"],"authors":["b"]}"#,
    #"{"title":"흰","pages":1,"pages":2}"#, #"{"work":"a","title":"흰","work":"b"}"#,
    #"{"title":"흰","other":{"a":[1,2]},"more":[1,"2"],"flag":false}"#,
    #"{"title":"흰","unknown":"x","unknown":"y"}"#, #"{"title":"\ud83d\ude00 흰"}"#, #"{"title":"\ud83d 흰"}"#,
    #"{"title":"\ude00 흰"}"#, #"{"title":"흰\u0000 책"}"#, #"{"title":"흰\x"}"#, #"{"title":"흰\u12"}"#,
    #"{"title":"흰"} x"#, #"{"title":"흰",}"#, #"{,"title":"흰"}"#, "{}", "", "[]", "null", #""흰""#,
    #"{"contents":"흰"}"#, #"{"title":""}"#, #"{"title":"   "}"#, "{\"title\":\"\u{3000}\"}",
    "{\"title\":\"\u{A0}책\"}", #"{"title":"\u00e9"}"#, #"{"title":"é"}"#, #"{"title":42}"#,
    #"{"title":"흰","authors":"한강"}"#, #"{"title":"흰","authors":["한강",null]}"#,
    #"{"title":"흰","authors":[1]}"#,
    "{\"title\":\"흰\tb\"}", #"{"title":"흰","datetime":"2014-11-17T00:00:00.000+09:00"}"#,
    #"{"title":"흰","datetime":"2014-11-17T00:00:00+09:00"}"#, #"{"title":"흰","datetime":"sometime"}"#,
    #"{"title":"흰","datetime":" 2014-11-17T00:00:00.000+09:00 "}"#,
    #"{"title":"흰","isbn":" 9788936433598 "}"#,
    "\u{FEFF}{\"title\":\"흰\"}", #"{"title" "흰"}"#, #"{"title":"흰""#, #"{"title":nul}"#,
  ]

  /// A member a book reads, given twice, is left to `JSONDecoder`; two different ones are not.
  @Test func aRepeatedMemberIsLeftToJSONDecoder() {
    for member in [#""title":"검은""#, #""price":2"#, #""sale_price":2"#, #""authors":["b"]"#, #""pages":2"#] {
      #expect(Book(flatJSON: #"{"title":"흰",\#(member),\#(member)}"#) == nil, "\(member)")
      #expect(Book(flatJSON: #"{"title":"흰",\#(member)}"#) != nil || member.hasPrefix(#""title""#))
    }
    #expect(Book(flatJSON: #"{"title":"흰","price":1,"sale_price":2,"pages":3,"work":"w"}"#) != nil)
  }

  @Test(arguments: edges)
  func anEdgeIsReadAsJSONDecoderReadsIt(json: String) {
    let expected = Self.decoded(json)
    #expect((try? Book(json: json)) == expected)
    if let read = Book(flatJSON: json) { #expect(read == expected) }
  }

  /// One ASCII byte of a book's JSON changed, 3,000 times: each text read as `JSONDecoder`
  /// reads it, or refused as it refuses it.
  @Test func aTextWithAByteChangedIsReadAsJSONDecoderReadsIt() throws {
    var random = SeededGenerator(seed: 20)
    let book = Book(
      title: "채식주의자 \"The Vegetarian\"", contents: "a\\b/c", url: "https://books.example/1",
      isbn: "9788936433598", datetime: Date(timeIntervalSince1970: 1_400_000_000), authors: ["한강", "Han"],
      publisher: "창비", translators: ["Deborah Smith"], price: 12_000, salePrice: 10_800)
    let original = Array(book.jsonString(escapingSlashes: true).utf8)
    let replacements = Array(#"{}[],:" \/0123456789-.eEnulltruefalsex"#.utf8)
    var flat = 0
    for _ in 0..<3_000 {
      var bytes = original
      let ascii = bytes.indices.filter { bytes[$0] < 0x80 }
      bytes[ascii.randomElement(using: &random)!] = replacements.randomElement(using: &random)!
      let json = String(decoding: bytes, as: UTF8.self)
      let expected = Self.decoded(json)
      #expect((try? Book(json: json)) == expected, "\(json)")
      if let read = Book(flatJSON: json) {
        #expect(read == expected, "\(json)")
        flat += 1
      }
    }
    #expect(flat > 1_000)
  }
}
