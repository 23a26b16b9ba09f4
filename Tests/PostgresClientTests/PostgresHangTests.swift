import Foundation
import PostgresClient
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A server that stops answering without closing anything (its processes frozen, as a hung machine
/// or a disk that stopped would leave them): the network still acknowledges, so only the client's
/// own limit ends the wait. The suite's time limit is the guard against a hang.
@Suite("A PostgreSQL server that stops answering", Postgres.isAvailable, .timeLimit(.minutes(10)))
struct PostgresHangTests {
  @Test func aCallGivesUpOnAHungServerAndTheNextCallsFailAtOnceUntilItAnswersAgain() async throws {
    try await TestPostgres.withCluster { cluster in
      let database = try await PostgresDatabase(
        try await cluster.makeDatabase(), statementTimeout: .milliseconds(200), connections: 2)
      #expect(try await database.read { try $0.integer("SELECT 1") } == 1)
      let frozen = try Self.processes(of: cluster)
      for pid in frozen { kill(pid, SIGSTOP) }
      defer { for pid in frozen { kill(pid, SIGCONT) } }

      let clock = ContinuousClock()
      let began = clock.now
      let error = try await #require(throws: PostgresError.self) {
        try await database.read { try $0.integer("SELECT 1") }
      }
      #expect(error.isConnectionFailure && error.message.contains("did not answer"), "\(error)")
      let first = clock.now - began
      // The server is away now: while one call at a time tries it, the others fail at once.
      let probe = Task { try? await database.read { try $0.integer("SELECT 1") } }
      try await Task.sleep(for: .milliseconds(200))
      let others = clock.now
      for _ in 0..<3 {
        let next = try await #require(throws: PostgresError.self) {
          try await database.read { try $0.integer("SELECT 1") }
        }
        #expect(next.isConnectionFailure)
      }
      #expect(clock.now - others < first, "the calls behind the one trying waited for the server")

      for pid in frozen { kill(pid, SIGCONT) }
      _ = await probe.value
      var served = false
      for _ in 0..<100 where !served {
        served = (try? await database.read { try $0.integer("SELECT 7") }) == 7
        if !served { try await Task.sleep(for: .milliseconds(100)) }
      }
      #expect(served, "the database serves again once the server answers")
    }
  }

  /// The cluster's postmaster and every process it started.
  static func processes(of cluster: TestPostgres) throws -> [Int32] {
    let pidFile = try String(contentsOfFile: cluster.directory + "/data/postmaster.pid", encoding: .utf8)
    let postmaster = try #require(pidFile.split(separator: "\n").first.flatMap { Int32($0) })
    var pids = [postmaster]
    for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
      guard let pid = Int32(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { continue }
      // After the command's closing parenthesis: the state, then the parent's pid.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      if fields.count > 1, Int32(fields[1]) == postmaster { pids.append(pid) }
    }
    return pids
  }
}
