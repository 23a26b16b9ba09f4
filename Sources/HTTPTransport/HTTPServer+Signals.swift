import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension HTTPServer {
  /// Runs until SIGINT or SIGTERM, or until ``stop()`` is called elsewhere, then returns after a
  /// clean stop. Returns at once unless the server is running or stopping.
  ///
  /// The signals' default action (ending the process) is turned off first, as dispatch sources
  /// need, and stays off after it returns: a later SIGINT or SIGTERM that no source watches does
  /// nothing.
  public func runUntilSignalled() async {
    switch state {
    case .running, .stopping:
      break
    case .idle, .starting, .stopped:
      return
    }
    let sources = [SIGINT, SIGTERM].map { Self.stopSource(for: $0, server: self) }
    await stopped()
    for source in sources { source.cancel() }
  }

  /// A dispatch source that stops `server` on `signalNumber`, whose default action (ending the
  /// process) it first turns off.
  ///
  /// Nonisolated, so that the handler does not claim the actor's isolation: dispatch calls it on a
  /// queue of its own.
  private nonisolated static func stopSource(
    for signalNumber: Int32, server: HTTPServer
  ) -> any DispatchSourceSignal {
    ignoreUnlessHandled(signalNumber)
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
    source.setEventHandler { Task { await server.stop() } }
    source.resume()
    return source
  }

  /// `signal(signalNumber, SIG_IGN)` while the signal has its default action.
  ///
  /// On Linux libdispatch installs a handler of its own for a signal the first time a source
  /// watches it, once per process; ignoring the signal again on a later call would take it from
  /// every source. So the handler stays after this function's caller returns, and a signal that no
  /// source watches then does nothing.
  private nonisolated static func ignoreUnlessHandled(_ signalNumber: Int32) {
    var action = sigaction()
    sigaction(signalNumber, nil, &action)
    #if os(Linux)
      let handler = action.__sigaction_handler.sa_handler
    #else
      let handler = action.__sigaction_u.__sa_handler
    #endif
    if unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_DFL, to: Int.self) {
      signal(signalNumber, SIG_IGN)
    }
  }
}
