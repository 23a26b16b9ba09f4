import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server on `127.0.0.1` standing in for a remote provider in tests.
///
/// It listens on an ephemeral port, serves one request per connection (`Connection: close`) on a
/// background thread, records every request, and answers each with what `respond` returns for it.
/// Each test starts its own server and calls ``stop()`` when done, which closes the socket and waits
/// for the thread to end.
public final class StubHTTPServer: @unchecked Sendable {
  /// A request as the server received it.
  public struct Request: Sendable {
    /// `GET`, ...
    public let method: String
    /// The request target as sent, percent-encoding included: `/v3/search/book?query=%ED%95%B4`.
    public let target: String
    /// The path, without the query.
    public let path: String
    /// The query parameters, decoded as a form-encoding server decodes them (`+` is a space).
    public let query: [String: String]
    /// Header values by lower-cased name.
    public let headers: [String: String]

    /// The value of a header, whatever the case of `name`.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
  }

  /// What the server answers.
  public struct Response: Sendable {
    /// The HTTP status.
    public var status: Int
    /// Headers besides `Content-Length` and `Connection`.
    public var headers: [String: String] = [:]
    /// The body.
    public var body = Data()
    /// Seconds to wait before answering; the wait ends early if the client goes away.
    public var delay: TimeInterval = 0

    /// An answer with `status`, `headers` and `body`, sent after `delay` seconds.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data(), delay: TimeInterval = 0) {
      (self.status, self.headers, self.body, self.delay) = (status, headers, body, delay)
    }

    /// A JSON answer.
    public static func json(_ text: String, status: Int = 200, delay: TimeInterval = 0) -> Response {
      Response(
        status: status, headers: ["Content-Type": "application/json;charset=UTF-8"], body: Data(text.utf8),
        delay: delay)
    }
  }

  /// A socket call failed while starting the server.
  public struct StartError: Error, CustomStringConvertible {
    /// The call that failed.
    public let call: String
    /// Its `errno`.
    public let code: Int32

    public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
  }

  /// The port the server listens on.
  public let port: UInt16
  /// `http://127.0.0.1:{port}`.
  public var baseURL: URL {
    // A literal host and a number always make a valid URL.
    URL(string: "http://127.0.0.1:\(port)")!
  }
  /// The requests received so far, in order.
  public var requests: [Request] { lock.withLock { received } }

  private let listener: Int32
  private let wakeReader: Int32
  private let wakeWriter: Int32
  private let respond: @Sendable (Request) -> Response
  private let finished = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var received: [Request] = []
  private var stopped = false

  // MARK: - Lifecycle

  /// Starts a server that answers each request with `respond(request)`.
  public init(respond: @escaping @Sendable (Request) -> Response) throws {
    self.respond = respond
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { throw StartError(call: "pipe", code: errno) }
    (wakeReader, wakeWriter) = (pipeEnds[0], pipeEnds[1])
    do {
      (listener, port) = try Self.makeListener()
    } catch {
      close(wakeReader)
      close(wakeWriter)
      throw error
    }
    Thread { [self] in
      serve()
      finished.signal()
    }
    .start()
  }

  /// Stops listening, ends the serving thread and waits for it. Calling it again does nothing.
  public func stop() {
    let first = lock.withLock {
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    var byte: UInt8 = 1
    _ = write(wakeWriter, &byte, 1)
    finished.wait()
    close(listener)
    close(wakeReader)
    close(wakeWriter)
  }

  /// A listening socket on 127.0.0.1 and the ephemeral port the system chose for it.
  private static func makeListener() throws -> (socket: Int32, port: UInt16) {
    let fd = Sockets.tcp()
    guard fd >= 0 else { throw StartError(call: "socket", code: errno) }
    var address = Sockets.loopback()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
      }
    }
    guard bound, listen(fd, 16) == 0 else {
      let code = errno
      close(fd)
      throw StartError(call: "bind/listen", code: code)
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }

  // MARK: - Serving

  private func serve() {
    while true {
      var fds = [
        pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
      ]
      guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { return }
      if fds[1].revents != 0 { return }
      guard fds[0].revents & Int16(POLLIN) != 0 else { continue }
      let client = accept(listener, nil, nil)
      guard client >= 0 else { continue }
      handle(client)
      close(client)
    }
  }

  private func handle(_ client: Int32) {
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    #if !os(Linux)
      var on: Int32 = 1
      setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    guard let head = readHead(client), let request = Self.parse(head) else {
      answer(Response(status: 400), on: client)
      return
    }
    lock.withLock { received.append(request) }
    let response = respond(request)
    guard response.delay <= 0 || waitWhileConnected(client, seconds: response.delay) else { return }
    answer(response, on: client)
  }

  /// The request line and headers, up to the blank line that ends them.
  private func readHead(_ client: Int32) -> String? {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    let end = Data("\r\n\r\n".utf8)
    while data.range(of: end) == nil {
      let count = recv(client, &buffer, buffer.count, 0)
      guard count > 0, data.count < 65_536 else { return nil }
      data.append(contentsOf: buffer[0..<count])
    }
    return String(data: data, encoding: .utf8)
  }

  /// Waits `seconds`; `false` if the client closed the connection or the server is stopping first.
  private func waitWhileConnected(_ client: Int32, seconds: TimeInterval) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { return true }
      var fds = [
        pollfd(fd: client, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, Int32((remaining * 1000).rounded(.up)))
      if ready > 0 { return false }
      if ready < 0 && errno != EINTR { return false }
    }
  }

  private func answer(_ response: Response, on client: Int32) {
    var head =
      "HTTP/1.1 \(response.status) \(HTTPURLResponse.localizedString(forStatusCode: response.status))\r\n"
    head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n"
    for (name, value) in response.headers {
      head += "\(name): \(value)\r\n"
    }
    head += "\r\n"
    let bytes = [UInt8](Data(head.utf8) + response.body)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Sockets.sendFlags) }
      guard count > 0 else { return }
      sent += count
    }
    shutdown(client, Int32(SHUT_WR))
  }

  // MARK: - Parsing

  private static func parse(_ head: String) -> Request? {
    let lines = head.components(separatedBy: "\r\n")
    let requestLine = lines[0].split(separator: " ")
    guard requestLine.count == 3 else { return nil }
    let target = String(requestLine[1])
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    var query: [String: String] = [:]
    if parts.count == 2 {
      for item in parts[1].split(separator: "&") {
        let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        query[formDecoded(pair[0])] = pair.count == 2 ? formDecoded(pair[1]) : ""
      }
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else { return nil }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return Request(
      method: String(requestLine[0]), target: target, path: String(parts[0]), query: query,
      headers: headers)
  }

  private static func formDecoded(_ text: Substring) -> String {
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }
}
