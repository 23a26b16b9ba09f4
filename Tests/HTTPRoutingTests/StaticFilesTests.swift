import Foundation
import HTTPRouting
import HTTPTransport
import TestSupport
import Testing

@Suite("Static files", .timeLimit(.minutes(10)))
final class StaticFilesTests {
  static let page = "<!doctype html><title>책</title>" + String(repeating: "<p>담은 책이 없습니다.</p>\n", count: 200)
  let directory: URL
  let files: StaticFiles

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("static-\(UUID().uuidString)")
    let contents: [String: Data] = [
      "index.html": Data(Self.page.utf8),
      "app.css": Data("body { margin: 0 }".utf8),
      "js/app.js": Data(String(repeating: "console.log('책');\n", count: 200).utf8),
      "icon.svg": Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8),
      "logo.png": Data([0x89, 0x50, 0x4E, 0x47] + [UInt8](repeating: 1, count: 3000)),
      "data.json": Data("{}".utf8),
      "favicon.ico": Data([0, 0, 1, 0]),
      "site.webmanifest": Data(#"{"name":"책"}"#.utf8),
      "robots.txt": Data("User-agent: *".utf8),
      ".secret": Data("hidden".utf8),
      ".git/config": Data("hidden".utf8),
    ]
    for (path, data) in contents {
      let url = directory.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url)
    }
    files = StaticFiles(directory: directory, cacheControl: "public, max-age=60")
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  static func get(_ headers: HTTPHeaders = [:]) -> HTTPRequest {
    HTTPRequest(method: .GET, path: "/", headers: headers)
  }

  static func body(_ response: HTTPResponse?) -> Data? {
    guard case .data(let data) = response?.body else { return nil }
    return data
  }

  // MARK: - Lookup

  @Test(arguments: [
    ("/index.html", "text/html; charset=utf-8"),
    ("app.css", "text/css; charset=utf-8"),
    ("/js/app.js", "text/javascript; charset=utf-8"),
    ("/icon.svg", "image/svg+xml"),
    ("/logo.png", "image/png"),
    ("/data.json", "application/json; charset=utf-8"),
    ("/favicon.ico", "image/x-icon"),
    ("/site.webmanifest", "application/manifest+json"),
    ("/robots.txt", "text/plain; charset=utf-8"),
  ])
  func servesFilesWithTheirContentType(path: String, type: String) throws {
    let response = try #require(files.response(for: path, request: Self.get()))
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == type)
    #expect(response.headers["Cache-Control"] == "public, max-age=60")
    let etag = try #require(response.headers["ETag"])
    #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count > 4)
    let onDisk = try Data(contentsOf: directory.appendingPathComponent(String(path.drop { $0 == "/" })))
    #expect(Self.body(response) == onDisk)
  }

  @Test(arguments: ["/missing.html", "/.secret", "/.git/config", "/../index.html", "/js", "/js/../app.css"])
  func hasNothingForMissingOrHiddenPaths(path: String) {
    #expect(files.response(for: path, request: Self.get()) == nil)
  }

  @Test func aDirectoryPathServesItsIndex() throws {
    let response = try #require(files.response(for: "/", request: Self.get()))
    #expect(Self.body(response) == Data(Self.page.utf8))
  }

  @Test func etagsAreStrongAndDependOnTheContent() throws {
    let html = try #require(files.response(for: "/index.html", request: Self.get()))
    let again = try #require(
      StaticFiles(directory: directory).response(for: "/index.html", request: Self.get()))
    let css = try #require(files.response(for: "/app.css", request: Self.get()))
    #expect(html.headers["ETag"] == again.headers["ETag"])
    #expect(html.headers["ETag"] != css.headers["ETag"])
    #expect(html.headers["ETag"]?.hasPrefix("W/") == false)
  }

  // MARK: - Conditional requests

  @Test func answersNotModifiedWhenIfNoneMatchHasTheETag() throws {
    let first = try #require(files.response(for: "/app.css", request: Self.get()))
    let etag = try #require(first.headers["ETag"])
    for ifNoneMatch in [etag, "\"other\", \(etag)", "W/\(etag)", "*"] {
      let cached = try #require(
        files.response(for: "/app.css", request: Self.get(["If-None-Match": ifNoneMatch])))
      #expect(cached.status == 304, "If-None-Match: \(ifNoneMatch)")
      #expect(cached.headers["ETag"] == etag)
      #expect(cached.headers["Cache-Control"] == "public, max-age=60")
      #expect(cached.headers["Content-Type"] == nil)
      #expect(Self.body(cached)?.isEmpty == true)
    }
    let changed = try #require(
      files.response(for: "/app.css", request: Self.get(["If-None-Match": "\"old\""])))
    #expect(changed.status == 200)
  }

  // MARK: - gzip

  @Test func sendsTheGzipFormToClientsThatAcceptIt() throws {
    let plain = try #require(files.response(for: "/index.html", request: Self.get()))
    let gzipped = try #require(
      files.response(for: "/index.html", request: Self.get(["Accept-Encoding": "gzip"])))
    #expect(plain.headers["Content-Encoding"] == nil)
    #expect(plain.headers["Vary"] == "Accept-Encoding")
    #expect(gzipped.headers["Content-Encoding"] == "gzip")
    #expect(gzipped.headers["Vary"] == "Accept-Encoding")
    #expect(gzipped.headers["ETag"] != plain.headers["ETag"])
    let compressed = try #require(Self.body(gzipped))
    #expect(compressed.count < Self.page.utf8.count / 4)
    #expect(try gunzip(compressed) == Data(Self.page.utf8))

    let etag = try #require(gzipped.headers["ETag"])
    let cached = files.response(
      for: "/index.html", request: Self.get(["Accept-Encoding": "gzip", "If-None-Match": etag]))
    #expect(cached?.status == 304)
    #expect(Array(cached?.headers ?? [:]).map(\.name) == ["ETag", "Cache-Control", "Vary"])
    #expect(cached?.headers["ETag"] == etag)
    #expect(
      Array(gzipped.headers).map(\.name) == [
        "ETag", "Cache-Control", "Vary", "Content-Type", "Content-Encoding",
      ])
    #expect(Array(plain.headers).map(\.name) == ["ETag", "Cache-Control", "Vary", "Content-Type"])
  }

  @Test(arguments: ["/logo.png", "/app.css"])
  func keepsSmallAndBinaryFilesAsTheyAre(path: String) throws {
    let response = try #require(files.response(for: path, request: Self.get(["Accept-Encoding": "gzip"])))
    #expect(response.headers["Content-Encoding"] == nil)
    #expect(response.headers["Vary"] == nil)
  }

  @Test func servesThroughAResponderAsSentCompressedOnce() async throws {
    let files = self.files
    var router = Router()
    router.get("/js/{file}") { request in
      guard let file = files.response(for: request.path, request: request) else {
        throw HTTPError(status: 404, message: "no such file")
      }
      return file
    }
    let client = TestClient(Responder(router: router, middleware: [GzipMiddleware()]))
    let script = await client.get("/js/app.js", headers: ["Accept-Encoding": "gzip"])
    #expect(script.status == 200)
    #expect(script.headers["Content-Type"] == "text/javascript; charset=utf-8")
    #expect(script.headers["Content-Encoding"] == "gzip")
    #expect(script.headers.values(for: "Vary") == ["Accept-Encoding"])
    #expect(try gunzip(script.body) == Data(contentsOf: directory.appendingPathComponent("js/app.js")))

    let cached = await client.get("/js/app.js", headers: ["If-None-Match": script.headers["ETag"] ?? ""])
    #expect(cached.status == 304)
    #expect(await client.get("/js/nothing.js").status == 404)
  }
}
