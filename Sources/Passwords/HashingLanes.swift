import Dispatch
import Lanes

/// Where password hashes run: a few lanes, each a serial queue of its own, and a line of callers
/// waiting for a free lane.
///
/// Argon2 at the interactive strength takes 64 MiB and a core for a tenth of a second or more. On
/// the threads every task shares (one per core), two sign-ins would hold up every request; without a
/// bound, a burst of them would take memory by the gigabyte. So each hash takes a lane, runs on the
/// lane's queue (threads Dispatch makes for it, never the cooperative pool's), and gives the lane
/// back. A caller with no free lane waits in line suspended, holding no thread, and leaves the line
/// if its task is cancelled.
final class HashingLanes: Sendable {
  private let queues: [DispatchQueue]
  private let lanes: Lanes

  /// `count` lanes (at least one).
  init(count: Int) {
    queues = (0..<max(1, count)).map { DispatchQueue(label: "chaek.passwords.lane\($0)") }
    lanes = Lanes(count: count)
  }

  /// How many lanes there are: the most hashes that run at once.
  var count: Int { queues.count }

  /// How many callers wait in line for a lane.
  var waitingCount: Int { lanes.waitingCount }

  /// The most lanes that have been busy at once.
  var mostRunning: Int { lanes.mostTaken }

  /// Runs `work` on a free lane's queue, once one is free, and returns what it returns.
  /// - Throws: `CancellationError` when the task is cancelled while it waits (work that has started
  ///   runs to its end).
  func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws -> T {
    guard let lane = await lanes.take() else { throw CancellationError() }
    defer { lanes.giveBack(lane) }
    return await withCheckedContinuation { continuation in
      queues[lane].async { continuation.resume(returning: work()) }
    }
  }
}
