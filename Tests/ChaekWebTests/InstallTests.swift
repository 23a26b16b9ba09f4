import Foundation
import HTTPRouting
import Imaging
import Testing

/// What a phone needs to install the app: the manifest, its icons, and the page's links to them.
@Suite("Installable", .timeLimit(.minutes(10)))
struct InstallTests {
  @Test func theManifestNamesTheAppAndItsIconsWhichAreDrawnAtTheirSizes() async throws {
    try await AppFixture.with { app async throws in
      let reply = await app.client.get("/manifest.webmanifest")
      #expect(reply.status == 200 && reply.headers["Content-Type"] == "application/manifest+json")
      let manifest = try reply.json()
      #expect(manifest["short_name"] as? String == "책" && manifest["lang"] as? String == "ko")
      #expect(manifest["display"] as? String == "standalone" && manifest["start_url"] as? String == "/")
      let icons = try #require(manifest["icons"] as? [[String: String]])
      #expect(icons.map { $0["sizes"] ?? "" }.sorted() == ["192x192", "512x512", "512x512"])
      #expect(icons.contains { $0["purpose"] == "maskable" })
      for (path, size) in icons.map({ ($0["src"]!, Int($0["sizes"]!.prefix { $0 != "x" })!) })
        + [("/icons/apple-touch-icon.png", 180)]
      {
        let png = await app.client.get(path)
        #expect(png.status == 200 && png.headers["Content-Type"] == "image/png", "\(path)")
        let image = try PNG.decode([UInt8](png.body))
        #expect(image.width == size && image.height == size, "\(path)")
        #expect(image[size / 2, size * 81 / 128] > 200, "\(path): the white bar of ㄱ crosses there")
        #expect(image[size / 16, size / 2] < 120, "\(path): the accent background")
      }
      #expect(await app.client.get("/icons/icon-1.png").status == 404)
      let page = String(decoding: await app.client.get("/").body, as: UTF8.self)
      #expect(page.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
      #expect(page.contains(#"<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">"#))
    }
  }
}
