import CMicroHTTPD
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A running libmicrohttpd daemon and the context its callbacks share; ``HTTPServer`` owns it.
///
/// Its properties never change; libmicrohttpd's calls on the daemon pointer are thread-safe, and the
/// server calls ``stop(gracePeriod:)`` once. It is `@unchecked Sendable` for that reason: the daemon
/// pointer and the dispatch timer are not `Sendable` types, and there is no state to lock.
final class Daemon: @unchecked Sendable {
  /// The port the daemon listens on.
  let port: Int
  private let pointer: OpaquePointer
  private let server: ServerContext
  private let retainedServer: Unmanaged<ServerContext>
  /// Closes connections that are too slow to send their request, four times a second; a timer of
  /// its own, so that busy Swift tasks cannot delay it.
  private let sweeper: any DispatchSourceTimer

  /// Starts a daemon on `configuration`'s address: epoll (poll off Linux) with a thread pool,
  /// suspend/resume allowed, and no logging.
  init(configuration: HTTPServer.Configuration, responder: any HTTPResponder) throws {
    let host = configuration.host
    var address = sockaddr_in()
    #if !os(Linux)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
      throw HTTPServerError.invalidConfiguration("host \"\(host)\" is not an IPv4 address")
    }
    guard let port = UInt16(exactly: configuration.port) else {
      throw HTTPServerError.invalidConfiguration("port \(configuration.port) is not in 0...65535")
    }
    address.sin_port = port.bigEndian
    for (name, value) in [
      ("threads", configuration.threads), ("connectionLimit", configuration.connectionLimit),
      ("connectionTimeout", configuration.connectionTimeout),
      ("perAddressConnectionLimit", configuration.perAddressConnectionLimit),
      ("eventStreamLimit", configuration.eventStreamLimit),
      ("memoryLimitPerConnection", configuration.memoryLimitPerConnection),
    ] where UInt32(exactly: value) == nil || value < 1 {
      throw HTTPServerError.invalidConfiguration("\(name) \(value) is not a positive number")
    }
    guard configuration.heartbeatInterval > .zero else {
      throw HTTPServerError.invalidConfiguration(
        "heartbeatInterval \(configuration.heartbeatInterval) is not positive")
    }
    guard configuration.requestTimeout > .zero else {
      throw HTTPServerError.invalidConfiguration(
        "requestTimeout \(configuration.requestTimeout) is not positive")
    }
    let limits = Self.limits(for: configuration)

    #if os(Linux)
      let polling = MHD_USE_EPOLL_INTERNAL_THREAD
    #else
      let polling = MHD_USE_POLL_INTERNAL_THREAD
    #endif
    let flags = polling.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
    let connections = ConnectionTable(
      limit: limits.connections, requestTimeout: configuration.requestTimeout, clock: configuration.clock)
    let server = ServerContext(
      responder: responder, maximumBodySize: configuration.maximumBodySize,
      uploadLimits: configuration.uploadLimits, uploadBudget: configuration.uploadBudget,
      heartbeatInterval: configuration.heartbeatInterval, clock: configuration.clock,
      eventStreamLimit: limits.eventStreams,
      connections: connections)
    let retainedServer = Unmanaged.passRetained(server)
    var code: Int32 = 0
    let started = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        var settings = chaek_mhd_settings(
          flags: flags, port: port, address: address, thread_pool_size: UInt32(configuration.threads),
          // Each thread of the pool gets an equal share of libmicrohttpd's limit and stops
          // accepting at its share: with every share as large as the server's whole limit, the
          // accept policy is what refuses.
          connection_limit: UInt32(clamping: limits.connections * (configuration.threads + 1)),
          per_ip_connection_limit: UInt32(configuration.perAddressConnectionLimit),
          connection_timeout: UInt32(configuration.connectionTimeout),
          memory_limit: configuration.memoryLimitPerConnection,
          accept_policy: { context, _, _ in
            guard let context else { return .NO }
            return Callbacks.accepts(
              server: Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue())
              ? .YES : .NO
          },
          handler: { context, connection, url, method, version, upload, uploadSize, state in
            guard let context, let connection, let url, let method, let uploadSize, let state else {
              return .NO
            }
            return Callbacks.access(
              server: Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue(),
              connection: connection, method: String(cString: method), url: String(cString: url),
              version: version, upload: upload, uploadSize: uploadSize, state: state)
          },
          completed: { context, connection, state, _ in
            guard let context, let state else { return }
            Callbacks.completed(
              server: Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue(),
              connection: connection, state: state)
          },
          notify_connection: { context, connection, _, event in
            guard let context, let connection else { return }
            Callbacks.connection(
              server: Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue(),
              connection: connection, event: event)
          },
          log_uri: { _, target, connection in
            guard let target, let connection else { return nil }
            return Callbacks.requestLine(connection: connection, target: target)
          },
          context: retainedServer.toOpaque())
        return chaek_mhd_start_daemon(&settings, &code)
      }
    }
    guard let started else {
      retainedServer.release()
      throw HTTPServerError.cannotListen(host: host, port: configuration.port, code: code)
    }
    self.server = server
    self.retainedServer = retainedServer
    pointer = started
    self.port = Int(chaek_mhd_bound_port(started))
    sweeper = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "chaek.http.sweeper"))
    sweeper.schedule(deadline: .now(), repeating: .milliseconds(250), leeway: .milliseconds(50))
    sweeper.setEventHandler { connections.sweep() }
    sweeper.resume()
  }

  // MARK: - Limits

  /// Files kept free for everything but client connections: databases, outgoing requests.
  private static let reservedFiles = 128

  /// The connection and event stream limits that fit under the open-file limit, which is first
  /// raised to its hard maximum (often 1,024 soft, more hard).
  private static func limits(
    for configuration: HTTPServer.Configuration
  ) -> (connections: Int, eventStreams: Int) {
    #if os(Linux)
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    var limit = rlimit()
    var files = Int.max
    if getrlimit(resource, &limit) == 0 {
      if limit.rlim_cur < limit.rlim_max {
        var raised = limit
        raised.rlim_cur = limit.rlim_max
        if setrlimit(resource, &raised) == 0 { limit = raised }
      }
      // RLIM_INFINITY is the largest value.
      files = Int(clamping: limit.rlim_cur)
    }
    let connections = max(1, min(configuration.connectionLimit, files - reservedFiles))
    return (connections, max(1, min(configuration.eventStreamLimit, connections / 2)))
  }

  /// Stops the daemon: no new connections or handlers, open event streams ended, running handlers
  /// and ending streams given up to `gracePeriod` to finish (then handlers are abandoned, and their
  /// connections given up to a second to send a 503), every suspended connection resumed, then
  /// `MHD_stop_daemon`.
  ///
  /// The accept policy refuses new connections once stopping has begun. `MHD_quiesce_daemon` is not
  /// used: in 0.9.75 with a thread pool on epoll it races a worker that removes the listening socket
  /// from its own epoll set, and aborts the process ("Failed to remove listen FD from epoll set",
  /// seen once in a test run).
  func stop(gracePeriod: Duration) async {
    sweeper.cancel()
    let streams = server.beginStopping()
    for stream in streams { stream.end() }
    let abandoned = await server.waitUntilIdle(timeout: gracePeriod)
    for request in abandoned { request.abandon() }
    if !abandoned.isEmpty {
      // Each resumed connection answers 503 and completes, which ends its handling.
      for request in await server.waitUntilIdle(timeout: .seconds(1)) { server.endHandling(request) }
    }
    MHD_stop_daemon(pointer)
    retainedServer.release()
  }
}
