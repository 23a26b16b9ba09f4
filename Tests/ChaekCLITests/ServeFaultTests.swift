import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `chaek serve` as a separate process, started on `home` with a Kakao key and Kakao's address
/// pointing at a stub, and stopped with SIGTERM.
final class ServedChaek: @unchecked Sendable {
  let process = Process()
  let port: Int
  private let output = Pipe()

  /// Starts the server and waits (on a thread of its own, not the test's) for its address.
  static func start(
    home: URL, kakao: URL, key: String, source: String = "auto", timeout: String = "1"
  ) async throws -> ServedChaek {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(
          with: Result {
            try ServedChaek(home: home, kakao: kakao, key: key, source: source, timeout: timeout)
          })
      }.start()
    }
  }

  private init(home: URL, kakao: URL, key: String, source: String, timeout: String) throws {
    process.executableURL = try chaekExecutable()
    process.arguments = ["serve", "--port", "0", "--source", source]
    process.environment = [
      "CHAEK_HOME": home.path, "HOME": home.path, "KAKAO_REST_API_KEY": key,
      "CHAEK_KAKAO_URL": kakao.absoluteString, "CHAEK_PROVIDER_TIMEOUT": timeout,
    ]
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var text = ""
    while !text.contains("\n") {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      text += String(decoding: chunk, as: UTF8.self)
    }
    guard let port = text.firstMatch(of: /127\.0\.0\.1:(\d+)/).flatMap({ Int($0.1) }) else {
      process.terminate()
      throw CocoaError(.fileReadCorruptFile)
    }
    self.port = port
  }

  /// GETs `path`, failing after `timeout` seconds (URLSession's own timeout: no task is cancelled).
  func get(_ path: String, timeout: TimeInterval = 10) async throws -> (
    status: Int, headers: String, body: String
  ) {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
    request.timeoutInterval = timeout
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    let (data, response) = try await session.data(for: request)
    let http = response as! HTTPURLResponse
    return (http.statusCode, "\(http.allHeaderFields)", String(decoding: data, as: UTF8.self))
  }

  /// Sends SIGTERM and waits (on a thread of its own, not the test's) for the process to end; kills
  /// it if it has not within `seconds`, a bound on a server that hangs. Returns whether it ended by
  /// itself.
  func terminate(within seconds: Double = 60) async -> Bool {
    process.terminate()
    let ended = Signal()
    Thread {
      self.process.waitUntilExit()
      ended.fire()
    }.start()
    guard await !ended.wait(seconds: seconds) else { return true }
    kill(process.processIdentifier, SIGKILL)
    _ = await ended.wait()
    return false
  }
}

@Suite(
  "chaek serve with a faulty provider",
  .timeLimit(.minutes(10)))
struct ServeFaultTests {
  static let key = "FAULT-TEST-KEY-5a1b"

  /// A fresh data directory, removed by the caller.
  static func home() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("chaek-fault-\(UUID())")
  }

  /// The freeze of issue 8: Kakao accepts the connection, reads the request and never answers.
  /// Twenty servers each take fifty searches at once; every one keeps answering `/healthz` while a
  /// search waits on the provider, and stops on SIGTERM.
  @Test func aProviderThatNeverAnswersFreezesNothing() async throws {
    let reached = Signal()
    let held = Mutex(0)
    let release = DispatchSemaphore(value: 0)
    let silent = RawServer { _, _ in
      held.withLock { $0 += 1 }
      reached.fire()
      release.wait()
    }
    defer {
      for _ in 0..<held.withLock({ $0 }) { release.signal() }
      silent.stop()
    }
    let home = Self.home()
    defer { try? FileManager.default.removeItem(at: home) }
    var healthy = 0
    var stopped = 0
    var answered = 0
    for _ in 0..<20 {
      let server = try await ServedChaek.start(home: home, kakao: silent.url(), key: Self.key)
      // /healthz is asked once one of this server's searches waits on the provider.
      let before = held.withLock { $0 }
      let searches = (0..<50).map { index in
        Task { try? await server.get("/v3/search/book?query=%EC%B1%84%EC%8B%9D&page=\(index % 5 + 1)") }
      }
      while held.withLock({ $0 }) == before, await reached.wait() {}
      #expect(held.withLock { $0 } > before)
      if let health = try? await server.get("/healthz", timeout: 2), health.status == 200 { healthy += 1 }
      for search in searches {
        if let reply = await search.value, reply.status == 200, reply.headers.contains("catalog") {
          answered += 1
        }
      }
      if await server.terminate() { stopped += 1 }
    }
    #expect(healthy == 20)
    #expect(stopped == 20)
    #expect(answered == 20 * 50)
  }

  /// Kakao's 401 messages can quote the key: no header, body or page of Chaek's may carry it.
  @Test(arguments: ["auto", "kakao"])
  func aKeyQuotedByTheProviderReachesNoClient(source: String) async throws {
    let stub = RawServer { client, _ in
      let body = #"{"errorType":"AccessDeniedError","message":"wrong appKey(\#(Self.key)) format"}"#
      RawServer.write(
        "HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)",
        to: client)
    }
    defer { stub.stop() }
    let home = Self.home()
    defer { try? FileManager.default.removeItem(at: home) }
    let server = try await ServedChaek.start(home: home, kakao: stub.url(), key: Self.key, source: source)
    let query = "%EC%B1%84%EC%8B%9D"
    var seen: [String] = []
    for path in [
      "/v3/search/book?query=\(query)", "/v3/search/book?query=\(query)", "/?query=\(query)",
      "/fragments/results?query=\(query)", "/api/books/9788936433598",
    ] {
      let reply = try await server.get(path)
      seen.append(reply.headers + reply.body)
    }
    #expect(seen.contains { $0.contains("rejected the API key") })
    if source == "kakao" {
      // Without the fallback: the provider's failure is 502, then it rests: 503 and Retry-After.
      let first = try await ServedChaek.start(home: home, kakao: stub.url(), key: Self.key, source: source)
      let failed = try await first.get("/v3/search/book?query=x")
      let resting = try await first.get("/v3/search/book?query=x")
      #expect(failed.status == 502 && failed.body.contains("ProviderError"))
      #expect(resting.status == 503 && resting.headers.contains("Retry-After"))
      #expect(await first.terminate())
    }
    #expect(!seen.contains { $0.contains(Self.key) })
    #expect(await server.terminate())
  }
}
