#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long a read may take: a deadline in wall-clock time, which time spent waiting for the
/// connection counts against, and a budget of processor time for its own work.
///
/// The processor budget stops a read that is expensive; the deadline stops one that waits too long
/// behind others. A cheap read on a busy machine is slow in wall-clock time without being at fault,
/// so its deadline is best set more generously than its processor budget.
public struct ReadLimit: Sendable, Equatable {
  /// The moment after which the read must not run.
  public var deadline: ContinuousClock.Instant
  /// The most processor time the read's statements may use.
  public var processorTime: Duration

  /// A limit; take the deadline before awaiting the database, so that waiting counts.
  public init(deadline: ContinuousClock.Instant, processorTime: Duration) {
    self.deadline = deadline
    self.processorTime = processorTime
  }
}

/// A ``ReadLimit`` being applied on the connection's thread: it reads that thread's processor clock.
/// Once reached it stays reached.
struct RunningLimit {
  /// The wall-clock time between two reads of the processor clock before statements: reading it is
  /// a system call, and a search prepares dozens of statements of a few microseconds each. A read
  /// runs over its processor budget by this much at most (and by the statement it is in).
  static let processorLookInterval = Duration.milliseconds(1)

  private let deadline: ContinuousClock.Instant
  private let processorDeadline: Duration
  private var reached = false
  private var nextProcessorLook: ContinuousClock.Instant

  /// Starts counting processor time now, on the calling thread.
  init(_ limit: ReadLimit) {
    deadline = limit.deadline
    processorDeadline = Self.threadProcessorTime() + limit.processorTime
    nextProcessorLook = .now + Self.processorLookInterval
  }

  /// `true` once the deadline has passed or the thread has used up the processor budget.
  mutating func isReached() -> Bool {
    let now = ContinuousClock.now
    nextProcessorLook = now + Self.processorLookInterval
    reached = reached || now >= deadline || Self.threadProcessorTime() >= processorDeadline
    return reached
  }

  /// ``isReached()`` before a statement: the deadline every time, the processor clock only when
  /// ``processorLookInterval`` has passed since it was last read.
  mutating func isReachedBeforeStatement() -> Bool {
    let now = ContinuousClock.now
    guard !reached, now < nextProcessorLook else { return reached || isReached() }
    reached = now >= deadline
    return reached
  }

  /// The processor time the calling thread has used.
  private static func threadProcessorTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }
}
