import Foundation
import TestSupport
import Testing

@testable import HTTPClient

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("HTTP client: answers, deadlines, caps and cancellation", .timeLimit(.minutes(10)))
struct HTTPClientTests {
  let client = HTTPClient(timeout: .seconds(5), maximumBodySize: 1 << 20)

  @Test func returnsTheStatusAndBodyAndSendsTheHeaders() async throws {
    let server = RawServer { client, head in
      let echoed = head.contains("Authorization: KakaoAK k1") ? "yes" : "no"
      RawServer.write(
        "HTTP/1.1 404 Not Found\r\nContent-Length: \(echoed.utf8.count)\r\n\r\n\(echoed)", to: client)
    }
    defer { server.stop() }
    let response = try await client.get(server.url("/v3?q=1"), headers: [("Authorization", "KakaoAK k1")])
    #expect(response.status == 404)
    #expect(String(decoding: response.body, as: UTF8.self) == "yes")
  }

  @Test func aServerThatAcceptsAndNeverAnswersTimesOut() async throws {
    let server = RawServer(accepting: false)
    defer { server.stop() }
    let quick = HTTPClient(timeout: .milliseconds(300), maximumBodySize: 1 << 20)
    await #expect(throws: HTTPClientError.timedOut(.milliseconds(300))) {
      try await quick.get(server.url())
    }
  }

  @Test func aServerThatStopsMidAnswerTimesOutToo() async throws {
    let server = RawServer { client, _ in
      RawServer.write("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"documents\":", to: client)
      // A server that stalls mid-answer past the client's deadline: the test's subject.
      sleep(3)
    }
    defer { server.stop() }
    let quick = HTTPClient(timeout: .milliseconds(500), maximumBodySize: 1 << 20)
    await #expect(throws: HTTPClientError.timedOut(.milliseconds(500))) {
      try await quick.get(server.url())
    }
  }

  @Test func aConnectionClosedMidBodyIsLost() async throws {
    let server = RawServer { client, _ in
      RawServer.write("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"documents\":", to: client)
    }
    defer { server.stop() }
    await #expect(throws: HTTPClientError.connectionLost(host: "127.0.0.1")) {
      try await client.get(server.url())
    }
  }

  @Test(arguments: [true, false])
  func aBodyOverTheCapFailsWhetherOrNotItsLengthIsDeclared(declared: Bool) async throws {
    let server = RawServer { client, _ in
      let body = Data(repeating: UInt8(ascii: "a"), count: 3 << 20)
      let length = declared ? "Content-Length: \(body.count)\r\n" : "Connection: close\r\n"
      RawServer.write("HTTP/1.1 200 OK\r\n\(length)\r\n", to: client)
      RawServer.write(body, to: client)
    }
    defer { server.stop() }
    await #expect(throws: HTTPClientError.bodyTooLarge(limit: 1 << 20)) {
      try await client.get(server.url())
    }
  }

  @Test func aClosedPortIsRefused() async throws {
    let server = RawServer(accepting: false)
    let url = server.url()
    server.stop()
    await #expect(throws: HTTPClientError.cannotConnect(host: "127.0.0.1")) {
      try await client.get(url)
    }
  }

  @Test func anUnknownHostDoesNotResolve() async throws {
    await #expect(throws: HTTPClientError.cannotResolve(host: "no-such-host.invalid")) {
      try await client.get(URL(string: "http://no-such-host.invalid/")!)
    }
  }

  @Test func onlyHTTPAddressesAreFetched() async throws {
    await #expect(throws: HTTPClientError.invalidURL("file:///etc/passwd")) {
      try await client.get(URL(string: "file:///etc/passwd")!)
    }
  }

  /// The deadlock of URLSession on Linux came from cancelling a waiting request; here cancelling
  /// fifty of them at once must end every one.
  @Test func cancellingWaitingRequestsEndsThemAll() async throws {
    let server = RawServer(accepting: false)
    defer { server.stop() }
    let limiter = RequestLimiter(limit: 64)
    let slow = HTTPClient(timeout: .seconds(30), maximumBodySize: 1 << 20, limiter: limiter)
    let tasks = (0..<50).map { _ in
      Task { () -> HTTPClientError? in
        do throws(HTTPClientError) {
          _ = try await slow.get(server.url())
          return nil
        } catch {
          return error
        }
      }
    }
    #expect(await eventually { limiter.inFlight == 50 }, "the requests are under way")
    for task in tasks { task.cancel() }
    for task in tasks { #expect(await task.value == HTTPClientError.cancelled) }
  }

  @Test func requestsBeyondTheInFlightLimitFailAtOnce() async throws {
    let server = RawServer(accepting: false)
    defer { server.stop() }
    let limiter = RequestLimiter(limit: 3)
    let slow = HTTPClient(timeout: .seconds(30), maximumBodySize: 1 << 20, limiter: limiter)
    let waiting = (0..<3).map { _ in
      Task { try? await slow.get(server.url()) }
    }
    #expect(await eventually { limiter.inFlight == 3 })
    await #expect(throws: HTTPClientError.busy(limit: 3)) {
      try await slow.get(server.url())
    }
    for task in waiting { task.cancel() }
    for task in waiting { _ = await task.value }
  }
}
