import BookProviders
import ChaekApp
import Foundation
import HTTPRouting
import Imaging
import TestSupport
import Testing

/// `POST /api/scan`: a photo's gray pixels or an image file, to the book of its barcode.
@Suite("Scanning a barcode", .timeLimit(.minutes(10)))
struct ScanAPITests {
  private func pixels(_ code: String, kind: EAN13Image.Kind = .sharp) throws -> (GrayImage, String) {
    let image = try EAN13Image.image(code, kind: kind)
    return (image, "/api/scan?width=\(image.width)&height=\(image.height)")
  }

  @Test func theBooksBarcodeOpensItFromGrayPixelsOrAFile() async throws {
    try await AppFixture.with { app async throws in
      let (image, target) = try pixels("9788936433598", kind: .rotatedRight)
      let found = try await app.client.send(.POST, target, body: Data(image.pixels)).json()
      #expect(found["result"] as? String == "found" && found["isbn"] as? String == "9788936433598")
      let entry = try #require(found["entry"] as? [String: Any])
      #expect(
        (entry["book"] as? [String: Any])?["title"] as? String == "채식주의자" && entry["saved"] as? Bool == false)

      let file = try await app.client.send(.POST, "/api/scan", body: Data(PNG.encode(image))).json()
      #expect(file["result"] as? String == "found")
    }
  }

  @Test func whatWasReadIsSaidWhenNoBookOpens() async throws {
    try await AppFixture.with { app async throws in
      let (unknown, unknownTarget) = try pixels("9791190090018")
      let notFound = try await app.client.send(.POST, unknownTarget, body: Data(unknown.pixels)).json()
      #expect(notFound["result"] as? String == "not_found" && notFound["isbn"] as? String == "9791190090018")
      let (grocery, groceryTarget) = try pixels("8801234567893")
      let notISBN = try await app.client.send(.POST, groceryTarget, body: Data(grocery.pixels)).json()
      #expect(notISBN["result"] as? String == "not_isbn" && notISBN["code"] as? String == "8801234567893")
      let blank = await app.client.send(
        .POST, "/api/scan?width=10&height=10", body: Data(repeating: 255, count: 100))
      #expect(try blank.json()["result"] as? String == "no_barcode")
    }
  }

  /// An ISBN no one knows says whether a provider was asked, so the page can offer the next step:
  /// with none (`local`), or one that cannot be reached, the number is kept to try again online;
  /// with one that answered, the number is searched. What the provider said is this lookup's own,
  /// not a guess from its state.
  @Test func anUnknownISBNSaysWhetherAProviderWasAsked() async throws {
    let (image, target) = try pixels("9791190090018")
    func provider(_ source: SearchSource, _ environment: [String: String]) async throws -> String? {
      var found: String?
      try await AppFixture.with(source: source, settings: try ProviderSettings(environment: environment)) {
        app in
        let reply = try await app.client.send(.POST, target, body: Data(image.pixels)).json()
        #expect(reply["result"] as? String == "not_found")
        found = reply["provider"] as? String
      }
      return found
    }
    #expect(try await provider(.local, [:]) == "not_asked")
    #expect(try await provider(.auto, ["CHAEK_OPENLIBRARY_URL": "http://127.0.0.1:1"]) == "unreachable")
    let openLibrary = try StubHTTPServer { _ in .json(#"{"numFound":0,"start":0,"docs":[]}"#) }
    defer { openLibrary.stop() }
    #expect(
      try await provider(.auto, ["CHAEK_OPENLIBRARY_URL": openLibrary.baseURL.absoluteString]) == "answered")
  }

  @Test func anISBNReadByTheBrowserIsLookedUpAsAPhotosIs() async throws {
    try await AppFixture.with { app async throws in
      let found = try await app.client.send(.POST, "/api/scan?isbn=9788936433598").json()
      #expect(found["result"] as? String == "found")
      let unknown = try await app.client.send(.POST, "/api/scan?isbn=9791190090018").json()
      #expect(unknown["result"] as? String == "not_found" && unknown["provider"] as? String == "not_asked")
      #expect(await app.client.send(.POST, "/api/scan?isbn=12345").status == 400)
    }
  }

  @Test func pixelsOfTheWrongSizeOrAFileThatIsNoImageAre400() async throws {
    try await AppFixture.with { app async throws in
      for (target, body) in [
        ("/api/scan?width=10&height=10", Data(repeating: 0, count: 99)), ("/api/scan", Data("GIF89a".utf8)),
        ("/api/scan?width=0&height=10", Data()), ("/api/scan?width=100000&height=100000", Data([1])),
      ] {
        #expect(await app.client.send(.POST, target, body: body).status == 400, "\(target)")
      }
    }
  }

  @Test func aFileOfMoreThan2048By2048PixelsIsRefusedBeforeItIsDecoded() async throws {
    try await AppFixture.with { app async throws in
      // A white 4,096 × 4,096 PNG compresses to a few kilobytes; decoded, it would be 16 MB of pixels.
      let large = PNG.encode(
        try GrayImage(width: 4_096, height: 4_096, pixels: [UInt8](repeating: 255, count: 1 << 24)))
      let refused = await app.client.send(.POST, "/api/scan", body: Data(large))
      #expect(refused.status == 400)
      #expect(refused.message == "the image is 4096 × 4096 pixels; at most 4.2 million are read")
      let (image, _) = try pixels("9788936433598")
      #expect(
        try await app.client.send(.POST, "/api/scan", body: Data(PNG.encode(image))).json()["result"]
          as? String == "found")
    }
  }
}
