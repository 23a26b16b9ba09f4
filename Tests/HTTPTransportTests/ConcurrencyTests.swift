import Foundation
import HTTPTransport
import Synchronization
import TestSupport
import Testing

@Suite("Concurrent requests", .timeLimit(.minutes(10)))
struct ConcurrencyTests {
  @Test func answersAHundredRequestsInParallel() async throws {
    let handler: HTTPHandler = { request in
      // Answers in a random order: the jitter is the test's subject, not a wait for a state.
      try? await Task.sleep(for: .milliseconds(Int.random(in: 0...50)))
      return .json(["id": request.query["id"] ?? "", "body": String(decoding: request.body, as: UTF8.self)])
    }
    try await TestServer.with(handler: handler) { server in
      let answers = try await withThrowingTaskGroup(of: (Int, [String: String]).self) { group in
        for id in 0..<100 {
          group.addTask {
            let response = try await server.request(
              "/echo?id=\(id)", method: "POST", body: Data("책 \(id)".utf8))
            #expect(response.status == 200)
            return (id, try JSONDecoder().decode([String: String].self, from: response.body))
          }
        }
        return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
      }
      #expect(answers.count == 100)
      for (id, answer) in answers {
        #expect(answer == ["id": "\(id)", "body": "책 \(id)"])
      }
    }
  }

  /// A `GET` handler starts on the server's thread: one that never waits answers there, one that
  /// waits answers through a suspended connection, and one whose wait ends at once may answer
  /// while the server thread is still deciding to suspend. Every kind, mixed and in parallel,
  /// gets its own answer.
  @Test func getHandlersAnswerWhetherOrNotTheyWait() async throws {
    let handler: HTTPHandler = { request in
      switch request.query["wait"] {
      case "yield": await Task.yield()
      case "sleep": try? await Task.sleep(for: .milliseconds(Int.random(in: 0...5)))
      default: break
      }
      return .text(request.query["id"] ?? "")
    }
    try await TestServer.with(TestServer.configuration { $0.threads = 2 }, handler: handler) { server in
      try await withThrowingTaskGroup(of: Void.self) { group in
        for id in 0..<300 {
          group.addTask {
            let wait = ["none", "yield", "sleep"][id % 3]
            let response = try await server.request("/answer?id=\(id)&wait=\(wait)")
            #expect(response.status == 200)
            #expect(response.text == "\(id)")
          }
        }
        try await group.waitForAll()
      }
    }
  }

  /// With 1 or 2 server threads, handlers that each wait until more have started than there are
  /// threads could never all start if a handler held a thread; suspended connections let them
  /// wait together.
  @Test(arguments: [1, 2])
  func slowHandlersDoNotHoldTheServerThreads(threads: Int) async throws {
    let started = Signal()
    let released = Signal()
    let handler: HTTPHandler = { _ in
      started.fire()
      return .text(await released.wait() ? "released" : "never released")
    }
    try await TestServer.with(TestServer.configuration { $0.threads = threads }, handler: handler) { server in
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<50 {
          group.addTask {
            let response = try await server.request("/slow")
            #expect(response.text == "released")
          }
        }
        var running = 0
        while running <= threads, await started.wait() { running += 1 }
        #expect(running > threads, "only \(running) handlers ran at once")
        for _ in 0..<50 { released.fire() }
        try await group.waitForAll()
      }
    }
  }
}
