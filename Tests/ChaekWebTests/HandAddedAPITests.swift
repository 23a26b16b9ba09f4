import BookModel
import ChaekApp
import Foundation
import Imaging
import Testing

@testable import ChaekWeb

@Suite("Books added by hand over HTTP")
struct HandAddedAPITests {
  private func json(_ value: [String: Any]) throws -> Data {
    try JSONSerialization.data(withJSONObject: value)
  }

  private func entry(_ reply: AppServer.Reply) throws -> [String: Any] {
    try #require(try reply.json()["entry"] as? [String: Any])
  }

  @Test func aBookIsAddedEditedAndGivenACoverWhichIsServed() async throws {
    try await AppServer.with { app in
      let added = try await app.request(
        "POST", "/api/books", body: try json(["title": "우리 동네 책방 이야기", "authors": ["김서점"], "pages": 180]))
      #expect(added.status == 201, "\(added.text)")
      #expect(try added.json()["result"] as? String == "added")
      let id = try #require(try entry(added)["id"] as? String)
      #expect(id.hasPrefix("u-"))

      let png = Data(
        PNG.encode(try GrayImage(width: 30, height: 45, pixels: [UInt8](repeating: 90, count: 1_350))))
      let covered = try await app.request(
        "POST", "/api/covers?book=\(id)", body: png, headers: ["Content-Type": "image/png"])
      #expect(covered.status == 200, "\(covered.text)")
      let book = try #require(try entry(covered)["book"] as? [String: Any])
      let thumbnail = try #require(book["thumbnail"] as? String)
      #expect(thumbnail.hasPrefix("/covers/hand/") && thumbnail.hasSuffix(".png?v=1"))
      let served = try await app.get(thumbnail)
      #expect(served.status == 200 && served.body == png)
      #expect(served.header("Content-Type") == "image/png")
      #expect(served.header("Cache-Control") == "private, max-age=86400")
      #expect(try await app.get("/books/\(id)").text.contains("src=\"\(thumbnail)\""), "the sheet shows it")

      let edited = try await app.request("PUT", "/api/books/\(id)", body: try json(["title": "우리 동네 작은 책방"]))
      #expect(edited.status == 200, "\(edited.text)")
      let editedBook = try #require(try entry(edited)["book"] as? [String: Any])
      #expect(editedBook["title"] as? String == "우리 동네 작은 책방" && editedBook["pages"] == nil, "as typed")
      #expect(editedBook["thumbnail"] as? String == thumbnail, "the photo stays")
    }
  }

  @Test func refusedDraftsAndFilesChangeNothing() async throws {
    try await AppServer.with { app in
      for body in [
        ["title": "체크 숫자가 틀린 책", "isbn": "9788936433599"], ["title": ""], ["title": "x", "pages": 0],
        ["title": "x", "series": "y"],
      ] as [[String: Any]] {
        let reply = try await app.request("POST", "/api/books", body: try json(body))
        #expect(reply.status == 400, "\(body): \(reply.text)")
      }
      #expect(try await app.get("/api/library/ids").text == #"{"ids":[]}"#)

      let known = try await app.request(
        "POST", "/api/books", body: try json(["title": "채식", "isbn": "89-364-3359-8"]))
      #expect(known.status == 200)
      #expect(try known.json()["result"] as? String == "known")
      #expect(try entry(known)["saved"] as? Bool == false)

      let added = try await app.request("POST", "/api/books", body: try json(["title": "표지 시험"]))
      let id = try #require(try entry(added)["id"] as? String)
      let tooLarge = try await app.request(
        "POST", "/api/covers?book=\(id)", body: Data(count: (512 << 10) + 1),
        headers: ["Content-Type": "image/jpeg"])
      #expect(tooLarge.status == 413)
      let notPicture = try await app.request(
        "POST", "/api/covers?book=\(id)", body: Data("GIF89a".utf8), headers: ["Content-Type": "image/gif"])
      #expect(notPicture.status == 400)
      _ = try await app.request("PUT", "/api/library/9788936433598")
      let notByHand = try await app.request(
        "PUT", "/api/books/9788936433598", body: try json(["title": "다른 제목"]))
      #expect(notByHand.status == 400)
      #expect(try await app.get("/covers/hand/\(UUID().uuidString.lowercased()).jpeg").status == 404)
      #expect(try await app.get("/covers/hand/..%2F..%2Fetc.jpeg").status == 404)
    }
  }

  @Test func onlyAddressesOfPhotosServedHereAreTakenForAHandAddedCover() {
    func isHandCover(_ address: String) -> Bool { Book(title: "표지", thumbnail: address).hasHandCoverPhoto }
    #expect(isHandCover("/covers/hand/0123abcd-ef.jpeg?v=2"))
    #expect(isHandCover("/covers/hand/0123abcd-ef.png?v=123456789"))
    for address in [
      "/covers/hand/0123ABCD.jpeg?v=2", "/covers/hand/.jpeg?v=2", "/covers/hand/0123.gif?v=2",
      "/covers/hand/0123.jpeg?v=", "/covers/hand/0123.jpeg?v=1234567890", "/covers/hand/0123.jpeg",
      "/covers/hand/01/23.jpeg?v=1", "/covers/hand/0123.jpeg?v=1&x=2",
      "//evil.example/covers/hand/0.jpeg?v=1",
    ] {
      #expect(!isHandCover(address), "\(address)")
    }
  }
}
