import CSodium

/// libsodium, started once for the process before any of its functions is called.
enum Sodium {
  /// What `sodium_init()` said: Swift runs a static's initializer once, on first use, whatever the
  /// number of threads asking.
  private static let started = sodium_init() >= 0

  /// Starts libsodium unless it has been. A process where it cannot start (it found no source of
  /// randomness) stops here: nothing secret can be made without one.
  static func start() {
    precondition(started, "libsodium could not start (sodium_init failed): is /dev/urandom readable?")
  }
}
