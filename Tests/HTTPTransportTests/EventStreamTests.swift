import Foundation
import HTTPTransport
import Synchronization
import TestSupport
import Testing

@Suite("Server-Sent Events", .timeLimit(.minutes(10)))
struct EventStreamTests {
  /// A handler whose event streams the test feeds and whose terminations it sees.
  final class Feed: Sendable {
    let opened = Signal()
    let terminated = Signal()
    private let continuation = Mutex<AsyncStream<ServerSentEvent>.Continuation?>(nil)

    var handler: HTTPHandler {
      { _ in
        let (stream, continuation) = AsyncStream.makeStream(of: ServerSentEvent.self)
        continuation.onTermination = { _ in self.terminated.fire() }
        self.continuation.withLock { $0 = continuation }
        self.opened.fire()
        return .events(stream)
      }
    }

    func send(_ event: ServerSentEvent) { _ = continuation.withLock { $0?.yield(event) } }
    func finish() { continuation.withLock { $0?.finish() } }
  }

  static func text(_ chunk: Data?) -> String { String(decoding: chunk ?? Data(), as: UTF8.self) }

  // MARK: - Delivery

  @Test func deliversEveryEventInOrderThenEndsTheResponse() async throws {
    let handler: HTTPHandler = { _ in
      .events(
        AsyncStream { continuation in
          Task {
            for number in 1...20 {
              continuation.yield(ServerSentEvent(event: "count", data: "\(number)", id: "\(number)"))
              // Pauses between bursts, so the stream is drained and waits for more: the pauses are
              // the test's subject, not waits for a state.
              if number % 5 == 0 { try? await Task.sleep(for: .milliseconds(20)) }
            }
            continuation.finish()
          }
        })
    }
    try await TestServer.with(handler: handler) { server in
      let connection = try RawHTTPConnection(port: server.port)
      try connection.send("GET", "/events", headers: [("Accept-Encoding", "gzip")])
      let response = try await connection.response()
      #expect(response.status == 200)
      #expect(response.headers["Content-Type"] == "text/event-stream")
      #expect(response.headers["Cache-Control"] == "no-cache")
      #expect(response.headers["X-Accel-Buffering"] == "no")
      #expect(response.headers["Content-Encoding"] == nil)
      #expect(response.text == (1...20).map { "event: count\nid: \($0)\ndata: \($0)\n\n" }.joined())
    }
  }

  @Test func sendsEachEventAsItHappens() async throws {
    let feed = Feed()
    try await TestServer.with(handler: feed.handler) { server in
      let connection = try RawHTTPConnection(port: server.port)
      try connection.send("GET", "/events")
      let (status, headers) = try await connection.head()
      #expect(status == 200)
      #expect(headers["Transfer-Encoding"] == "chunked")
      for number in 1...3 {
        feed.send(ServerSentEvent(data: "해리 \(number)\n둘째 줄"))
        #expect(Self.text(try await connection.chunk()) == "data: 해리 \(number)\ndata: 둘째 줄\n\n")
      }
      feed.finish()
      #expect(try await connection.chunk() == nil)
      #expect(await feed.terminated.wait())
    }
  }

  @Test func sendsAHeartbeatWhenTheStreamIsQuiet() async throws {
    let feed = Feed()
    let clock = ManualClock()
    let configuration = TestServer.configuration {
      $0.heartbeatInterval = .seconds(15)
      $0.clock = clock
    }
    try await TestServer.with(configuration, handler: feed.handler) { server in
      let connection = try RawHTTPConnection(port: server.port)
      try connection.send("GET", "/events")
      _ = try await connection.head()
      await clock.sleepers(atLeast: 1)
      clock.advance(by: .seconds(15))
      #expect(Self.text(try await connection.chunk()) == ": ping\n\n")
      // The clock stands still now: no heartbeat comes between the event and its delivery.
      feed.send(ServerSentEvent(data: "after"))
      #expect(Self.text(try await connection.chunk()) == "data: after\n\n")
    }
  }

  #if os(Linux)
    /// A reader that returned "no data yet" without suspending the connection would be called again
    /// at once, keeping a server thread busy for as long as the stream is quiet.
    @Test func aQuietStreamKeepsNoServerThreadBusy() async throws {
      let feed = Feed()
      try await TestServer.with(TestServer.configuration { $0.threads = 1 }, handler: feed.handler) {
        server in
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send("GET", "/events")
        _ = try await connection.head()
        let before = Self.serverThreadsCPUTime()
        // A quiet half second to measure the server's threads over: the test's subject.
        try await Task.sleep(for: .milliseconds(500))
        let used = Self.serverThreadsCPUTime() - before
        #expect(used < 0.2, "libmicrohttpd's threads used \(used) s of CPU in 0.5 s")
        feed.send(ServerSentEvent(data: "still here"))
        #expect(Self.text(try await connection.chunk()) == "data: still here\n\n")
      }
    }

    /// Seconds of CPU used so far by this process's libmicrohttpd threads (named `MHD-worker`).
    static func serverThreadsCPUTime() -> Double {
      let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
      let ticks = tasks.compactMap { task -> Int? in
        guard let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
          let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"),
          stat[stat.index(after: open)..<close].hasPrefix("MHD")
        else { return nil }
        // After the name: state, then fields 4...; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
      }
      return Double(ticks.reduce(0, +)) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
  #endif

  // MARK: - Ending

  @Test func aClientThatLeavesEndsTheStream() async throws {
    let feed = Feed()
    // Real heartbeats: each is a write that finds the gone client.
    let configuration = TestServer.configuration {
      $0.heartbeatInterval = .milliseconds(50)
      $0.clock = ContinuousClock()
    }
    try await TestServer.with(configuration, handler: feed.handler) { server in
      let connection = try RawHTTPConnection(port: server.port)
      try connection.send("GET", "/events")
      _ = try await connection.head()
      feed.send(ServerSentEvent(data: "hello"))
      // Heartbeats may come before or with the event on a busy machine: read until it is there.
      var text = ""
      for _ in 0..<50 where !text.contains("data: hello\n\n") {
        text += Self.text(try await connection.chunk())
      }
      #expect(text.replacingOccurrences(of: ": ping\n\n", with: "") == "data: hello\n\n")
      connection.disconnect()
      #expect(await feed.terminated.wait(), "onTermination did not run after the client left")
    }
  }

  @Test func headGetsTheHeadersAndEndsTheStream() async throws {
    let feed = Feed()
    try await TestServer.with(handler: feed.handler) { server in
      let connection = try RawHTTPConnection(port: server.port)
      try connection.send("HEAD", "/events")
      let response = try await connection.response(head: true)
      #expect(response.status == 200)
      #expect(response.headers["Content-Type"] == "text/event-stream")
      #expect(await feed.terminated.wait())
    }
  }

  @Test func manyStreamsAtOnceEachGetTheirEvents() async throws {
    let handler: HTTPHandler = { request in
      let name = request.query["name"] ?? "?"
      return .events(
        AsyncStream { continuation in
          Task {
            for number in 1...5 {
              // Events spaced out, so the streams interleave: the test's subject.
              try? await Task.sleep(for: .milliseconds(10))
              continuation.yield(ServerSentEvent(data: "\(name) \(number)"))
            }
            continuation.finish()
          }
        })
    }
    try await TestServer.with(TestServer.configuration { $0.threads = 2 }, handler: handler) { server in
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<20 {
          group.addTask {
            let connection = try RawHTTPConnection(port: server.port)
            try connection.send("GET", "/events?name=s\(index)")
            let response = try await connection.response()
            #expect(response.text == (1...5).map { "data: s\(index) \($0)\n\n" }.joined())
          }
        }
        try await group.waitForAll()
      }
    }
  }
}
