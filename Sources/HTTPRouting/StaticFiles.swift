import Foundation
import HTTPTransport

/// Files of a directory served from memory: each read once, with a strong `ETag`, a
/// `Cache-Control` and, for compressible types, a gzip form made once.
///
/// Hidden files (any path component starting with `.`) are left out. A path ending in `/` serves
/// that directory's `index.html`.
public struct StaticFiles: Sendable {
  private struct File: Sendable {
    let data: Data
    let gzipped: Data?
    let tag: String
    let etag: String
    let gzipETag: String
    /// The headers of each answer, made once: the content as it is, gzip-compressed, and 304 Not
    /// Modified for either.
    let plain: HTTPHeaders
    let compressed: HTTPHeaders
    let plainNotModified: HTTPHeaders
    let compressedNotModified: HTTPHeaders

    init(contentType: String, data: Data, gzipped: Data?, tag: String, cacheControl: String) {
      self.data = data
      self.gzipped = gzipped
      self.tag = tag
      etag = "\"\(tag)\""
      gzipETag = "\"\(tag)-gzip\""
      plainNotModified = Self.validators(etag: etag, cacheControl: cacheControl, compressible: gzipped != nil)
      compressedNotModified = Self.validators(
        etag: gzipETag, cacheControl: cacheControl, compressible: gzipped != nil)
      var plain = plainNotModified
      plain["Content-Type"] = contentType
      self.plain = plain
      var compressed = compressedNotModified
      compressed["Content-Type"] = contentType
      compressed["Content-Encoding"] = "gzip"
      self.compressed = compressed
    }

    /// The headers of every answer of a form: its `ETag`, the `Cache-Control`, and `Vary` when the
    /// file has a gzip form.
    private static func validators(etag: String, cacheControl: String, compressible: Bool) -> HTTPHeaders {
      var headers: HTTPHeaders = ["ETag": etag, "Cache-Control": cacheControl]
      if compressible { headers["Vary"] = "Accept-Encoding" }
      return headers
    }
  }

  private let files: [String: File]

  /// Reads every file under `directory` (a package's resources directory, or any other); files
  /// that cannot be read are left out, and a missing directory serves nothing.
  ///
  /// - Parameters:
  ///   - directory: the directory the paths are relative to.
  ///   - cacheControl: the `Cache-Control` of every file.
  ///   - generated: files made by the program, by path, served (and counted in ``version``) as if
  ///     they were in `directory`; one of the same path there is replaced.
  public init(
    directory: URL, cacheControl: String = "public, max-age=300", generated: [String: Data] = [:]
  ) {
    let manager = FileManager.default
    var files: [String: File] = [:]
    for path in manager.subpaths(atPath: directory.path) ?? [] {
      guard !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
      let url = directory.appendingPathComponent(path)
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
        let data = try? Data(contentsOf: url)
      else { continue }
      files[path] = Self.file(data, pathExtension: url.pathExtension, cacheControl: cacheControl)
    }
    for (path, data) in generated {
      files[path] = Self.file(
        data, pathExtension: URL(fileURLWithPath: path).pathExtension, cacheControl: cacheControl)
    }
    self.files = files
  }

  private static func file(_ data: Data, pathExtension: String, cacheControl: String) -> File {
    let contentType = contentType(ofExtension: pathExtension)
    return File(
      contentType: contentType, data: data,
      gzipped: Gzip.compressedIfWorthIt(data, contentType: contentType, level: 9), tag: tag(of: data),
      cacheControl: cacheControl)
  }

  /// A version of the whole set of files: a hash of every path and content, which changes when
  /// any file is added, removed or changed (for a service worker's cache name).
  public var version: String {
    Self.tag(of: Data(files.keys.sorted().map { "\($0)=\(files[$0]!.tag)\n" }.joined().utf8))
  }

  /// The paths of every file, sorted (relative, without a leading `/`).
  public var paths: [String] { files.keys.sorted() }

  /// The content of the file at `path` (relative, without a leading `/`), or `nil`.
  public func contents(of path: String) -> Data? { files[path]?.data }

  // MARK: - Serving

  /// The response for `path` (with or without a leading `/`), or `nil` when there is no such file.
  ///
  /// 304 Not Modified when the request's `If-None-Match` has the file's `ETag`; the gzip form with
  /// `Content-Encoding: gzip` when there is one and the request accepts gzip.
  public func response(for path: String, request: HTTPRequest) -> HTTPResponse? {
    let trimmed = path.utf8.first == UInt8(ascii: "/") ? String(path.drop { $0 == "/" }) : path
    let key = trimmed.isEmpty || trimmed.hasSuffix("/") ? trimmed + "index.html" : trimmed
    guard let file = files[key] else { return nil }
    let gzipped = Gzip.isAccepted(by: request) ? file.gzipped : nil
    if let ifNoneMatch = request.headers["If-None-Match"], Self.matches(ifNoneMatch, file) {
      return HTTPResponse(
        status: 304, headers: gzipped == nil ? file.plainNotModified : file.compressedNotModified)
    }
    if let gzipped { return HTTPResponse(status: 200, headers: file.compressed, body: gzipped) }
    return HTTPResponse(status: 200, headers: file.plain, body: file.data)
  }

  /// `true` when an `If-None-Match` value lists either form of `file` (weakly compared) or is `*`.
  private static func matches(_ ifNoneMatch: String, _ file: File) -> Bool {
    ifNoneMatch.split(separator: ",").contains { item in
      var tag = item.trimmingCharacters(in: .whitespaces)
      if tag.hasPrefix("W/") { tag.removeFirst(2) }
      return tag == "*" || tag == file.etag || tag == file.gzipETag
    }
  }

  // MARK: - File facts

  private static func contentType(ofExtension pathExtension: String) -> String {
    switch pathExtension.lowercased() {
    case "html", "htm": "text/html; charset=utf-8"
    case "css": "text/css; charset=utf-8"
    case "js", "mjs": "text/javascript; charset=utf-8"
    case "json": "application/json; charset=utf-8"
    case "svg": "image/svg+xml"
    case "png": "image/png"
    case "jpg", "jpeg": "image/jpeg"
    case "webp": "image/webp"
    case "ico": "image/x-icon"
    case "webmanifest": "application/manifest+json"
    case "txt": "text/plain; charset=utf-8"
    case "woff2": "font/woff2"
    default: "application/octet-stream"
    }
  }

  /// A strong validator: the 64-bit FNV-1a hash of the content and its length, in hex.
  private static func tag(of data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return String(hash, radix: 16) + "-" + String(data.count, radix: 16)
  }
}
