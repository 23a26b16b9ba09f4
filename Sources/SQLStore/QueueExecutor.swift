import Dispatch

/// A serial executor backed by a dispatch queue, so an actor's jobs all run on that queue: a
/// database connection's blocking calls (SQLite's, libpq's) wait on that queue's thread, never on
/// Swift's cooperative pool. The database actors of every engine run on one each.
public final class QueueExecutor: SerialExecutor {
  /// The queue the jobs run on.
  public let queue: DispatchQueue

  /// An executor on a new serial queue called `label`.
  public init(label: String) { queue = DispatchQueue(label: label) }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }

  public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}
