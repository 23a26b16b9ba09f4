import Foundation
import HTTPRouting
import HTTPTransport
import TestSupport
import Testing

/// Handlers read JSON and form bodies; what does not decode is a 400 with the reason, without a
/// catch in the handler.
@Suite("Request bodies in handlers")
struct BodyTests {
  struct Note: Codable, Equatable {
    let isbn: String
    let text: String
    let stars: Int
  }

  static let client: TestClient = {
    var router = Router()
    router.post("/notes") { request in
      let note = try request.decode(Note.self)
      return try .json(Note(isbn: note.isbn, text: note.text + "!", stars: note.stars + 1), status: 201)
    }
    router.post("/form") { try .json(try $0.form()) }
    return TestClient(Responder(router: router))
  }()

  @Test func aJSONBodyDecodesAndTheReplyKeepsItsSlashes() async throws {
    let note = Note(isbn: "9788936433598", text: "좋은 책 / 추천", stars: 4)
    let created = await Self.client.send(.POST, "/notes", body: try JSONEncoder().encode(note))
    #expect(created.status == 201)
    #expect(created.headers["Content-Type"] == "application/json; charset=utf-8")
    #expect(created.text == #"{"isbn":"9788936433598","stars":5,"text":"좋은 책 / 추천!"}"#)
  }

  @Test func aJSONBodyThatDoesNotDecodeIsA400WithTheReason() async {
    let invalid = await Self.client.send(.POST, "/notes", body: Data(#"{"isbn":"1","text":"t"}"#.utf8))
    #expect(invalid.status == 400)
    #expect(invalid.text == #"invalid JSON body: missing "stars""#)
  }

  @Test func aFormBodyDecodes() async throws {
    let form = await Self.client.send(
      .POST, "/form",
      body: Data("title=%ED%95%B4%EB%A6%AC+%ED%8F%AC%ED%84%B0&note=a%2Bb%26c&empty=&flag".utf8))
    #expect(
      try JSONDecoder().decode([String: String].self, from: form.body)
        == ["title": "해리 포터", "note": "a+b&c", "empty": "", "flag": ""])
    let bad = await Self.client.send(.POST, "/form", body: Data("a=%ZZ".utf8))
    #expect(bad.status == 400)
    #expect(bad.text.contains("bad percent escape"))
  }
}
