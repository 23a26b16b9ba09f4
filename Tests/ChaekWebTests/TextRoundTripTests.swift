import BookModel
import Foundation
import HTTPRouting
import TestSupport
import Testing
import UserLibrary

/// Whatever text a reader sends is kept byte for byte, through the API, the library, the JSON
/// backup and the Goodreads export, or refused with a 400 that names the field: never cut, never
/// silently changed (a NUL once ended a review).
@Suite("Text round trips", .timeLimit(.minutes(10)))
struct TextRoundTripTests {
  static let id = JournalAPITests.id
  static let journal = JournalAPITests.journal

  /// The pieces texts are made of: what readers paste as well as what they type.
  static let pieces: [String] = [
    "\u{0}", "a", "책", "한강", " ", "\n", "\r\n", "\t", "e\u{301}", "\u{1100}\u{1161}", "👩‍👩‍👧", "🇰🇷",
    "\u{200F}", "\u{202E}", "\u{FEFF}", "\"", "\\", ",", "<b>", "&amp;", "\u{7F}", "\u{85}",
    String(repeating: "가", count: 2_500),
  ]

  /// A text of up to `count` pieces, seeded.
  static func text(_ generator: inout SeededGenerator, pieces count: Int = 8) -> String {
    (0..<Int.random(in: 1...count, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
      .joined()
  }

  /// The texts of an entry or a note, read as the app's clients read them (JSONSerialization would
  /// drop a U+FEFF inside a string).
  struct Texts: Decodable {
    var review = ""
    var text = ""
    var tags: [String] = []

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      review = try container.decodeIfPresent(String.self, forKey: .review) ?? ""
      text = try container.decodeIfPresent(String.self, forKey: .text) ?? ""
      tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
    }

    enum CodingKeys: String, CodingKey { case review, text, tags }
  }

  static func texts(_ reply: TestClient.Response) throws -> Texts {
    try JSONDecoder().decode(Texts.self, from: reply.body)
  }

  /// `text` as a JSON string literal (a NUL as `\u0000`).
  static func literal(_ text: String) throws -> String {
    String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
  }

  @Test func aNulKeepsTheTextAfterItInAReviewANoteAndIsRefusedInATag() async throws {
    try await AppFixture.with { app async throws in
      let review = await app.client.send(.PATCH, Self.journal, json: #"{"review":"before\u0000after"}"#)
      #expect(try review.status == 200 && (review.json()["review"] as? String) == "before\u{0}after")
      let note = await app.client.send(
        .POST, "\(Self.journal)/notes", json: #"{"kind":"note","text":"before\u0000after"}"#)
      #expect(try note.status == 201 && (note.json()["text"] as? String) == "before\u{0}after")
      let tag = await app.client.send(.PATCH, Self.journal, json: #"{"tags":["ab\u0000cd"]}"#)
      #expect(tag.status == 400 && tag.message.contains("control character"))
      let entry = try #require(try await app.library.entry(BookID(parsing: Self.id)!))
      #expect(entry.review == "before\u{0}after" && entry.notes.map(\.text) == ["before\u{0}after"])
      #expect(entry.tags.isEmpty)
      let export = await app.client.get("/api/export?format=goodreads")
      #expect(export.text.contains("before\u{0}after"))
    }
  }

  @Test func aLoneSurrogateIsRefusedNamingTheField() async throws {
    try await AppFixture.with { app async throws in
      for (target, json, field) in [
        (Self.journal, #"{"review":"a\ud800b"}"#, "review"),
        (Self.journal, #"{"tags":["ok","\udc00"]}"#, "tags[1]"),
        ("\(Self.journal)/notes", #"{"kind":"quote","text":"\ud83d"}"#, "text"),
      ] {
        let reply = await app.client.send(target.hasSuffix("notes") ? .POST : .PATCH, target, json: json)
        #expect(reply.status == 400, "\(json)")
        #expect(
          reply.message.contains("lone surrogate") && reply.message.contains("\"\(field)\""),
          "\(reply.message)")
      }
      #expect(try await app.library.savedCount() == 0, "nothing saved")
      let pair = try await app.client.send(.PATCH, Self.journal, json: #"{"review":"\ud83d\ude00"}"#).json()
      #expect(pair["review"] as? String == "😀")
    }
  }

  @Test func seededTextsRoundTripThroughTheAPITheLibraryTheBackupAndTheGoodreadsExport() async throws {
    var generator = SeededGenerator(seed: 16)
    for round in 0..<24 {
      let review = Self.text(&generator)
      let note = Self.text(&generator)
      let tag = Self.text(&generator, pieces: 3)
      try await AppFixture.with { app async throws in
        let patched = await app.client.send(
          .PATCH, Self.journal, json: #"{"review":\#(try Self.literal(review))}"#)
        #expect(patched.status == 200, "round \(round)")
        let blank = review.unicodeScalars.allSatisfy(\.properties.isWhitespace)
        let kept = blank ? "" : review
        #expect(try Array(Self.texts(patched).review.utf8) == Array(kept.utf8), "round \(round)")
        let added = await app.client.send(
          .POST, "\(Self.journal)/notes", json: #"{"kind":"quote","text":\#(try Self.literal(note))}"#)
        if note.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
          #expect(added.status == 400 && added.message.contains("text"), "round \(round)")
        } else {
          #expect(try added.status == 201 && Array(Self.texts(added).text.utf8) == Array(note.utf8))
        }
        let tagged = await app.client.send(
          .PATCH, Self.journal, json: #"{"tags":[\#(try Self.literal(tag))]}"#)
        if tagged.status == 200 {
          let named = tag.trimmingCharacters(in: .whitespacesAndNewlines)
            .precomposedStringWithCanonicalMapping
          #expect(
            try Self.texts(tagged).tags.map { Array($0.utf8) } == (named.isEmpty ? [] : [Array(named.utf8)]),
            "a tag is a name: trimmed, in NFC (round \(round))")
        } else {
          #expect(tagged.status == 400 && tagged.message.contains("tag"), "round \(round): \(tagged.message)")
        }

        // The backup holds every byte, and restores to the same library.
        let backup = try LibraryBackup.decode(await app.client.get("/api/export?format=json").body)
        let copy = try Library(path: ":memory:")
        try await copy.restore(backup)
        let restored = try #require(try await copy.entry(BookID(parsing: Self.id)!))
        #expect(Array(restored.review.utf8) == Array(kept.utf8), "round \(round)")
        #expect(try await copy.backup() == backup)

        // The Goodreads export reads back as its documentation says: the review as written, but
        // for the kind of its line breaks (each as LF).
        let csv = await app.client.get("/api/export?format=goodreads").body
        try await AppFixture.with { other async throws in
          let imported = await other.client.send(.POST, "/api/import", body: csv)
          #expect(imported.status == 200, "round \(round): \(imported.message)")
          let entry = try await other.library.entry(BookID(parsing: Self.id)!)
          let expected = String(kept.map { $0.isNewline ? "\n" : $0 })
          #expect(Array((entry?.review ?? "").utf8) == Array(expected.utf8), "round \(round)")
        }
      }
    }
  }
}
