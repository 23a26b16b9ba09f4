import Foundation
import HTTPTransport

/// gzip for dynamic responses: a body worth compressing (see ``Gzip``) goes compressed to clients
/// that accept gzip. Event streams and bodies that already have a `Content-Encoding` pass as they
/// are.
public struct GzipMiddleware: Middleware {
  /// The middleware.
  public init() {}

  /// The inner response, compressed for `request` when it is worth it.
  public func respond(to request: HTTPRequest, next: Responder.Next) async -> HTTPResponse {
    await next(request).compressed(for: request)
  }

  /// The inner immediate response, compressed for `request` when it is worth it.
  public func immediateResponse(to request: HTTPRequest, next: Responder.ImmediateNext) -> HTTPResponse? {
    next(request)?.compressed(for: request)
  }
}

extension HTTPResponse {
  /// This response as it goes to the client that sent `request`: gzip-compressed when its body is
  /// worth compressing (see ``Gzip``) and the client accepts gzip.
  ///
  /// A compressible body gets `Vary: Accept-Encoding` either way, so caches keep both forms apart.
  /// Bodies that already have a `Content-Encoding`, and event streams, are left as they are.
  func compressed(for request: HTTPRequest) -> HTTPResponse {
    guard case .data(let data) = body, headers["Content-Encoding"] == nil,
      Gzip.isWorthCompressing(size: data.count, contentType: headers["Content-Type"])
    else { return self }
    var response = self
    response.headers.addVary("Accept-Encoding")
    guard Gzip.isAccepted(by: request),
      let compressed = Gzip.compressedIfWorthIt(data, contentType: headers["Content-Type"])
    else { return response }
    response.body = .data(compressed)
    response.headers["Content-Encoding"] = "gzip"
    return response
  }
}

extension HTTPHeaders {
  /// Adds `name` to the `Vary` header unless it is already there.
  mutating func addVary(_ name: String) {
    guard let vary = self["Vary"] else {
      self["Vary"] = name
      return
    }
    guard vary != name else { return }
    let names = HTTPHeaders.items(of: vary)
    if !names.contains(name.lowercased()) && !names.contains("*") { self["Vary"] = vary + ", " + name }
  }
}
