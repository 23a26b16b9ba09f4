import Foundation
import TestSupport
import Testing

@testable import HTTPTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Signal dispositions belong to the whole process: these tests run one at a time.
@Suite("Stopping on signals", .serialized, .timeLimit(.minutes(10)))
struct SignalTests {
  @Test func runUntilSignalledReturnsAfterAStop() async throws {
    let server = HTTPServer(configuration: LifecycleTests.configuration()) { _ in .text("up") }
    _ = try await server.start()
    let returned = Signal()
    Task {
      await server.runUntilSignalled()
      returned.fire()
    }
    // Stop only once it waits: stopped first, it would return at once and prove nothing.
    #expect(
      await eventually { await server.stopWaiterCount > 0 }, "runUntilSignalled() never waited for the stop")
    #expect(await !returned.wait(seconds: 0.2), "runUntilSignalled() returned while the server ran")
    await server.stop()
    #expect(await returned.wait())
  }

  /// Twice, because libdispatch installs its signal handler once per process.
  @Test func runUntilSignalledStopsOnSIGTERMEachTime() async throws {
    let server = HTTPServer(configuration: LifecycleTests.configuration()) { _ in .text("up") }
    for _ in 1...2 {
      _ = try await server.start()
      let returned = Signal()
      Task {
        await server.runUntilSignalled()
        returned.fire()
      }
      // Raise the signal only once a dispatch source has its handler in place, or it would end the
      // test process.
      try #require(
        await eventually { Self.hasHandler(SIGTERM) }, "runUntilSignalled() installed no SIGTERM handler")
      // The second time the handler is there from the first, maybe before the new source is: a
      // signal that comes too early is lost, so it is sent again if nothing happens.
      var stopped = false
      for _ in 1...3 where !stopped {
        kill(getpid(), SIGTERM)
        stopped = await returned.wait(seconds: 30)
      }
      #expect(stopped)
      #expect(await server.state == .stopped)
    }
  }

  /// `true` when a handler function is installed for the signal: neither the default nor ignored.
  private static func hasHandler(_ signalNumber: Int32) -> Bool {
    var action = sigaction()
    sigaction(signalNumber, nil, &action)
    #if os(Linux)
      let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    #else
      let handler = unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
    #endif
    return handler != unsafeBitCast(SIG_DFL, to: Int.self) && handler != unsafeBitCast(SIG_IGN, to: Int.self)
  }
}
