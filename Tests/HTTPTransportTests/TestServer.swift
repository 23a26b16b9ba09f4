import Foundation
import HTTPTransport
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A server on an ephemeral loopback port for one test, and URLSession requests to it.
struct TestServer {
  /// A response as URLSession delivers it (bodies already decompressed if it asked for gzip).
  struct Response {
    let status: Int
    let headers: [String: String]
    let body: Data

    /// The value of a header, whatever the case of `name`.
    func header(_ name: String) -> String? {
      headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// The body as UTF-8 text.
    var text: String { String(decoding: body, as: UTF8.self) }
  }

  let server: HTTPServer
  let port: Int

  /// `http://127.0.0.1:{port}`.
  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// The default configuration on port 0 (a port the system chooses), on a ``ManualClock`` no one
  /// advances (request deadlines and heartbeats never come, however long a busy machine makes a
  /// test wait; a test of them advances its own clock or gives a real one) and with a long idle
  /// timeout, after `change`.
  static func configuration(
    _ change: (inout HTTPServer.Configuration) -> Void = { _ in }
  ) -> HTTPServer.Configuration {
    var configuration = HTTPServer.Configuration()
    configuration.port = 0
    configuration.clock = ManualClock()
    // libmicrohttpd's idle timeout keeps its own time: 10 minutes, so a test that holds a
    // connection open while a busy machine runs others does not lose it.
    configuration.connectionTimeout = 600
    change(&configuration)
    return configuration
  }

  /// Starts a server with `configuration` and `handler`.
  static func start(
    _ configuration: HTTPServer.Configuration = configuration(), handler: @escaping HTTPHandler
  ) async throws -> TestServer {
    let server = HTTPServer(configuration: configuration, handler: handler)
    let port = try await server.start()
    return TestServer(server: server, port: port)
  }

  /// Runs `body` with a server started with `handler`, and stops the server afterwards.
  static func with(
    _ configuration: HTTPServer.Configuration = configuration(), handler: @escaping HTTPHandler,
    _ body: (TestServer) async throws -> Void
  ) async throws {
    try await run(HTTPServer(configuration: configuration, handler: handler), body)
  }

  /// Runs `body` with a server started with `responder`, and stops the server afterwards.
  static func with(
    _ configuration: HTTPServer.Configuration = configuration(), responder: some HTTPResponder,
    _ body: (TestServer) async throws -> Void
  ) async throws {
    try await run(HTTPServer(configuration: configuration, responder: responder), body)
  }

  /// Starts `server`, runs `body`, and stops the server whether `body` returns or throws.
  private static func run(_ server: HTTPServer, _ body: (TestServer) async throws -> Void) async throws {
    let running = TestServer(server: server, port: try await server.start())
    do {
      try await body(running)
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }

  func stop() async { await server.stop() }

  // MARK: - Requests

  /// Sends a request with URLSession (a fresh ephemeral session, no cache, a 5-minute timeout that
  /// only bounds a failure).
  func request(
    _ target: String, method: String = "GET", headers: [String: String] = [:], body: Data? = nil
  ) async throws -> Response {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(target)")!)
    request.httpMethod = method
    request.httpBody = body
    request.timeoutInterval = 300
    for (name, value) in headers {
      request.setValue(value, forHTTPHeaderField: name)
    }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let session = URLSession(configuration: configuration)
    defer { session.finishTasksAndInvalidate() }
    let (data, response) = try await session.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    var fields: [String: String] = [:]
    for case (let name as String, let value as String) in http.allHeaderFields {
      fields[name] = value
    }
    return Response(status: http.statusCode, headers: fields, body: data)
  }
}

extension HTTPResponse {
  /// `fields` as a JSON object.
  static func json(_ fields: [String: String], status: Int = 200) -> HTTPResponse {
    .json(raw: (try? JSONEncoder().encode(fields)) ?? Data(), status: status)
  }

  /// This response with another status.
  func with(status: Int) -> HTTPResponse {
    var response = self
    response.status = status
    return response
  }
}
