import Foundation
import HTTPTransport
import Synchronization
import Testing

@Suite("Concurrent requests", .timeLimit(.minutes(1)))
struct ConcurrencyTests {
  @Test func answersAHundredRequestsInParallel() async throws {
    let handler: HTTPHandler = { request in
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

  /// With 1 or 2 server threads, 50 handlers that each sleep 200 ms could never run more than 1
  /// or 2 at once if a handler held a thread; suspended connections let them wait together. (The
  /// count is the proof, not the elapsed time, which a loaded machine stretches.)
  @Test(arguments: [1, 2])
  func slowHandlersDoNotHoldTheServerThreads(threads: Int) async throws {
    let running = Atomic(0)
    let mostAtOnce = Atomic(0)
    let handler: HTTPHandler = { _ in
      let now = running.add(1, ordering: .relaxed).newValue
      mostAtOnce.max(now, ordering: .relaxed)
      try? await Task.sleep(for: .milliseconds(200))
      running.subtract(1, ordering: .relaxed)
      return .text("slept")
    }
    try await TestServer.with(TestServer.configuration { $0.threads = threads }, handler: handler) { server in
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<50 {
          group.addTask {
            let response = try await server.request("/slow")
            #expect(response.text == "slept")
          }
        }
        try await group.waitForAll()
      }
      #expect(mostAtOnce.load(ordering: .relaxed) > threads)
    }
  }
}
