import BookCatalog
import BookModel
import BookProviders
import ChaekApp
import ChaekWeb
import Foundation
import HTTPTransport
import TestSupport
import UserLibrary

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The web app on a real server on a loopback port, over an in-memory catalog with known books and
/// a library file of its own (see ``AppFixture``).
struct AppServer {
  static let hostileTitle = "<img src=x onerror=alert(1)>"

  let port: Int
  let fixture: AppFixture
  var library: Library { fixture.library }
  var libraryPath: String { fixture.libraryPath }

  /// Runs `body` with the app on a server, then stops the server (awaited, whether `body` returns
  /// or throws) and removes the app's files.
  static func with(token: String? = nil, _ body: (AppServer) async throws -> Void) async throws {
    try await AppFixture.with(token: token) { fixture in
      var configuration = HTTPServer.Configuration()
      configuration.port = 0
      configuration.maximumBodySize = WebApp.maximumBodySize
      configuration.uploadLimits = WebApp.uploadLimits
      // A clock no one advances: no request deadline or heartbeat comes while a busy machine makes
      // a test wait.
      configuration.clock = ManualClock()
      let server = HTTPServer(configuration: configuration, responder: fixture.app.responder)
      let port = try await server.start()
      do {
        try await body(AppServer(port: port, fixture: fixture))
      } catch {
        await server.stop()
        throw error
      }
      await server.stop()
    }
  }

  static let vegetarian = Book(
    title: "채식주의자", contents: "고기를 먹지 않기로 한 영혜.", isbn: "8936433598 9788936433598",
    datetime: KakaoDate.parse("2007-10-30T00:00:00.000+09:00"), authors: ["한강"], publisher: "창비",
    price: 12000,
    salePrice: 10800, thumbnail: "https://search1.kakaocdn.net/thumb/x.jpg", status: "정상판매", pages: 247)

  static let books: [Book] =
    [
      vegetarian,
      Book(title: hostileTitle, authors: ["<b>bold</b>"], publisher: "\"quoted\" & co", price: 1000),
      Book(title: "소년이 온다", url: "javascript:alert(1)", authors: ["한강"], publisher: "창비"),
    ]
    + (1...25).map { Book(title: "시리즈 \($0)권", authors: ["작가"], publisher: "출판사") }

  // MARK: - Requests

  struct Reply {
    let status: Int
    let headers: [String: String]
    let body: Data
    var text: String { String(decoding: body, as: UTF8.self) }
    func json() throws -> [String: Any] {
      try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
    }
    func header(_ name: String) -> String? {
      headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
  }

  func request(
    _ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]
  ) async throws -> Reply {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
    request.httpMethod = method
    request.httpBody = body
    request.timeoutInterval = 300  // bounds a failure only
    // A body is JSON unless told (URLSession would call it a form).
    if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpShouldSetCookies = false
    let session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    let (data, response) = try await session.data(for: request)
    let http = response as! HTTPURLResponse
    var fields: [String: String] = [:]
    for (key, value) in http.allHeaderFields { fields["\(key)"] = "\(value)" }
    return Reply(status: http.statusCode, headers: fields, body: data)
  }

  func get(_ path: String, headers: [String: String] = [:]) async throws -> Reply {
    try await request("GET", path, headers: headers)
  }
}

/// Lets tests see redirects instead of following them.
final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}
