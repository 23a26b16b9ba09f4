import Foundation
import HTTPRouting
import HTTPTransport
import Testing

/// What the offline app needs from the server: its service worker, and replayed changes decided by
/// the time they were made.
@Suite("Offline", .timeLimit(.minutes(10)))
struct OfflineTests {
  static let id = "9788936433598"

  @Test func theServiceWorkerIsServedFromTheRootWithTheShellAndTheStaticFilesVersion() async throws {
    try await AppFixture.with { app async throws in
      let reply = await app.client.get("/sw.js")
      #expect(reply.status == 200)
      #expect(reply.headers["Content-Type"] == "text/javascript; charset=utf-8")
      #expect(reply.headers["Service-Worker-Allowed"] == "/" && reply.headers["Cache-Control"] == "no-cache")
      let script = reply.text
      let version = try #require(script.firstMatch(of: /const VERSION = "([0-9a-f]+-[0-9a-f]+)";/)?.1)
      #expect(!script.contains("__CHAEK_"))
      for path in [
        "\"/\"", "\"/saved\"", "\"/stats\"", "\"/static/app.js\"", "\"/static/offline.js\"",
        "\"/static/names.js\"", "\"/static/search.js\"", "\"/static/sheet.css\"",
        "\"/static/app.css\"", "\"/static/icon.svg\"", "\"/manifest.webmanifest\"", "\"/icons/icon-192.png\"",
      ] {
        #expect(script.contains(path), "\(path)")
      }
      #expect(!script.contains("\"/static/sw.js\""))
      // The version is the same on every request of a release, and a hash of its files.
      #expect(await app.client.get("/sw.js").text.contains("\"\(version)\""))
      let directory = app.directory.appendingPathComponent("static")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data("a".utf8).write(to: directory.appendingPathComponent("app.js"))
      let release1 = StaticFiles(directory: directory).version
      try Data("b".utf8).write(to: directory.appendingPathComponent("app.js"))
      #expect(StaticFiles(directory: directory).version != release1)
      // A generated file (names.js) is part of the version too.
      let names = StaticFiles(directory: directory, generated: ["names.js": Data("x".utf8)])
      #expect(names.paths.contains("names.js") && names.contents(of: "names.js") == Data("x".utf8))
      #expect(
        StaticFiles(directory: directory, generated: ["names.js": Data("y".utf8)]).version != names.version)
    }
  }

  @Test func aReplayedSaveOlderThanTheLastRemovalIsAConflictAndChangesNothing() async throws {
    try await AppFixture.with { app async throws in
      let milliseconds = { (date: Date) in String(Int64(date.timeIntervalSince1970 * 1000)) }
      #expect(await app.client.send(.PUT, "/api/library/\(Self.id)").status == 201)
      let beforeRemoving = Date()
      #expect(await app.client.send(.DELETE, "/api/library/\(Self.id)").status == 200)
      let stale = await app.client.send(
        .PUT, "/api/library/\(Self.id)",
        headers: ["X-Chaek-Changed-At": milliseconds(beforeRemoving.addingTimeInterval(-1))])
      #expect(stale.status == 409)
      #expect(try stale.json()["errorType"] as? String == "Conflict" && stale.message.contains("removed"))
      #expect(try await app.library.savedIDs().isEmpty)
      let later = await app.client.send(
        .PUT, "/api/library/\(Self.id)",
        headers: ["X-Chaek-Changed-At": milliseconds(Date().addingTimeInterval(1))])
      #expect(later.status == 201)
      let staleRemoval = await app.client.send(
        .DELETE, "/api/library/\(Self.id)", headers: ["X-Chaek-Changed-At": milliseconds(beforeRemoving)])
      #expect(staleRemoval.status == 409 && staleRemoval.message.contains("saved again"))
      #expect(try await app.library.savedIDs().count == 1)
      let bad = await app.client.send(
        .DELETE, "/api/library/\(Self.id)", headers: ["X-Chaek-Changed-At": "soon"])
      #expect(bad.status == 400)
      // A time far ahead would be kept as the book's date and win every later replay (and a
      // year past 9999 cannot be exported): refused, and nothing changes.
      for far in ["9223372036854775807", milliseconds(Date().addingTimeInterval(2 * 24 * 60 * 60))] {
        for method in [HTTPMethod.DELETE, .PUT] {
          let ahead = await app.client.send(
            method, "/api/library/\(Self.id)", headers: ["X-Chaek-Changed-At": far])
          #expect(ahead.status == 400 && ahead.message.contains("a day from now"), "\(method) \(far)")
        }
      }
      #expect(try await app.library.savedIDs().count == 1)
      #expect(await app.client.get("/api/export?format=json").status == 200)
    }
  }

  @Test func withoutTheHeaderSavesAndRemovalsAreUnchanged() async throws {
    try await AppFixture.with { app async throws in
      #expect(await app.client.send(.PUT, "/api/library/\(Self.id)").status == 201)
      #expect(await app.client.send(.DELETE, "/api/library/\(Self.id)").status == 200)
      #expect(await app.client.send(.PUT, "/api/library/\(Self.id)").status == 201)
      #expect(await app.client.send(.PUT, "/api/library/\(Self.id)").status == 200)
      #expect(await app.client.send(.DELETE, "/api/library/\(Self.id)").status == 200)
      #expect(await app.client.send(.DELETE, "/api/library/\(Self.id)").status == 404)
    }
  }
}
