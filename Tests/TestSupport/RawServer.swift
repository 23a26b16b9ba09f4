import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP server on `127.0.0.1` standing in for a remote provider in tests: each accepted connection gets the request
/// head read and is then handed to `serve`, which writes what it likes (or nothing) and returns;
/// the connection is closed after. With `accepting: false` it listens but never accepts, so
/// connections complete in the kernel's backlog and are never answered.
public final class RawServer: @unchecked Sendable {
  /// The port it listens on.
  public let port: UInt16
  /// `http://127.0.0.1:{port}/path`.
  public func url(_ path: String = "/") -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

  private let listener: Int32
  private let done = DispatchSemaphore(value: 0)
  private let accepting: Bool

  public init(
    accepting: Bool = true, serve: @escaping @Sendable (_ client: Int32, _ head: String) -> Void = { _, _ in }
  ) {
    let listener = Sockets.tcp()
    self.listener = listener
    var address = Sockets.loopback()
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    listen(listener, 512)
    var bound = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &bound) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    port = UInt16(bigEndian: bound.sin_port)
    self.accepting = accepting
    guard accepting else { return }
    let done = done
    Thread {
      while true {
        let client = accept(listener, nil, nil)
        guard client >= 0 else { break }
        Thread {
          var head = Data()
          var buffer = [UInt8](repeating: 0, count: 4096)
          while !head.contains("\r\n\r\n".data(using: .utf8)!) {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { break }
            head.append(contentsOf: buffer[..<count])
          }
          serve(client, String(decoding: head, as: UTF8.self))
          close(client)
        }.start()
      }
      done.signal()
    }.start()
  }

  /// Stops listening (and accepting).
  public func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
    if accepting { done.wait() }
  }

  /// Writes all of `text` to `client`.
  public static func write(_ text: String, to client: Int32) { write(Data(text.utf8), to: client) }

  /// Writes all of `data` to `client`, stopping if the client has gone.
  public static func write(_ data: Data, to client: Int32) {
    data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let count = send(client, bytes.baseAddress! + offset, bytes.count - offset, Sockets.sendFlags)
        guard count > 0 else { return }
        offset += count
      }
    }
  }
}
