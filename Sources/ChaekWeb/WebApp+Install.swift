import Foundation
import HTTPRouting
import HTTPTransport
import Synchronization

/// What makes the app installable on a phone's home screen: the web app manifest and its icons.
extension WebApp {
  /// `GET /manifest.webmanifest`: the app's name in Korean, how it opens (standalone, from `/`),
  /// its colors and icons.
  func manifest() throws -> HTTPResponse {
    var response = try HTTPResponse.json(Manifest())
    response.headers["Content-Type"] = "application/manifest+json"
    response.headers["Cache-Control"] = "no-cache"
    return response
  }

  /// `GET /icons/{name}.png`: an icon of ``AppIcon/variants``, drawn once and kept. Drawing one
  /// takes milliseconds, so it is done on Swift's threads (a `GET` starts on the server's, which
  /// also serves other connections) and outside the lock.
  func icon(_ request: HTTPRequest) async throws -> HTTPResponse {
    let file = request.pathParameters["file"] ?? ""
    guard file.hasSuffix(".png"), let variant = AppIcon.variants[String(file.dropLast(4))] else {
      throw APIError.notFound("no such icon")
    }
    let png: [UInt8]
    if let drawn = Self.icons.withLock({ $0[file] }) {
      png = drawn
    } else {
      png = await Task.detached { AppIcon.png(size: variant.size, maskable: variant.maskable) }.value
      Self.icons.withLock { $0[file] = png }
    }
    return HTTPResponse(
      headers: ["Content-Type": "image/png", "Cache-Control": "public, max-age=86400"], body: Data(png))
  }

  /// The icons drawn so far, by file name.
  private static let icons = Mutex<[String: [UInt8]]>([:])
}

/// The web app manifest (W3C Web Application Manifest).
private struct Manifest: Encodable {
  struct Icon: Encodable {
    let src: String
    let sizes: String
    let type = "image/png"
    let purpose: String
  }

  let name = "책 — 책 검색과 내 서재"
  let shortName = "책"
  let description = "책을 찾고, 담고, 읽은 기록을 남기는 앱"
  let lang = "ko"
  let id = "/"
  let startURL = "/"
  let scope = "/"
  let display = "standalone"
  let backgroundColor = "#f7f4ee"
  let themeColor = "#f7f4ee"
  let icons = AppIcon.variants.keys.sorted().filter { $0 != "apple-touch-icon" }.map { name in
    let variant = AppIcon.variants[name]!
    return Icon(
      src: "/icons/\(name).png", sizes: "\(variant.size)x\(variant.size)",
      purpose: variant.maskable ? "maskable" : "any")
  }

  enum CodingKeys: String, CodingKey {
    case name, description, lang, id, scope, display, icons
    case shortName = "short_name"
    case startURL = "start_url"
    case backgroundColor = "background_color"
    case themeColor = "theme_color"
  }
}
