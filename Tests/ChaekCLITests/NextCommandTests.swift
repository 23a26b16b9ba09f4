import Foundation
import TestSupport
import Testing

@testable import ChaekCLI

@Suite("chaek next")
struct NextCommandTests {
  @Test func suggestsTheNextVolumeAndTheAuthorsOtherBooksWithWhy() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let empty = await chaek.run("next")
    #expect(empty.status == 0 && empty.out.hasPrefix("Nothing to suggest yet"))

    #expect(await chaek.run("finished", "9788936433598", "--source", "local").status == 0)
    #expect(await chaek.run("rate", "9788936433598", "5", "--source", "local").status == 0)
    let plain = await chaek.run("next")
    #expect(plain.status == 0 && plain.out.contains("WHY") && plain.out.contains("한강의 다른 책"), "\(plain.out)")
    #expect(!plain.out.contains("채식주의자"), "a book read is not suggested")

    let json = await chaek.run("next", "--json")
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
    #expect(!entries.isEmpty && entries.allSatisfy { $0["why"] as? String == "한강의 다른 책" })
    #expect((entries.first?["book"] as? [String: Any])?["authors"] as? [String] == ["한강"])
  }
}
