import Foundation
import HTTPTransport
import TestSupport
import Testing

@Suite("Server lifecycle", .timeLimit(.minutes(10)))
struct LifecycleTests {
  static func configuration(
    port: Int = 0, _ change: (inout HTTPServer.Configuration) -> Void = { _ in }
  ) -> HTTPServer.Configuration {
    TestServer.configuration {
      $0.port = port
      change(&$0)
    }
  }

  // MARK: - States

  @Test func goesFromIdleToRunningToStoppedAndCanStartAgain() async throws {
    let server = HTTPServer(configuration: Self.configuration()) { _ in .text("up") }
    #expect(await server.state == .idle)
    let port = try await server.start()
    #expect(port > 0)
    #expect(await server.state == .running(port: port))
    #expect(try await TestServer(server: server, port: port).request("/").text == "up")

    await server.stop()
    #expect(await server.state == .stopped)
    await server.stop()
    #expect(await server.state == .stopped)

    let again = try await server.start()
    #expect(await server.state == .running(port: again))
    #expect(try await TestServer(server: server, port: again).request("/").text == "up")
    await server.stop()
  }

  @Test func startingARunningServerThrows() async throws {
    let server = HTTPServer(configuration: Self.configuration()) { _ in .text("up") }
    let port = try await server.start()
    await #expect(throws: HTTPServerError.self) { try await server.start() }
    #expect(await server.state == .running(port: port))
    await server.stop()
  }

  @Test func stopBeforeStartDoesNothing() async {
    let server = HTTPServer(configuration: Self.configuration()) { _ in .text("up") }
    await server.stop()
    #expect(await server.state == .idle)
  }

  // MARK: - Start errors

  @Test func aBusyPortGivesAClearError() async throws {
    let first = HTTPServer(configuration: Self.configuration()) { _ in .text("first") }
    let port = try await first.start()
    let second = HTTPServer(configuration: Self.configuration(port: port)) { _ in .text("second") }
    let error = try await #require(throws: HTTPServerError.self) { try await second.start() }
    #expect(error.isAddressInUse)
    #expect(error.description == "cannot listen on 127.0.0.1:\(port): address already in use")
    #expect(await second.state == .idle)
    #expect(try await TestServer(server: first, port: port).request("/").text == "first")
    await first.stop()
  }

  @Test(arguments: [
    (
      Self.configuration { $0.host = "localhost" },
      #"invalid server configuration: host "localhost" is not an IPv4 address"#
    ),
    (Self.configuration(port: 70000), "invalid server configuration: port 70000 is not in 0...65535"),
    (
      Self.configuration { $0.threads = 0 },
      "invalid server configuration: threads 0 is not a positive number"
    ),
  ])
  func aBadConfigurationGivesAClearError(configuration: HTTPServer.Configuration, message: String)
    async throws
  {
    let server = HTTPServer(configuration: configuration) { _ in .text("no") }
    let error = try await #require(throws: HTTPServerError.self) { try await server.start() }
    #expect(error.description == message)
    #expect(!error.isAddressInUse)
  }

  @Test func listensOnEveryInterfaceWithTheAnyAddress() async throws {
    let server = HTTPServer(configuration: Self.configuration { $0.host = "0.0.0.0" }) { _ in .text("any") }
    let port = try await server.start()
    #expect(try await TestServer(server: server, port: port).request("/").text == "any")
    await server.stop()
  }

  // MARK: - Stopping

  @Test func stopLetsAHandlerInFlightAnswerAndFreesThePort() async throws {
    let started = Signal()
    let finish = Signal()
    // The grace period is not this test's subject: a loaded machine may take seconds between the
    // server stopping and the handler being let finish, and must not turn that into a 503.
    let configuration = Self.configuration { $0.shutdownGracePeriod = .seconds(600) }
    let server = HTTPServer(configuration: configuration) { _ in
      started.fire()
      return .text(await finish.wait() ? "finished" : "never let finish")
    }
    let port = try await server.start()
    let client = TestServer(server: server, port: port)
    let request = Task { try await client.request("/slow") }
    #expect(await started.wait())

    // The handler finishes only once the server is stopping: stop must wait for it.
    let stopping = Task { await server.stop() }
    #expect(await eventually { await server.state == .stopping })
    finish.fire()
    await stopping.value
    #expect(await server.state == .stopped)
    let response = try await request.value
    #expect(response.status == 200)
    #expect(response.text == "finished")

    let next = HTTPServer(configuration: Self.configuration(port: port)) { _ in .text("next") }
    #expect(try await next.start() == port)
    #expect(try await TestServer(server: next, port: port).request("/").text == "next")
    await next.stop()
  }

  @Test func stopGivesUpOnHandlersAfterTheGracePeriod() async throws {
    let started = Signal()
    let cancelled = Signal()
    let configuration = Self.configuration { $0.shutdownGracePeriod = .milliseconds(300) }
    let server = HTTPServer(configuration: configuration) { _ in
      started.fire()
      do {
        // A handler that outlasts the grace period: the sleep is the test's subject, and stopping
        // cancels it.
        try await Task.sleep(for: .seconds(3_600))
      } catch {
        cancelled.fire()
      }
      return .text("too late")
    }
    let port = try await server.start()
    let connection = try RawHTTPConnection(port: port)
    try connection.send("GET", "/forever")
    #expect(await started.wait())

    // The handler sleeps an hour: that stop returns (within the suite's time limit) proves it gave up.
    await server.stop()
    #expect(await server.state == .stopped)
    #expect(await cancelled.wait(), "the abandoned handler's task was not cancelled")
    #expect(try await connection.response().status == 503)
  }

  @Test func stopEndsOpenEventStreams() async throws {
    let terminated = Signal()
    let configuration = Self.configuration { $0.shutdownGracePeriod = .seconds(600) }
    let server = HTTPServer(configuration: configuration) { _ in
      let (stream, continuation) = AsyncStream.makeStream(of: ServerSentEvent.self)
      continuation.onTermination = { _ in terminated.fire() }
      continuation.yield(ServerSentEvent(data: "first"))
      return .events(stream)
    }
    let port = try await server.start()
    let connection = try RawHTTPConnection(port: port)
    try connection.send("GET", "/events")
    _ = try await connection.head()
    #expect(String(decoding: try await connection.chunk() ?? Data(), as: UTF8.self) == "data: first\n\n")

    // The grace period is longer than the suite's time limit: stop returns only if it ends the stream.
    await server.stop()
    #expect(await terminated.wait())
    #expect(try await connection.chunk() == nil)
  }

  /// An object whose end the test sees.
  final class Token: Sendable {
    let released: Signal
    init(released: Signal) { self.released = released }
    deinit { released.fire() }
  }

  /// The handler is held by the daemon's context, and every event stream holds the context: the
  /// handler is released only if all of them are.
  @Test func releasesEverythingOnceStopped() async throws {
    let released = Signal()
    do {
      let token = Token(released: released)
      let server = HTTPServer(configuration: Self.configuration()) { request in
        _ = token
        guard request.path == "/events" else { return .text("plain") }
        return .events(AsyncStream { $0.yield(ServerSentEvent(data: "one")) })
      }
      let port = try await server.start()
      #expect(try await TestServer(server: server, port: port).request("/").text == "plain")
      let connection = try RawHTTPConnection(port: port)
      try connection.send("GET", "/events")
      _ = try await connection.head()
      #expect(try await connection.chunk() == Data("data: one\n\n".utf8))
      await server.stop()
    }
    #expect(await released.wait(), "the handler was not released: a context leaked")
  }

  @Test func concurrentStopsAllReturnOnceStopped() async throws {
    let server = HTTPServer(configuration: Self.configuration()) { _ in .text("up") }
    _ = try await server.start()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<5 { group.addTask { await server.stop() } }
    }
    #expect(await server.state == .stopped)
  }
}
