import BookModel
import Foundation
import Testing
import UserLibrary

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A raw HTTP/1.1 client that reads a streaming response as it arrives.
///
/// `@unchecked Sendable`: one test uses it at a time, and ``waitFor(_:seconds:)`` reads on a thread
/// of its own only while that test awaits it.
final class StreamReader: @unchecked Sendable {
  private let socket: Int32
  private var received = ""

  init(port: Int, path: String) throws {
    #if os(Linux)
      socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n"
    _ = request.withCString { send(socket, $0, strlen($0), 0) }
  }

  deinit { close(socket) }

  /// Reads until `text` has arrived (true), or fails after `seconds` (a bound on a failure). Reads
  /// on a thread of its own, so the server's handlers keep the test's threads.
  func waitFor(_ text: String, seconds: Double = 600) async -> Bool {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: self.read(until: text, seconds: seconds)) }.start()
    }
  }

  /// Reads, blocking, until `text` has arrived or `seconds` pass.
  private func read(until text: String, seconds: Double) -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !received.contains(text) {
      let left = ContinuousClock.now.duration(to: deadline).components
      let milliseconds = Int32(clamping: left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000)
      var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard milliseconds > 0, poll(&descriptor, 1, milliseconds) > 0 else { return false }
      let count = recv(socket, &buffer, buffer.count, 0)
      guard count > 0 else { return false }
      received += String(decoding: buffer[0..<count], as: UTF8.self)
    }
    return true
  }

  var text: String { received }
}

@Suite("Live updates over /api/events", .timeLimit(.minutes(10)))
struct EventsTests {
  @Test func aSaveFromAnotherClientReachesTheStream() async throws {
    try await AppServer.with { app in
      let stream = try StreamReader(port: app.port, path: "/api/events")
      #expect(await stream.waitFor("event: ready"))
      #expect(stream.text.contains("text/event-stream"))
      _ = try await app.request("PUT", "/api/library/9788936433598")
      #expect(await stream.waitFor("event: saved\ndata: {\"id\":\"9788936433598\"}"))
      _ = try await app.request("DELETE", "/api/library")
      #expect(await stream.waitFor("event: cleared"))
    }
  }

  @Test func aChangeFromAnotherProcessReachesTheStream() async throws {
    try await AppServer.with { app in
      let stream = try StreamReader(port: app.port, path: "/api/events")
      #expect(await stream.waitFor("event: ready"))
      let otherProcess = try Library(path: app.libraryPath)  // another connection, as the CLI opens
      try await otherProcess.save(Book(title: "CLI에서 담은 책", url: "https://example.com/cli"))
      #expect(await stream.waitFor("event: saved"))
      try await otherProcess.recent.record(Book(title: "CLI에서 본 책", url: "https://example.com/seen"))
      #expect(await stream.waitFor("event: viewed"))
    }
  }
}
