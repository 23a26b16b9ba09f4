import Foundation
import HTTPRouting
import HTTPTransport

/// What makes the app work offline: the service worker, which keeps the app shell and the last
/// synced lists and queues saves and removals until the server is back (`static/sw.js`,
/// `static/offline.js`).
extension WebApp {
  /// `GET /sw.js`: the service worker, from the root so that its scope is the whole app, with the
  /// shell's version (a hash of the static files read at startup, so a new release replaces the
  /// old shell and its caches) and the shell's addresses filled in.
  func serviceWorker() throws -> HTTPResponse {
    guard let template = assets.contents(of: "sw.js") else { throw APIError.notFound("no service worker") }
    let shell =
      ["/", "/saved", "/stats", "/manifest.webmanifest"]
      + assets.paths.filter { $0 != "sw.js" }.map { "/static/\($0)" }
      + AppIcon.variants.keys.sorted().map { "/icons/\($0).png" }
    let script = String(decoding: template, as: UTF8.self)
      .replacingOccurrences(of: "\"__CHAEK_VERSION__\"", with: "\"\(assets.version)\"")
      .replacingOccurrences(of: "[/* __CHAEK_SHELL__ */]", with: try Self.jsonArray(shell))
    return HTTPResponse(
      headers: [
        "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache",
        "Service-Worker-Allowed": "/",
      ], body: Data(script.utf8))
  }

  private static func jsonArray(_ strings: [String]) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    return String(decoding: try encoder.encode(strings), as: UTF8.self)
  }
}
