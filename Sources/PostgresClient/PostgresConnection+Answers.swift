import CPostgres
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension PostgresConnection {
  /// The result of what was just sent (`sent` is what `PQsend…` returned), waited for within
  /// ``answerLimit`` when there is one; of several statements, the last result, or the first error.
  ///
  /// A server that answers nothing within the limit (hung, or silent behind a network that still
  /// acknowledges) is given up: the connection is closed, so that the next call connects again, and
  /// this one fails with ``PostgresError/connectionLost``.
  func answer(sent: Int32, sql: String) throws(PostgresError) -> PostgresResult {
    guard sent == 1 else { throw error(of: nil, sql: sql) }
    let deadline = answerLimit.map { ContinuousClock.now + $0 }
    var kept: PostgresResult?
    var failure: PostgresError?
    while true {
      try waitUntilAnswered(by: deadline, sql: sql)
      guard let next = PQgetResult(handle) else { break }
      do {
        let result = try check(next, sql: sql)
        if failure == nil { kept = result }
      } catch {
        if failure == nil { failure = error }
      }
    }
    if let failure { throw failure }
    guard let kept else { throw error(of: nil, sql: sql) }
    return kept
  }

  /// Returns once libpq holds a whole result (or knows there is none left); without a deadline, as
  /// `PQgetResult` would, waiting as long as it takes.
  private func waitUntilAnswered(by deadline: ContinuousClock.Instant?, sql: String) throws(PostgresError) {
    guard let deadline else { return }
    while PQisBusy(handle) == 1 {
      let left = deadline - .now
      guard left > .zero else {
        abandon()
        throw PostgresError(
          code: PostgresError.connectionLost,
          message: "PostgreSQL did not answer within \(answerLimit!): the connection was closed", sql: sql)
      }
      let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
      var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
      let polled = poll(&descriptor, 1, Int32(clamping: max(1, milliseconds)))
      if polled < 0, errno != EINTR {
        abandon()
        throw PostgresError(
          code: PostgresError.connectionLost,
          message: "cannot wait for PostgreSQL's answer: \(String(cString: strerror(errno)))", sql: sql)
      }
      if polled > 0, PQconsumeInput(handle) != 1 { throw error(of: nil, sql: sql) }
    }
  }
}
