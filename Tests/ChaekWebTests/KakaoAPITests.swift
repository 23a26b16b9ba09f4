import Foundation
import Testing

@Suite("GET /v3/search/book is Kakao's API")
struct KakaoAPITests {
  @Test func answersWithKakaosShapeAndParameters() async throws {
    try await AppServer.with { app in
      let reply = try await app.get(
        "/v3/search/book?query=%EC%8B%9C%EB%A6%AC%EC%A6%88&size=10&page=3&sort=accuracy")
      #expect(reply.status == 200)
      #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
      #expect(reply.header("X-Chaek-Source") == "catalog")
      let json = try reply.json()
      #expect(Set(json.keys) == ["documents", "meta"])
      let meta = try #require(json["meta"] as? [String: Any])
      #expect(meta["total_count"] as? Int == 25)
      #expect(meta["is_end"] as? Bool == true)
      #expect((json["documents"] as? [[String: Any]])?.count == 5)
      let document = try #require((json["documents"] as? [[String: Any]])?.first)
      #expect(
        Set(document.keys) == [
          "title", "contents", "url", "isbn", "datetime", "authors", "publisher", "translators", "price",
          "sale_price", "thumbnail", "status",
        ])
    }
  }

  @Test(arguments: [
    ("/v3/search/book", "MissingParameter", "query parameter required"),
    ("/v3/search/book?query=", "MissingParameter", "query parameter required"),
    ("/v3/search/book?query=a&page=51", "InvalidArgument", "page is more than max"),
    ("/v3/search/book?query=a&size=0", "InvalidArgument", "size is less than min"),
    (
      "/v3/search/book?query=a&sort=popular", "InvalidArgument",
      "sort must be accuracy or latest (got 'popular')"
    ),
    (
      "/v3/search/book?query=" + String(repeating: "a", count: 20_000), "InvalidArgument",
      "query is longer than 256 characters"
    ),
    (
      "/v3/search/book?query=" + String(repeating: "a+", count: 500), "InvalidArgument",
      "query is longer than 256 characters"
    ),
    (
      "/v3/search/book?query=" + (1...200).map { "zq\($0)x" }.joined(separator: "+"), "InvalidArgument",
      "query is longer than 256 characters"
    ),
  ])
  func invalidParametersGetKakaosErrorBodies(path: String, errorType: String, message: String) async throws {
    try await AppServer.with { app in
      let reply = try await app.get(path)
      #expect(reply.status == 400)
      let json = try reply.json()
      #expect(json["errorType"] as? String == errorType)
      #expect(json["message"] as? String == message)
    }
  }

  @Test func aBooksPagesAndSeriesStayOutOfKakaosShape() async throws {
    try await AppServer.with { app in
      let kakao = try await app.get("/v3/search/book?query=9788936433598")
      let document = try #require((try kakao.json()["documents"] as? [[String: Any]])?.first)
      #expect(document["pages"] == nil && document["title"] as? String == "채식주의자")
      let own = try await app.get("/api/books/9788936433598")
      #expect((try own.json()["book"] as? [String: Any])?["pages"] as? Int == 247, "Chaek's own API has them")
    }
  }

  @Test func isbnQueryAndTargets() async throws {
    try await AppServer.with { app in
      let byISBN = try await app.get("/v3/search/book?query=89-364-3359-8&target=isbn").json()
      #expect((byISBN["documents"] as? [[String: Any]])?.first?["title"] as? String == "채식주의자")
      let byPerson = try await app.get("/v3/search/book?query=%ED%95%9C%EA%B0%95&target=person&sort=latest")
        .json()
      #expect((byPerson["documents"] as? [[String: Any]])?.count == 2)
      // Kakao answered target=author (not in its documentation) from every field; clients send it.
      let byAuthor = try await app.get("/v3/search/book?query=%ED%95%9C%EA%B0%95&target=author")
      #expect(byAuthor.status == 200)
      #expect((try byAuthor.json()["documents"] as? [[String: Any]])?.count == 2)
    }
  }

  /// The longest queries allowed still answer: many one-letter words, many rare words, and long
  /// words that match nothing (the typo path).
  @Test(arguments: [
    String(repeating: "a ", count: 128),
    (1...40).map { "zq\($0)x" }.joined(separator: " "),
    String(repeating: "abcdefghijklmnopqrst ", count: 12),
    "mockingbrdx harrpotter tolkienn wuthering",
  ])
  func theLongestQueriesStillAnswer(query: String) async throws {
    try await AppServer.with { app in
      let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
      let reply = try await app.get("/v3/search/book?query=\(encoded)")
      #expect(reply.status == 200)
    }
  }
}
