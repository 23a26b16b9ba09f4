/// Checks `condition` until it holds, for a state the test cannot be told of (a slot the server
/// frees after a response, a connection it closes): `true` once it holds, `false` if it still
/// does not after `seconds`.
///
/// The seconds only bound a failure, so that a test whose state never comes fails instead of
/// hanging; the checks come every few milliseconds, so a state reached sooner ends the wait sooner.
public func eventually(seconds: Double = 600, _ condition: () async throws -> Bool) async rethrows -> Bool {
  let deadline = ContinuousClock.now + .seconds(seconds)
  while try await !condition() {
    guard ContinuousClock.now < deadline else { return false }
    // The pause between checks, not a guess at how long the state takes.
    try? await Task.sleep(for: .milliseconds(10))
  }
  return true
}
