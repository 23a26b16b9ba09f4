import BookModel
import Foundation
import Testing
import UserLibrary

@Suite("chaek searches")
struct SearchesCommandTests {
  @Test func listsDeletesClearsAndTurnsRecordingOff() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    #expect(await chaek.run("searches").out == "No recent searches.\n")
    let library = try Library(path: chaek.home.appendingPathComponent("library.sqlite").path)
    for query in ["해리포터", "채식주의자", "Dune"] { try await library.searches.record(query) }

    let list = await chaek.run("searches")
    #expect(list.status == 0)
    let lines = list.out.split(separator: "\n")
    #expect(lines.first?.hasPrefix("ID  QUERY") == true)
    #expect(lines.dropFirst().map { $0.split(separator: " ")[1] } == ["Dune", "채식주의자", "해리포터"])

    let json = await chaek.run("searches", "--json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect(object["recording"] as? Bool == true)
    let searches = try #require(object["searches"] as? [[String: Any]])
    #expect(Set(searches[0].keys) == ["id", "query", "searched_at"])
    let id = try #require(searches.first { $0["query"] as? String == "채식주의자" }?["id"] as? Int)

    #expect(await chaek.run("searches", "--delete", String(id)).status == 0)
    let missing = await chaek.run("searches", "--delete", String(id))
    #expect(missing.status == 1 && missing.err.contains("no recent search \(id)"))
    #expect(try await library.searches.history().searches.map(\.query) == ["Dune", "해리포터"])

    let off = await chaek.run("searches", "--off")
    #expect(off.out.hasSuffix("Recording searches is off (`chaek searches --on` turns it on).\n"))
    #expect(try await library.searches.record("꺼진 동안") == false)
    let cleared = await chaek.run("searches", "--clear", "--on")
    #expect(cleared.out == "No recent searches.\n")
    #expect(try await library.searches.history().recording)
    #expect(await chaek.run("searches", "--on", "--off").status == 2)
    #expect(await chaek.run("searches", "해리포터").status == 2)
  }

  @Test func chaekSearchRecordsNothing() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    #expect(await chaek.run("search", "채식", "--source", "local").status == 0)
    #expect(await chaek.run("searches", "--json").out == "{\"recording\":true,\"searches\":[]}\n")
  }
}
