import Foundation
import HTTPTransport
import Synchronization
import TestSupport
import Testing

/// What the server does when it is full or a client is slow: it refuses at once rather than
/// leaving clients waiting, and a client that never finishes its request loses its slot.
@Suite("Connection limits", .serialized, .timeLimit(.minutes(10)))
struct ConnectionLimitTests {
  /// Event streams that stay open until the server stops, and `ok` for any other path.
  static let handler: HTTPHandler = { request in
    guard request.path == "/events" else { return .text("ok") }
    return .events(AsyncStream { _ in })
  }

  static func configuration(
    _ change: (inout HTTPServer.Configuration) -> Void
  ) -> HTTPServer.Configuration {
    TestServer.configuration {
      $0.connectionLimit = 20
      $0.perAddressConnectionLimit = 20
      $0.eventStreamLimit = 3
      $0.requestTimeout = .seconds(30)
      change(&$0)
    }
  }

  /// `true` when the server ends the connection without an answer, where a server that stopped
  /// accepting would leave it waiting in the listen queue until the client's receive timeout.
  static func isRefusedPromptly(_ connection: RawHTTPConnection) async throws -> Bool {
    try? connection.send("GET", "/")
    return await connection.isClosedByServer()
  }

  /// Opens an event stream and reads its head.
  static func openStream(_ port: Int) async throws -> (RawHTTPConnection, Int, HTTPHeaders) {
    let connection = try RawHTTPConnection(port: port)
    try connection.send("GET", "/events")
    let (status, headers) = try await connection.head()
    return (connection, status, headers)
  }

  // MARK: - Event streams

  @Test func eventStreamsBeyondTheCapGet503WithRetryAfterWhileOtherRequestsStillAnswer() async throws {
    // Real heartbeats: each is a write that finds a gone client.
    let configuration = Self.configuration {
      $0.heartbeatInterval = .milliseconds(100)
      $0.clock = ContinuousClock()
    }
    try await TestServer.with(configuration, handler: Self.handler) { server in
      var streams: [RawHTTPConnection] = []
      for _ in 0..<3 {
        let (connection, status, _) = try await Self.openStream(server.port)
        #expect(status == 200)
        streams.append(connection)
      }
      let refused = try RawHTTPConnection(port: server.port)
      try refused.send("GET", "/events")
      let response = try await refused.response()
      #expect(response.status == 503)
      #expect(response.headers["Retry-After"] == "10")
      #expect(response.headers["Connection"] == "close")
      #expect(await refused.isClosedByServer())

      #expect(try await server.request("/healthz").text == "ok")

      // A stream whose client leaves makes room for another, once a heartbeat finds it gone.
      streams.removeFirst().disconnect()
      #expect(
        try await eventually {
          let (connection, status, _) = try await Self.openStream(server.port)
          streams.append(connection)
          return status == 200
        })
    }
  }

  @Test func stopEndsEveryStreamQuicklyWhenTheyAreAtTheirCap() async throws {
    // A grace period longer than the suite's time limit: only ending the streams lets stop return.
    let configuration = Self.configuration { $0.shutdownGracePeriod = .seconds(600) }
    let server = try await TestServer.start(configuration, handler: Self.handler)
    var streams: [RawHTTPConnection] = []
    for _ in 0..<3 { streams.append(try await Self.openStream(server.port).0) }
    await server.stop()
    for stream in streams { #expect(try await stream.chunk() == nil) }
  }

  // MARK: - Connections

  @Test func aServerAtItsConnectionLimitRefusesNewConnectionsPromptly() async throws {
    let configuration = Self.configuration { $0.connectionLimit = 4 }
    try await TestServer.with(configuration, handler: Self.handler) { server in
      var open: [RawHTTPConnection] = []
      for _ in 0..<4 {
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send("GET", "/")
        #expect(try await connection.response().status == 200)
        open.append(connection)
      }
      #expect(try await Self.isRefusedPromptly(RawHTTPConnection(port: server.port)))

      open.removeFirst().disconnect()
      #expect(
        try await eventually {
          let connection = try RawHTTPConnection(port: server.port)
          try? connection.send("GET", "/")
          return (try? await connection.response().status) == 200
        })
    }
  }

  @Test func oneAddressGetsNoMoreThanItsShareWhileOthersStillConnect() async throws {
    let configuration = Self.configuration { $0.perAddressConnectionLimit = 3 }
    try await TestServer.with(configuration, handler: Self.handler) { server in
      var open: [RawHTTPConnection] = []
      for _ in 0..<3 {
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send("GET", "/")
        #expect(try await connection.response().status == 200)
        open.append(connection)
      }
      #expect(try await Self.isRefusedPromptly(RawHTTPConnection(port: server.port)))

      let other = try RawHTTPConnection(port: server.port, from: "127.0.0.2")
      try other.send("GET", "/")
      #expect(try await other.response().text == "ok")
    }
  }

  // MARK: - Slow clients

  @Test func aClientThatTricklesItsRequestHeadLosesItsSlotAfterTheRequestTimeout() async throws {
    let configuration = Self.configuration {
      $0.requestTimeout = .seconds(1)
      $0.clock = ContinuousClock()
    }
    try await TestServer.with(configuration, handler: Self.handler) { server in
      let slow = try RawHTTPConnection(port: server.port)
      var closed = false
      // A byte every 100 ms, for 30 s at least, would keep libmicrohttpd's idle timeout from ever
      // firing: the trickle is the test's subject.
      for byte in "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8.map({ $0 })
        + Array(repeating: 65, count: 300)
      {
        do {
          try slow.write(Data([byte]))
        } catch {
          closed = true
          break
        }
        try await Task.sleep(for: .milliseconds(100))
      }
      // Closed within the 30 s of trickling (a connection is not closed before its request timeout:
      // see the next test).
      #expect(closed)
    }
  }

  @Test func theRequestTimeoutSparesHandlersAndStreamsThatRunLonger() async throws {
    let clock = ManualClock()
    let handler: HTTPHandler = { request in
      if request.path == "/slow" { try? await clock.sleep(for: .seconds(3)) }
      return await Self.handler(request)
    }
    let configuration = Self.configuration {
      $0.requestTimeout = .seconds(2)
      $0.heartbeatInterval = .seconds(3)
      $0.clock = clock
    }
    try await TestServer.with(configuration, handler: handler) { server in
      let connection = try RawHTTPConnection(port: server.port)
      try connection.send("GET", "/slow")
      // The handler runs past the request timeout.
      await clock.sleepers(atLeast: 1)
      clock.advance(by: .seconds(3))
      #expect(try await connection.response().text == "ok")
      // The same keep-alive connection: its next request is due two seconds after that response.
      try connection.send("GET", "/")
      #expect(try await connection.response().text == "ok")

      let (stream, status, _) = try await Self.openStream(server.port)
      #expect(status == 200)
      // The stream stays open past the request timeout: a heartbeat later, it still gets it.
      await clock.sleepers(atLeast: 1)
      clock.advance(by: .seconds(3))
      let quiet = try RawHTTPConnection(port: server.port)
      try quiet.send("GET", "/")
      #expect(try await quiet.response().status == 200)
      // The stream is still open: its heartbeats keep coming.
      #expect(String(decoding: try await stream.chunk() ?? Data(), as: UTF8.self) == ": ping\n\n")
    }
  }

  @Test func anIdleKeepAliveConnectionIsClosedAfterTheRequestTimeout() async throws {
    let configuration = Self.configuration {
      $0.requestTimeout = .seconds(1)
      $0.connectionTimeout = 600
      $0.clock = ContinuousClock()
    }
    try await TestServer.with(configuration, handler: Self.handler) { server in
      let connection = try RawHTTPConnection(port: server.port)
      try connection.send("GET", "/")
      #expect(try await connection.response().status == 200)
      // Closed before the client's 30 s receive timeout, where the idle timeout would take 600 s.
      #expect(await connection.isClosedByServer())
    }
  }

  // MARK: - Load

  @Test func twoHundredFiftySixConcurrentKeepAliveConnectionsFromOneAddressAllSucceed() async throws {
    try await TestServer.with(TestServer.configuration(), handler: Self.handler) { server in
      let answered = await withTaskGroup(of: Int.self) { group in
        for _ in 0..<256 {
          group.addTask {
            var answered = 0
            guard let connection = try? RawHTTPConnection(port: server.port) else { return 0 }
            for _ in 0..<2 {
              guard (try? connection.send("GET", "/")) != nil,
                (try? await connection.response().text) == "ok"
              else { break }
              answered += 1
            }
            return answered
          }
        }
        return await group.reduce(0, +)
      }
      #expect(answered == 512)
    }
  }
}
