import Foundation
import HTTPTransport
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A server on a loopback port that answers with a responder, for the few routing tests that need
/// one: what only a real server does (refusals, decoding) meets what the responder does.
struct LoopbackServer {
  /// A response as URLSession delivers it (a body it asked for gzip already decompressed).
  struct Reply {
    let status: Int
    let headers: [String: String]
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
      headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
  }

  let port: Int

  /// Runs `body` with a server on a port the system chooses that takes bodies up to
  /// `maximumBodySize` bytes, and always stops the server before returning or throwing.
  static func with(
    _ responder: some HTTPResponder, maximumBodySize: Int = 1 << 20,
    _ body: (LoopbackServer) async throws -> Void
  ) async throws {
    var configuration = HTTPServer.Configuration()
    configuration.port = 0
    configuration.maximumBodySize = maximumBodySize
    // A clock no one advances: no request deadline fires while a busy machine makes a test wait.
    configuration.clock = ManualClock()
    let server = HTTPServer(configuration: configuration, responder: responder)
    let port = try await server.start()
    do {
      try await body(LoopbackServer(port: port))
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }

  /// Sends a request with a fresh ephemeral URLSession.
  func get(_ target: String, method: String = "GET", body: Data? = nil) async throws -> Reply {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(target)")!)
    request.httpMethod = method
    request.httpBody = body
    request.timeoutInterval = 300  // bounds a failure only
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    let (data, response) = try await session.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    var fields: [String: String] = [:]
    for case (let name as String, let value as String) in http.allHeaderFields { fields[name] = value }
    return Reply(status: http.statusCode, headers: fields, body: data)
  }
}
