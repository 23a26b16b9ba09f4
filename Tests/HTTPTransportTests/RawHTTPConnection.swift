import Foundation
import HTTPTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One TCP connection to `127.0.0.1` for tests that need the bytes on the wire: exact request
/// headers, compressed bodies as sent, `HEAD`, and event streams read as they arrive.
///
/// Reads block, so each runs on a thread of its own, never on one of the few threads Swift
/// concurrency has (blocking those would starve the server's handlers); every read gives up after
/// 5 minutes, so a test fails rather than hangs. One test uses a connection, one call at a time.
final class RawHTTPConnection: @unchecked Sendable {
  /// A response as sent, the body unchunked but not decompressed.
  struct Response: Sendable {
    let status: Int
    let headers: HTTPHeaders
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
  }

  /// A socket call failed, or the server sent something unexpected.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  private let socket: Int32
  private var received = Data()

  /// Connects to `127.0.0.1:port`, from the loopback address `source` (another client address
  /// on the same machine, such as `127.0.0.2`) when given.
  init(port: Int, from source: String? = nil) throws {
    #if os(Linux)
      socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard socket >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
    // Long enough for a test machine that is busy with other tests (every test starts at once, so
    // one may wait for most of the run); only failures wait for it.
    var timeout = timeval(tv_sec: 300, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    if let source {
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      inet_pton(AF_INET, source, &local.sin_addr)
      let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
      }
      guard bound else {
        let message = String(cString: strerror(errno))
        close(socket)
        throw Failure(description: "bind \(source): \(message)")
      }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else {
      let message = String(cString: strerror(errno))
      close(socket)
      throw Failure(description: "connect: \(message)")
    }
  }

  deinit { close(socket) }

  /// Closes the connection now, as a client that goes away does.
  func disconnect() { shutdown(socket, Int32(SHUT_RDWR)) }

  // MARK: - Requests

  /// Sends a request: the request line, `Host`, `headers`, `Content-Length` when there is a body.
  func send(
    _ method: String, _ target: String, headers: [(String, String)] = [], body: Data = Data()
  ) throws {
    var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
    try write(Data((head + "\r\n").utf8) + body)
  }

  /// Writes raw bytes.
  func write(_ bytes: Data) throws {
    var sent = 0
    while sent < bytes.count {
      #if os(Linux)
        let flags = Int32(MSG_NOSIGNAL)
      #else
        let flags: Int32 = 0
      #endif
      let count = bytes[(bytes.startIndex + sent)...].withUnsafeBytes { buffer in
        #if os(Linux)
          Glibc.send(socket, buffer.baseAddress, buffer.count, flags)
        #else
          Darwin.send(socket, buffer.baseAddress, buffer.count, flags)
        #endif
      }
      guard count > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
      sent += count
    }
  }

  /// Reads one whole response; `head` for the answer to `HEAD`, which has no body.
  func response(head: Bool = false) async throws -> Response {
    try await offload { try self.readResponse(head: head) }
  }

  /// Reads the status line and headers.
  func head() async throws -> (status: Int, headers: HTTPHeaders) {
    try await offload { try self.readHead() }
  }

  /// The next chunk of a chunked body, or `nil` after the last one.
  func chunk() async throws -> Data? {
    try await offload { try self.readChunk() }
  }

  /// `true` once the server has closed the connection (reads nothing more within 10 s otherwise).
  func isClosedByServer() async -> Bool {
    (try? await offload {
      guard self.received.isEmpty else { return false }
      var byte: UInt8 = 0
      let count = recv(self.socket, &byte, 1, 0)
      // The end of the stream, or a reset: the server closed it. A timeout (EAGAIN) is not that.
      return count == 0 || (count < 0 && errno == ECONNRESET)
    }) ?? false
  }

  private func offload<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result(catching: body)) }.start()
    }
  }

  // MARK: - Reading

  private func readResponse(head: Bool) throws -> Response {
    let (status, headers) = try readHead()
    if head || status == 304 || status == 204 {
      return Response(status: status, headers: headers, body: Data())
    }
    if headers["Transfer-Encoding"]?.lowercased() == "chunked" {
      var body = Data()
      while let chunk = try readChunk() { body += chunk }
      return Response(status: status, headers: headers, body: body)
    }
    let length = try Int(headers["Content-Length"] ?? "").orThrow("no Content-Length: \(headers)")
    return Response(status: status, headers: headers, body: try take(length))
  }

  private func readHead() throws -> (status: Int, headers: HTTPHeaders) {
    let end = Data("\r\n\r\n".utf8)
    while received.range(of: end) == nil { try fill() }
    let range = received.range(of: end)!
    let text = String(decoding: received[..<range.lowerBound], as: UTF8.self)
    received.removeSubrange(..<range.upperBound)
    var lines = text.components(separatedBy: "\r\n")
    let statusLine = lines.removeFirst().split(separator: " ")
    let status = try Int(statusLine.count > 1 ? String(statusLine[1]) : "").orThrow("bad status line")
    var headers = HTTPHeaders()
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers.add(
        String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    return (status, headers)
  }

  private func readChunk() throws -> Data? {
    let size = try Int(line().split(separator: ";")[0], radix: 16).orThrow("bad chunk size")
    guard size > 0 else {
      while try !line().isEmpty {}
      return nil
    }
    let data = try take(size)
    guard try line().isEmpty else { throw Failure(description: "chunk not followed by CRLF") }
    return data
  }

  private func line() throws -> String {
    let end = Data("\r\n".utf8)
    while received.range(of: end) == nil { try fill() }
    let range = received.range(of: end)!
    let text = String(decoding: received[..<range.lowerBound], as: UTF8.self)
    received.removeSubrange(..<range.upperBound)
    return text
  }

  private func take(_ count: Int) throws -> Data {
    while received.count < count { try fill() }
    let data = received.prefix(count)
    received.removeFirst(count)
    return Data(data)
  }

  private func fill() throws {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = recv(socket, &buffer, buffer.count, 0)
    guard count > 0 else {
      throw Failure(
        description: count == 0 ? "connection closed" : "recv: \(String(cString: strerror(errno)))")
    }
    received.append(contentsOf: buffer[0..<count])
  }
}

extension Optional {
  /// The value, or a ``RawHTTPConnection/Failure`` saying `message`.
  func orThrow(_ message: @autoclosure () -> String) throws -> Wrapped {
    guard let self else { throw RawHTTPConnection.Failure(description: message()) }
    return self
  }
}
