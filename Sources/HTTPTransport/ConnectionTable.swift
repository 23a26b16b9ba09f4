import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The open connections: how many there are, so that the accept policy refuses beyond the limit,
/// and by when each must have delivered its request, so that a slow client (slowloris) loses its
/// slot.
///
/// A connection is given `requestTimeout` to send a whole request (head and body) from the moment
/// it opens and from the end of each response; the time a handler runs or a response is sent does
/// not count. libmicrohttpd's own timeout cannot do this: any byte resets it. ``sweep()`` shuts down
/// the sockets of connections past their deadline, and libmicrohttpd then closes them.
///
/// libmicrohttpd calls `MHD_CONNECTION_NOTIFY_CLOSED` before it closes a connection's socket, and
/// that call waits for the lock that ``sweep()`` holds, so a socket number is never shut down after
/// the system has given it to another connection. Connections are keyed by their address: nothing
/// is called through the pointer.
final class ConnectionTable: Sendable {
  private struct Entry {
    let socket: Int32
    /// When the connection must have sent its request (measured by ``elapsed``); `nil` while a
    /// request is being handled.
    var deadline: Duration?
  }

  /// The most connections open at once; the accept policy refuses more.
  let limit: Int
  /// How long a connection may take to send a request.
  let requestTimeout: Duration

  /// The time since the table was made, on the server's clock.
  private let elapsed: @Sendable () -> Duration
  private let entries = Mutex<[UInt: Entry]>([:])

  init(limit: Int, requestTimeout: Duration, clock: any Clock<Duration>) {
    self.limit = limit
    self.requestTimeout = requestTimeout
    elapsed = clock.stopwatch()
  }

  // MARK: - libmicrohttpd's notifications

  /// `true` while there is room for one more connection (the accept policy).
  func hasRoom() -> Bool {
    entries.withLock { $0.count < limit }
  }

  /// A connection has started; its first request is due within the timeout.
  func opened(_ connection: OpaquePointer) {
    let socket = chaek_mhd_connection_socket(connection)
    let deadline = elapsed() + requestTimeout
    entries.withLock { $0[Self.key(connection)] = Entry(socket: socket, deadline: deadline) }
  }

  /// A connection is about to be closed.
  func closed(_ connection: OpaquePointer) {
    _ = entries.withLock { $0.removeValue(forKey: Self.key(connection)) }
  }

  /// The connection's request has arrived: no deadline while it is handled and answered.
  func requestArrived(on connection: OpaquePointer) {
    entries.withLock { $0[Self.key(connection)]?.deadline = nil }
  }

  /// The connection's response has been sent: its next request is due within the timeout.
  func requestCompleted(on connection: OpaquePointer) {
    let deadline = elapsed() + requestTimeout
    entries.withLock { $0[Self.key(connection)]?.deadline = deadline }
  }

  private static func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: connection) }

  // MARK: - Sweeping

  /// Shuts down the socket of every connection past its deadline.
  func sweep() {
    let now = elapsed()
    entries.withLock { entries in
      for (connection, entry) in entries {
        guard let deadline = entry.deadline, deadline <= now, entry.socket >= 0 else { continue }
        shutdown(entry.socket, Int32(SHUT_RDWR))
        // Shut down once: libmicrohttpd notices and closes the connection.
        entries[connection]?.deadline = nil
      }
    }
  }
}
