import Synchronization

/// One caller at a time for each key, the others waiting in line in the order they came: a
/// process's writes to one store take turns here before they take a connection, so that writes
/// waiting for one reader's lock never hold every connection while other readers wait.
public final class Turns: Sendable {
  /// The callers waiting, by key; a key is present while a caller has its turn.
  private let lines = Mutex<[String: [CheckedContinuation<Void, Never>]]>([:])

  /// No one has a turn.
  public init() {}

  /// Returns when it is the caller's turn for `key`; give it back with ``giveBack(_:)``.
  public func take(_ key: String) async {
    await withCheckedContinuation { continuation in
      let now = lines.withLock { lines in
        guard lines[key] != nil else {
          lines[key] = []
          return true
        }
        lines[key]?.append(continuation)
        return false
      }
      if now { continuation.resume() }
    }
  }

  /// Ends the caller's turn for `key`: the next in line has it.
  public func giveBack(_ key: String) {
    let next: CheckedContinuation<Void, Never>? = lines.withLock { lines in
      guard let line = lines[key], let first = line.first else {
        lines[key] = nil
        return nil
      }
      lines[key] = Array(line.dropFirst())
      return first
    }
    next?.resume()
  }
}
