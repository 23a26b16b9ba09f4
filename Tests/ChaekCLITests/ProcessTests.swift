import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The built `chaek` executable: `CHAEK_BIN`, else `.build/debug/chaek` of this package.
func chaekExecutable() throws -> URL {
  let url: URL
  if let path = ProcessInfo.processInfo.environment["CHAEK_BIN"] {
    url = URL(fileURLWithPath: path)
  } else {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    url = root.appendingPathComponent(".build/debug/chaek")
  }
  guard FileManager.default.isExecutableFile(atPath: url.path) else {
    throw MissingExecutable(path: url.path)
  }
  return url
}

/// The `chaek` executable the process tests run is not built: they fail rather than skip.
struct MissingExecutable: Error, CustomStringConvertible {
  let path: String
  var description: String { "no chaek executable at \(path): build it first (`swift build`; make test does)" }
}

/// Runs the real executable in its own process and waits for it.
func runProcess(_ arguments: [String], home: URL, stdin: String? = nil) throws -> (
  status: Int32, out: String, err: String
) {
  let process = Process()
  process.executableURL = try chaekExecutable()
  process.arguments = arguments
  process.environment = ["CHAEK_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin"]
  let output = Pipe()
  let errors = Pipe()
  let input = Pipe()
  process.standardOutput = output
  process.standardError = errors
  process.standardInput = input
  try process.run()
  if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
  try input.fileHandleForWriting.close()
  let out = output.fileHandleForReading.readDataToEndOfFile()
  let err = errors.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (
    process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self)
  )
}

@Suite(
  "chaek as separate processes")
struct ProcessTests {
  @Test func dataRoundTripsAcrossProcesses() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-process-\(UUID())")
    defer { try? FileManager.default.removeItem(at: home) }
    let search = try runProcess(["search", "채식", "--source", "local"], home: home)
    #expect(search.status == 0 && search.out.contains("채식주의자"))
    let id = try #require(
      search.out.split(separator: "\n").first { $0.contains("채식주의자") }?.split(separator: " ").last.map(
        String.init))
    #expect(try runProcess(["save", id], home: home).status == 0)
    #expect(try runProcess(["show", id, "--source", "local"], home: home).status == 0)
    let saved = try runProcess(["saved", "--json"], home: home)
    #expect(saved.out.contains("\"id\":\"\(id)\""))
    #expect(try runProcess(["recent"], home: home).out.contains("채식주의자"))
    let refused = try runProcess(["clear"], home: home, stdin: "y\n")
    #expect(refused.status == 2 && refused.err.contains("without --yes"))
    #expect(try runProcess(["clear", "--yes"], home: home).out == "Removed 1 saved book.\n")
    #expect(try runProcess(["saved", "--json"], home: home).out == "[]\n")
  }

  @Test func aReadingIsRecordedAcrossProcessesAndCounted() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-process-\(UUID())")
    defer { try? FileManager.default.removeItem(at: home) }
    let search = try runProcess(["search", "채식", "--source", "local"], home: home)
    let id = try #require(
      search.out.split(separator: "\n").first { $0.contains("채식주의자") }?.split(separator: " ").last.map(
        String.init))
    let shelved = try runProcess(
      ["shelf", id, "reading", "--date", "2025-03-01", "--source", "local"], home: home)
    #expect(shelved.status == 0 && shelved.out.hasSuffix("is now on 읽는 중 (started 2025-03-01).\n"))
    let progress = try runProcess(["progress", id, "120/352", "--date", "2025-03-05"], home: home)
    #expect(progress.status == 0 && progress.out.contains("page 120 of 352 (34.1%)"))
    let finished = try runProcess(["finished", id, "--date", "2025-03-20"], home: home)
    #expect(finished.out.hasSuffix("is now on 읽은 책 (finished 2025-03-20).\n"))
    let stats = try runProcess(["stats", "--year", "2025", "--json"], home: home)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.out.utf8)) as? [String: Any])
    #expect(object["books"] as? Int == 1 && object["pages"] as? Int == 352 && object["year"] as? Int == 2025)
    #expect((object["months"] as? [[String: Any]])?[2]["books"] as? Int == 1)
    let book = try #require((object["finished"] as? [[String: Any]])?.first)
    #expect(book["finished"] as? String == "2025-03-20" && book["pages"] as? Int == 352)
    // A script cannot answer the question: the book and its reading stay.
    let refused = try runProcess(["remove", id], home: home, stdin: "y\n")
    #expect(refused.status == 2 && refused.err.contains("and its 1 reading without --yes"))
    #expect(try runProcess(["journal", id], home: home).out.contains("2025-03-01 → 2025-03-20"))
  }

  @Test func concurrentProcessesShareTheLibrary() async throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-process-\(UUID())")
    defer { try? FileManager.default.removeItem(at: home) }
    let searchIDs = try runProcess(["search", "the", "--source", "local", "--size", "8"], home: home).out
      .split(separator: "\n").dropFirst().compactMap { line -> String? in
        guard let last = line.split(separator: " ").last, last.count >= 13 else { return nil }
        return String(last)
      }
    try #require(searchIDs.count >= 4)
    let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
      for id in searchIDs { group.addTask { try runProcess(["save", id], home: home).status } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(statuses.allSatisfy { $0 == 0 })
    let saved = try runProcess(["saved", "--json"], home: home)
    let entries = try JSONSerialization.jsonObject(with: Data(saved.out.utf8)) as? [[String: Any]]
    #expect(entries?.count == searchIDs.count)
  }
}

@Suite(
  "chaek serve as a process",
  .timeLimit(.minutes(10)))
struct ServeProcessTests {
  @Test func servesUntilSIGTERMThenStopsCleanly() async throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-serve-\(UUID())")
    defer { try? FileManager.default.removeItem(at: home) }
    let process = Process()
    process.executableURL = try chaekExecutable()
    process.arguments = ["serve", "--port", "0", "--source", "local"]
    process.environment = ["CHAEK_HOME": home.path, "HOME": home.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let reader = output.fileHandleForReading
    var text = ""
    while !text.contains("\n") {
      let chunk = reader.availableData
      guard !chunk.isEmpty else { break }
      text += String(decoding: chunk, as: UTF8.self)
    }
    let port = try #require(text.firstMatch(of: /127\.0\.0\.1:(\d+)/).map { String($0.1) })
    let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/healthz")!)
    #expect(String(decoding: data, as: UTF8.self).contains("\"status\":\"ok\""))
    process.terminate()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    text += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
    #expect(text.hasSuffix("Stopped.\n"))
  }

  @Test func listeningBeyondLoopbackNeedsAccountsOrAToken() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-serve-\(UUID())")
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try runProcess(["serve", "--host", "0.0.0.0", "--port", "0"], home: home)
    #expect(result.status == 2)
    #expect(result.err.contains("requires readers with accounts (chaek users add NAME) or --token"))
    let port = try runProcess(["serve", "--port", "70000"], home: home)
    #expect(port.status == 2)
    #expect(port.err.hasPrefix("chaek serve: --port must be 0 to 65535 (got '70000')\nusage: chaek serve "))
    let unknown = try runProcess(["serve", "--bogus"], home: home)
    #expect(unknown.status == 2 && unknown.err.hasPrefix("chaek serve: unknown option --bogus for 'serve'\n"))
  }
}
