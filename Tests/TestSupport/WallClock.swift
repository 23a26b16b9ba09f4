import Foundation
import Synchronization

/// A wall clock the test sets: a store's `now` reads it, and the test moves it on.
public final class WallClock: Sendable {
  private let time: Mutex<Date>

  /// A clock standing at `start`.
  public init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) { time = Mutex(start) }

  /// The time it tells.
  public var now: Date { time.withLock { $0 } }

  /// Moves it `seconds` on.
  public func advance(by seconds: TimeInterval) { time.withLock { $0 += seconds } }
}
