import BookCatalog
import BookModel
import Foundation
import Storage
import Testing

/// `chaek` opening a catalog whose index an older analyzer wrote rebuilds it in bulk, in one
/// transaction: a `kill -9` halfway leaves the catalog as it was, and the next open rebuilds it.
@Suite("chaek killed while it rebuilds the catalog's index", .timeLimit(.minutes(10)))
struct IndexRebuildKillTests {
  static let books = 4_000

  /// A catalog of the starter books and ``books`` more, its index marked as an older analyzer's.
  static func catalog(in home: URL) async throws -> String {
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let path = home.appendingPathComponent("catalog.sqlite").path
    let catalog = try Catalog(path: path)
    let words = ["river", "lantern", "orchard", "compass", "harbor", "meadow", "ember", "summit"]
    try await catalog.upsert(
      (0..<books).map { number in
        Book(
          title: "\(words[number % 8].capitalized) \(words[number / 8 % 8]) chronicle \(number)",
          contents: "A story of the \(words[number / 64 % 8]) and the \(words[number % 7]).",
          authors: ["Writer \(number % 97)"], publisher: "Press \(number % 13)")
      } + [Book(title: "Zanzibar Nights", authors: ["Ada Quill"])], source: .imported)
    try await markOlder(path)
    return path
  }

  /// Marks the index as written by another analyzer: every open must rebuild it.
  static func markOlder(_ path: String) async throws {
    _ = try await Database(path: path).write {
      try $0.run("UPDATE search_meta SET version = version + 1 WHERE name = 'analyzer'")
    }
  }

  /// The index's versions, its postings' and terms' counts and checksums, as a search would find
  /// them.
  static func indexState(_ path: String) async throws -> String {
    try await Database(path: path).read { connection in
      try connection.query("SELECT name || '=' || version FROM search_meta ORDER BY name") { $0.text(0) }
        .joined(separator: ",") + " "
        + (connection.first("SELECT count(*) || ':' || sum(length(docs)) FROM search_postings") { $0.text(0) }
          ?? "") + " "
        + (connection.first("SELECT count(*) || ':' || sum(docs) || ':' || total(doc) FROM search_terms") {
          $0.text(0)
        } ?? "") + " "
        + (connection.first("PRAGMA integrity_check") { $0.text(0) } ?? "")
    }
  }

  /// A process's CPU time so far in clock ticks (user and system, from `/proc`), `nil` once it
  /// has ended.
  static func cpuTicks(of process: Process) -> Int? {
    guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 13, fields[0] != "Z", let user = Int(fields[11]), let system = Int(fields[12]) else {
      return nil
    }
    return user + system
  }

  /// Runs `chaek search zanzibar` on the catalog; kills it with SIGKILL once it has used
  /// `killAt` clock ticks of CPU, when given. Returns the CPU it was seen to use and whether it
  /// ended by itself. It waits on a thread of its own, not on the test's.
  static func search(home: URL, killAt: Int? = nil) async throws -> (ticks: Int, ended: Bool, out: String) {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try searchWaiting(home: home, killAt: killAt) }) }.start()
    }
  }

  private static func searchWaiting(home: URL, killAt: Int?) throws -> (ticks: Int, ended: Bool, out: String)
  {
    let process = Process()
    process.executableURL = try chaekExecutable()
    process.arguments = ["search", "zanzibar", "--source", "local"]
    process.environment = ["CHAEK_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var ticks = 0
    while process.isRunning, let now = cpuTicks(of: process) {
      ticks = now
      if let killAt, now >= killAt {
        kill(process.processIdentifier, SIGKILL)
        break
      }
      usleep(5_000)
    }
    let out = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (ticks, process.terminationReason == .exit, String(decoding: out, as: UTF8.self))
  }

  @Test func aRebuildKilledHalfwayLeavesTheCatalogAsItWasAndTheNextOpenFinishesIt() async throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-rebuild-\(UUID())")
    defer { try? FileManager.default.removeItem(at: home) }
    let path = try await Self.catalog(in: home)

    // A whole run: it rebuilds (the index is current after it) and finds the book.
    let whole = try await Self.search(home: home)
    #expect(whole.ended && whole.out.contains("Zanzibar Nights"))
    let rebuilt = try await Self.indexState(path)
    try #require(whole.ticks >= 20, "the rebuild must take long enough to be killed halfway")

    // Killed halfway through the same rebuild: nothing of it is committed.
    try await Self.markOlder(path)
    let older = try await Self.indexState(path)
    #expect(older != rebuilt)
    let killed = try await Self.search(home: home, killAt: whole.ticks / 2)
    #expect(!killed.ended && killed.out.isEmpty, "killed before it answered")
    #expect(try await Self.indexState(path) == older, "the index as it was, intact")

    // The next open rebuilds it, and answers.
    let next = try await Self.search(home: home)
    #expect(next.ended && next.out.contains("Zanzibar Nights"))
    #expect(try await Self.indexState(path) == rebuilt)
  }
}
