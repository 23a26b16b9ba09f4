import Dispatch

/// A serial executor backed by a dispatch queue, so an actor's jobs all run on that queue: its
/// connection's blocking calls wait on that queue's thread, never on Swift's cooperative pool.
final class QueueExecutor: SerialExecutor {
  let queue: DispatchQueue

  init(label: String) { queue = DispatchQueue(label: label) }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}
