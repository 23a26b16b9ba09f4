import Foundation

/// An HTTP/1.1 server on libmicrohttpd that answers every request with an async responder.
///
/// libmicrohttpd's threads read requests; when one is complete the responder runs in a Swift task
/// (a `GET` or `HEAD` begins on the server's thread and answers there if it never waits), and the
/// connection is suspended while the task waits, so no server thread ever waits for Swift work. Requests that
/// could mean something other than they say, or that go beyond the configuration's limits, are
/// refused before the responder sees them (``HTTPRefusal``). The server sends responses as they
/// are: it knows no error format and compresses nothing; that is the layer above's business.
///
/// ```swift
/// let server = HTTPServer(configuration: .init()) { request in .text("hello") }
/// let port = try await server.start()
/// await server.runUntilSignalled()
/// ```
public actor HTTPServer {
  /// Where the server is in its life.
  public enum State: Sendable, Equatable {
    /// Made, not started.
    case idle
    /// Starting the daemon.
    case starting
    /// Listening on `port`.
    case running(port: Int)
    /// Finishing the requests in flight.
    case stopping
    /// Stopped; the port is free. It can be started again.
    case stopped
  }

  /// The server's state now.
  public private(set) var state = State.idle

  private let configuration: Configuration
  private let responder: any HTTPResponder
  private var daemon: Daemon?
  private var stopWaiters: [CheckedContinuation<Void, Never>] = []

  /// A server that answers with `responder`; it listens once ``start()`` is called.
  public init(configuration: Configuration = Configuration(), responder: some HTTPResponder) {
    self.configuration = configuration
    self.responder = responder
  }

  /// A server that answers with `handler`, and refuses requests in plain text.
  public init(configuration: Configuration = Configuration(), handler: @escaping HTTPHandler) {
    self.init(configuration: configuration, responder: HandlerResponder(handler: handler))
  }

  // MARK: - Lifecycle

  /// Starts listening and returns the port (the one the system chose when the configuration's port
  /// is 0).
  ///
  /// - Throws: ``HTTPServerError`` for a bad configuration, an address it cannot listen on (`cannot
  ///   listen on 127.0.0.1:8080: address already in use`), or a server that is not idle or stopped.
  @discardableResult
  public func start() throws -> Int {
    let previous = state
    guard previous == .idle || previous == .stopped else { throw HTTPServerError.notIdle(previous) }
    state = .starting
    do {
      let daemon = try Daemon(configuration: configuration, responder: responder)
      self.daemon = daemon
      state = .running(port: daemon.port)
      return daemon.port
    } catch {
      state = previous
      throw error
    }
  }

  /// Stops the server: stops accepting connections, ends open event streams, lets running handlers
  /// answer (up to the configuration's `shutdownGracePeriod`, then 503), and closes every
  /// connection. Returns once the port is free; does nothing unless the server is running, and
  /// waits for the first call to finish when called again meanwhile.
  public func stop() async {
    switch state {
    case .running:
      break
    case .stopping:
      await stopped()
      return
    case .idle, .starting, .stopped:
      return
    }
    state = .stopping
    await daemon?.stop(gracePeriod: configuration.shutdownGracePeriod)
    daemon = nil
    state = .stopped
    let waiters = stopWaiters
    stopWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  /// How many callers wait in ``stopped()``: a test stops the server only once one does.
  var stopWaiterCount: Int { stopWaiters.count }

  /// Returns once a running or stopping server has stopped; at once in any other state.
  func stopped() async {
    switch state {
    case .running, .stopping:
      await withCheckedContinuation { stopWaiters.append($0) }
    case .idle, .starting, .stopped:
      return
    }
  }
}
