import Foundation
import HTTPRouting
import HTTPTransport
import Testing

/// `HTTPRequest.decode` reads JSON strictly: what Foundation's decoder would let through, or read
/// as something else, is refused with a message.
@Suite("Strict JSON bodies")
struct JSONBodyTests {
  struct Note: Decodable, Equatable {
    let title: String
    let stars: Int
    let tags: [String]?
  }

  static func decode(_ text: String) throws -> Note {
    try HTTPRequest(method: .PUT, path: "/", body: Data(text.utf8)).decode(Note.self)
  }

  @Test func aValidDocumentDecodes() throws {
    let note = try Self.decode(#" {"title":"채식주의자","stars":5,"tags":["a","\u00e9\n"]} "#)
    #expect(note == Note(title: "채식주의자", stars: 5, tags: ["a", "é\n"]))
    #expect(try Self.decode(#"{"title":"x","stars":1e3,"tags":null}"#).stars == 1000)
  }

  @Test(arguments: [
    (#"{"title":"x","stars":1,}"#, "a trailing comma in an object"),
    (#"{"title":"x","stars":1,"tags":["a",]}"#, "a trailing comma in an array"),
    (#"{"title":"x","title":"y","stars":1}"#, #"the key "title" is repeated"#),
    (#"{"title":"x","titl\u0065":"y","stars":1}"#, #"the key "title" is repeated"#),
    (#"{"title":"x","stars":1e400}"#, "the number 1e400 is out of range"),
    (#"{"title":"x","stars":01}"#, "a number with a leading zero"),
    (#"{"title":"x","stars":1} {"#, "text after the JSON value"),
    (#"{"title":"x","stars":NaN}"#, "an unexpected character"),
    ("{\"title\":\"a\tb\",\"stars\":1}", "a control character in a string"),
    (#"{"title":"\x","stars":1}"#, "a bad escape"),
    (String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "nested deeper than 64"),
    ("", "the text ends where a value should be"),
  ])
  func malformedJSONIsRefusedWithTheReason(text: String, reason: String) throws {
    let error = try #require(throws: HTTPRequestError.self) { try Self.decode(text) }
    #expect(error.message.contains(reason), "\(error.message)")
  }

  @Test(arguments: [
    #"{"title":"x","stars":99999999999999999999}"#, #"{"title":"x","stars":1.5}"#,
    #"{"title":"x","stars":-9223372036854775809}"#, #"{"title":"x","stars":1e19}"#,
  ])
  func aNumberThatDoesNotFitItsIntegerIsRefusedNotReadAsZero(text: String) throws {
    let error = try #require(throws: HTTPRequestError.self) { try Self.decode(text) }
    #expect(error.message.contains("invalid JSON body"))
  }
}
