#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The socket calls whose spelling differs between Linux and macOS, for the test servers.
public enum Sockets {
  /// A new IPv4 TCP socket, or -1 with `errno` set.
  public static func tcp() -> Int32 {
    #if os(Linux)
      socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      socket(AF_INET, SOCK_STREAM, 0)
    #endif
  }

  /// `127.0.0.1:port` (0: any free port).
  public static func loopback(port: UInt16 = 0) -> sockaddr_in {
    var address = sockaddr_in()
    #if !os(Linux)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }

  /// `send` flags that keep a peer that has gone from raising SIGPIPE, where the flag exists
  /// (Linux); elsewhere the process ignores SIGPIPE.
  public static let sendFlags: Int32 = {
    #if os(Linux)
      Int32(MSG_NOSIGNAL)
    #else
      0
    #endif
  }()
}
