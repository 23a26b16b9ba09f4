extension Clock where Duration == Swift.Duration {
  /// A function that reads the time passed on this clock since this call, so that a type can keep
  /// any clock without being generic over it.
  func stopwatch() -> @Sendable () -> Duration {
    let start = now
    return { start.duration(to: self.now) }
  }
}
