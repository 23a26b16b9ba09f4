import BookModel
import Synchronization

extension SearchPageCache {
  /// One read of a page, and the requests waiting for it: a query asked while its page is read
  /// waits for that read rather than reading again.
  final class Flight: Sendable {
    /// What a read came to.
    typealias Landing = Result<PageAnswer, BookSearchError>

    /// The catalog's write count the read began after.
    let writes: Int
    /// The end of the moment the page answers in: its read began a ``lifetime`` before.
    let expiry: ContinuousClock.Instant
    private let state = Mutex(State.reading(Waiting()))

    private enum State {
      case reading(Waiting)
      /// The read ended: what it came to, or `nil` when the request that read was cancelled.
      case landed(Landing?)

      /// Runs `body` on the waiting requests while the read is under way; `nil` once it landed.
      mutating func whileReading<T>(_ body: (inout Waiting) -> T) -> T? {
        guard case .reading(var waiting) = self else { return nil }
        self = .landed(nil)  // so that `waiting` is the only reference, and changes in place
        defer { self = .reading(waiting) }
        return body(&waiting)
      }

      var landing: Landing? {
        guard case .landed(let landing) = self else { return nil }
        return landing
      }
    }

    private struct Waiting {
      var continuations: [Int: CheckedContinuation<Landing?, Never>] = [:]
      /// The requests cancelled before they waited.
      var cancelled: Set<Int> = []
      var lastID = 0
    }

    init(writes: Int, expiry: ContinuousClock.Instant) {
      self.writes = writes
      self.expiry = expiry
    }

    /// The requests waiting for the read.
    var waitingCount: Int { state.withLock { $0.whileReading { $0.continuations.count } ?? 0 } }

    /// What the read came to, once it lands; `nil` when the request that read was cancelled, or
    /// when this one is cancelled while it waits: the caller then reads for itself.
    func answer() async -> Landing? {
      let id = state.withLock { state in
        state.whileReading { waiting in
          waiting.lastID += 1
          return waiting.lastID
        }
      }
      guard let id else { return state.withLock { $0.landing } }
      return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          let now: Landing?? = state.withLock { state in
            let waits = state.whileReading { waiting in
              guard waiting.cancelled.remove(id) == nil else { return false }
              waiting.continuations[id] = continuation
              return true
            }
            switch waits {
            case true?: return .none
            case false?: return .some(nil)
            case nil: return .some(state.landing)
            }
          }
          if let now { continuation.resume(returning: now) }
        }
      } onCancel: {
        let continuation = state.withLock { state -> CheckedContinuation<Landing?, Never>? in
          state.whileReading { waiting -> CheckedContinuation<Landing?, Never>? in
            guard let continuation = waiting.continuations.removeValue(forKey: id) else {
              waiting.cancelled.insert(id)
              return nil
            }
            return continuation
          } ?? nil
        }
        continuation?.resume(returning: nil)
      }
    }

    /// Ends the read with `landing`, resuming every request waiting for it.
    func land(_ landing: Landing?) {
      let waiting = state.withLock { state -> [CheckedContinuation<Landing?, Never>] in
        let waiting = state.whileReading { Array($0.continuations.values) } ?? []
        state = .landed(landing)
        return waiting
      }
      for continuation in waiting { continuation.resume(returning: landing) }
    }
  }
}
