import Foundation

extension HTTPServer {
  /// Where the server listens and how much it takes on.
  public struct Configuration: Sendable {
    /// The IPv4 address to listen on; `0.0.0.0` for every interface.
    public var host = "127.0.0.1"
    /// The port to listen on; 0 lets the system choose one (``HTTPServer/start()`` returns it).
    public var port = 8080
    /// libmicrohttpd's thread pool size; by default the number of cores.
    public var threads = ProcessInfo.processInfo.activeProcessorCount
    /// The most connections open at once; beyond it a new connection is closed at once (refused
    /// promptly, rather than left waiting in the listen queue). 1,000 fits under the usual 1,024
    /// open files once the server has raised its soft limit to the hard one; where the hard limit
    /// is lower, the server takes what fits under it (leaving 128 files for databases and outgoing
    /// requests).
    public var connectionLimit = 1000
    /// The most connections open at once from one client address; more are closed at once. Above
    /// 256, so a busy client (or a reverse proxy) with 256 concurrent keep-alive connections works,
    /// and above ``eventStreamLimit``, so a client whose streams fill the server can still make
    /// requests; half the ``connectionLimit``, so one address cannot take the whole server.
    public var perAddressConnectionLimit = 500
    /// The most event streams (Server-Sent Events) open at once; more get 503 with `Retry-After`. A
    /// quarter of ``connectionLimit`` (and never above half of it), so plain requests, `/healthz`
    /// included, always have room: every open page holds one stream, and 250 pages is far beyond
    /// what a personal server serves.
    public var eventStreamLimit = 250
    /// Seconds an idle connection stays open while libmicrohttpd waits to read or write (a
    /// suspended one, whose handler runs or whose stream waits for events, never times out).
    public var connectionTimeout = 15
    /// How long a connection may take to send a whole request (head and body), counted from when
    /// it opens or its previous response ends; then it is closed. Unlike ``connectionTimeout``, a
    /// byte now and then does not extend it, so a slowloris client loses its slot in seconds; it
    /// also closes keep-alive connections idle this long.
    public var requestTimeout: Duration = .seconds(10)
    /// Bytes of buffer per connection, for the request head and for sending: libmicrohttpd's
    /// default, 32 KiB, which takes a head of 30,000 bytes (a larger one gets 431). Not more:
    /// libmicrohttpd 0.9.75 zeroes the whole buffer after every request (at 64 KiB a static
    /// file's throughput was about 7% lower).
    public var memoryLimitPerConnection = 32 * 1024
    /// Request bodies above this many bytes get 413 Payload Too Large.
    public var maximumBodySize = 1 << 20
    /// `POST` requests to these paths (exact, percent-decoded) may carry bodies up to the size given
    /// instead of ``maximumBodySize``: uploads, such as a file to import.
    public var uploadLimits: [String: Int] = [:]
    /// The most bytes of upload bodies (see ``uploadLimits``) held at once, each counted at its
    /// declared length (or its path's limit when it declares none) from its head to its response;
    /// an upload that would pass it gets 503 with `Retry-After` before its body is sent.
    public var uploadBudget = 64 << 20
    /// How often the server sends a `: ping` comment on each event stream, so that a client that
    /// has gone is noticed (a write to it fails).
    public var heartbeatInterval: Duration = .seconds(15)
    /// How long ``HTTPServer/stop()`` waits for running handlers before it answers them 503.
    public var shutdownGracePeriod: Duration = .seconds(5)
    /// The clock that the ``requestTimeout`` and the ``heartbeatInterval`` follow; tests give one
    /// they advance.
    public var clock: any Clock<Duration> = ContinuousClock()

    /// The defaults: `127.0.0.1:8080`.
    public init() {}
  }
}
