#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The server could not start: a bad configuration, an address it cannot listen on, or a server
/// that is already running.
public struct HTTPServerError: Error, Equatable, Sendable, CustomStringConvertible {
  private enum Kind: Equatable {
    case invalidConfiguration
    case cannotListen(code: Int32)
    case notIdle
  }

  private let kind: Kind
  /// What went wrong, for a person: `cannot listen on 127.0.0.1:8080: address already in use`.
  public let message: String

  /// The message.
  public var description: String { message }

  /// `true` when another socket already listens on the address.
  public var isAddressInUse: Bool { kind == .cannotListen(code: EADDRINUSE) }

  // MARK: - Kinds

  static func invalidConfiguration(_ reason: String) -> HTTPServerError {
    HTTPServerError(kind: .invalidConfiguration, message: "invalid server configuration: \(reason)")
  }

  /// The daemon did not start on `host:port`; `code` is the `errno` it left (0 if none).
  static func cannotListen(host: String, port: Int, code: Int32) -> HTTPServerError {
    let error = String(cString: strerror(code))
    let reason =
      code == 0 ? "libmicrohttpd could not start" : error.prefix(1).lowercased() + error.dropFirst()
    return HTTPServerError(
      kind: .cannotListen(code: code), message: "cannot listen on \(host):\(port): \(reason)")
  }

  static func notIdle(_ state: HTTPServer.State) -> HTTPServerError {
    HTTPServerError(kind: .notIdle, message: "the server cannot start while it is \(state)")
  }
}
