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
/// server calls ``stop(gracePeriod:)`` once.
final class Daemon: @unchecked Sendable {
  /// The port the daemon listens on.
  let port: Int
  private let pointer: OpaquePointer
  private let server: ServerContext
  private let retainedServer: Unmanaged<ServerContext>

  /// Starts a daemon on `configuration`'s address: epoll (poll off Linux) with a thread pool,
  /// suspend/resume allowed, and no logging.
  init(configuration: HTTPServer.Configuration, handler: @escaping HTTPHandler) throws {
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
      ("memoryLimitPerConnection", configuration.memoryLimitPerConnection),
    ] where UInt32(exactly: value) == nil || value < 1 {
      throw HTTPServerError.invalidConfiguration("\(name) \(value) is not a positive number")
    }
    guard configuration.heartbeatInterval > .zero else {
      throw HTTPServerError.invalidConfiguration(
        "heartbeatInterval \(configuration.heartbeatInterval) is not positive")
    }

    #if os(Linux)
      let polling = MHD_USE_EPOLL_INTERNAL_THREAD
    #else
      let polling = MHD_USE_POLL_INTERNAL_THREAD
    #endif
    let flags = polling.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
    let server = ServerContext(
      handler: handler, maximumBodySize: configuration.maximumBodySize,
      heartbeatInterval: configuration.heartbeatInterval)
    let retainedServer = Unmanaged.passRetained(server)
    var code: Int32 = 0
    let started = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        chaek_mhd_start_daemon(
          flags, port, address, UInt32(configuration.threads), UInt32(configuration.connectionLimit),
          UInt32(configuration.connectionTimeout), configuration.memoryLimitPerConnection,
          { context, connection, url, method, _, upload, uploadSize, state in
            guard let context, let connection, let url, let method, let uploadSize, let state else {
              return .NO
            }
            return Callbacks.access(
              server: Unmanaged<ServerContext>.fromOpaque(context).takeUnretainedValue(),
              connection: connection, method: String(cString: method), url: String(cString: url),
              upload: upload, uploadSize: uploadSize, state: state)
          },
          { _, _, state, _ in
            guard let state else { return }
            Callbacks.completed(state: state)
          }, retainedServer.toOpaque(), &code)
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
  }

  /// Stops the daemon: no new connections or handlers, open event streams ended, running handlers
  /// and ending streams given up to `gracePeriod` to finish (then handlers are abandoned with a 503),
  /// every suspended connection resumed, then `MHD_stop_daemon`.
  func stop(gracePeriod: Duration) async {
    let streams = server.beginStopping()
    let listener = MHD_quiesce_daemon(pointer)
    for stream in streams { stream.end() }
    for request in await server.waitUntilIdle(timeout: gracePeriod) {
      request.abandon()
      server.endHandling(request)
    }
    MHD_stop_daemon(pointer)
    if listener >= 0 { close(listener) }
    retainedServer.release()
  }
}
