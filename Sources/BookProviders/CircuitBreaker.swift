import BookModel
import Synchronization

/// Stops asking a provider that is failing, so that a dead or stalled provider costs one timeout
/// per back-off period instead of one per search.
///
/// Closed, every call goes to the provider. A call that fails as the provider's fault
/// (``BookSearchError/isProviderFailure``) opens the breaker: for a back-off period every call fails
/// at once with ``BookSearchError/resting(provider:retryIn:cause:)``. After it, one call (the probe)
/// goes to the provider while the others keep failing at once; a probe that succeeds closes the
/// breaker, one that fails opens it again for twice as long, up to the policy's maximum.
public final class CircuitBreaker: Sendable {
  /// How long a failing provider rests.
  public struct Policy: Sendable, Equatable {
    /// The rest after the first failure.
    public var initialBackoff: Duration
    /// The longest rest, however long the provider keeps failing.
    public var maximumBackoff: Duration

    /// A policy; by default 5 s after the first failure, doubling up to 5 minutes.
    public init(initialBackoff: Duration = .seconds(5), maximumBackoff: Duration = .seconds(300)) {
      self.initialBackoff = initialBackoff
      self.maximumBackoff = maximumBackoff
    }
  }

  /// A change of the breaker's state worth a line in the server's log.
  public enum Transition: Sendable, Equatable {
    /// The provider failed with `cause` and rests for `backoff`.
    case opened(cause: BookSearchError, backoff: Duration)
    /// A probe succeeded: the provider is asked again.
    case closed
  }

  private enum State {
    case closed
    /// Resting until `until`, measured by ``elapsed``.
    case open(until: Duration, backoff: Duration, cause: BookSearchError)
    case probing(backoff: Duration, cause: BookSearchError)
  }

  private enum Permit {
    case call
    case probe(backoff: Duration)
  }

  /// The provider's name, for errors.
  public let provider: String
  /// The back-off policy.
  public let policy: Policy
  private let state = Mutex(State.closed)
  /// The time since the breaker was made, on its clock.
  private let elapsed: @Sendable () -> Duration
  private let report: @Sendable (Transition) -> Void

  /// A closed breaker for `provider` that measures rests on `clock`; `report` hears of every
  /// transition (for the log).
  public init(
    provider: String, policy: Policy = Policy(), clock: any Clock<Duration> = ContinuousClock(),
    report: @escaping @Sendable (Transition) -> Void = { _ in }
  ) {
    self.provider = provider
    self.policy = policy
    elapsed = clock.stopwatch()
    self.report = report
  }

  /// Runs `call` unless the provider is resting, and learns from its outcome.
  ///
  /// - Throws: ``BookSearchError/resting(provider:retryIn:cause:)`` without running `call` while the
  ///   provider rests (or another call probes it); else whatever `call` throws.
  public func run<T>(_ call: () async throws(BookSearchError) -> T) async throws(BookSearchError) -> T {
    let permit = try self.permit()
    do {
      let value = try await call()
      settle(permit, failure: nil)
      return value
    } catch {
      settle(permit, failure: error)
      throw error
    }
  }

  // MARK: - State

  private func permit() throws(BookSearchError) -> Permit {
    let now = elapsed()
    let outcome: Result<Permit, BookSearchError> = state.withLock { state in
      switch state {
      case .closed:
        return .success(.call)
      case .open(let until, _, let cause) where now < until:
        return .failure(.resting(provider: provider, retryIn: until - now, cause: cause))
      case .open(_, let backoff, let cause):
        state = .probing(backoff: backoff, cause: cause)
        return .success(.probe(backoff: backoff))
      case .probing(_, let cause):
        return .failure(.resting(provider: provider, retryIn: .zero, cause: cause))
      }
    }
    return try outcome.get()
  }

  /// Records how a permitted call ended: `failure` is `nil` for a success.
  private func settle(_ permit: Permit, failure: BookSearchError?) {
    let now = elapsed()
    let cancelled = Task.isCancelled
    let transition: Transition? = state.withLock { state in
      switch (permit, state) {
      case (.call, .closed):
        guard let failure, failure.isProviderFailure, !cancelled else { return nil }
        state = .open(until: now + policy.initialBackoff, backoff: policy.initialBackoff, cause: failure)
        return .opened(cause: failure, backoff: policy.initialBackoff)
      case (.call, _):
        // A call that started before the breaker opened: the probe decides now.
        return nil
      case (.probe(let backoff), _):
        if let failure, failure.isProviderFailure, !cancelled {
          let longer = min(backoff * 2, policy.maximumBackoff)
          state = .open(until: now + longer, backoff: longer, cause: failure)
          return .opened(cause: failure, backoff: longer)
        }
        if cancelled, case .probing(let backoff, let cause) = state {
          // The caller left before the provider answered: the next call probes instead.
          state = .open(until: now, backoff: backoff, cause: cause)
          return nil
        }
        state = .closed
        return .closed
      }
    }
    if let transition { report(transition) }
  }
}
