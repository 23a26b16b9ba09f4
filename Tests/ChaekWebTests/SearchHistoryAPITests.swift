import Foundation
import Testing

@Suite("최근 검색어 API (/api/searches)", .timeLimit(.minutes(10)))
struct SearchHistoryAPITests {
  private func body(_ json: String) -> Data { Data(json.utf8) }

  private func queries(_ reply: AppServer.Reply) throws -> [String] {
    (try reply.json()["searches"] as? [[String: Any]] ?? []).compactMap { $0["query"] as? String }
  }

  @Test func recordListDeleteOneAndAll() async throws {
    try await AppServer.with { app in
      let empty = try await app.get("/api/searches").json()
      #expect((empty["searches"] as? [Any])?.isEmpty == true && empty["recording"] as? Bool == true)
      for query in ["해리포터", "채식주의자", " 해리포터 "] {
        #expect(
          try await app.request("POST", "/api/searches", body: body(#"{"query":"\#(query)"}"#)).status == 200)
      }
      let list = try await app.get("/api/searches")
      #expect(try queries(list) == ["해리포터", "채식주의자"])
      let first = try #require((try list.json()["searches"] as? [[String: Any]])?.first)
      #expect(first["id"] is Int && (first["searched_at"] as? String)?.hasSuffix("+09:00") == true)

      let id = try #require(first["id"] as? Int)
      #expect(try queries(try await app.request("DELETE", "/api/searches/\(id)")) == ["채식주의자"])
      #expect(try await app.request("DELETE", "/api/searches/\(id)").status == 404)
      #expect(try queries(try await app.request("DELETE", "/api/searches")).isEmpty)
    }
  }

  @Test func offRecordsNothingUntilTurnedOnAgain() async throws {
    try await AppServer.with { app in
      _ = try await app.request("POST", "/api/searches", body: body(#"{"query":"전"}"#))
      let off = try await app.request("PUT", "/api/searches/recording", body: body(#"{"on":false}"#))
      #expect(try off.json()["recording"] as? Bool == false)
      _ = try await app.request("POST", "/api/searches", body: body(#"{"query":"꺼진 동안"}"#))
      #expect(try queries(try await app.get("/api/searches")) == ["전"])
      _ = try await app.request("PUT", "/api/searches/recording", body: body(#"{"on":true}"#))
      _ = try await app.request("POST", "/api/searches", body: body(#"{"query":"후"}"#))
      #expect(try queries(try await app.get("/api/searches")) == ["후", "전"])
    }
  }

  @Test func badRequestsAre400AndChangeNothing() async throws {
    try await AppServer.with { app in
      for (method, path, json) in [
        ("POST", "/api/searches", "{}"), ("POST", "/api/searches", #"{"query":"  "}"#),
        ("POST", "/api/searches", #"{"query":1}"#), ("POST", "/api/searches", #"{"query":"a","page":1}"#),
        ("POST", "/api/searches", #"{"query":"\#(String(repeating: "가", count: 257))"}"#),
        ("PUT", "/api/searches/recording", "{}"), ("PUT", "/api/searches/recording", #"{"on":"no"}"#),
        ("DELETE", "/api/searches/recording", ""), ("DELETE", "/api/searches/x", ""),
      ] {
        let reply = try await app.request(method, path, body: json.isEmpty ? nil : body(json))
        #expect(reply.status == 400, "\(method) \(path) \(json)")
        #expect(try reply.json()["errorType"] as? String == "InvalidArgument")
      }
      #expect(try await app.library.searches.history().searches.isEmpty)
      #expect(try await app.library.searches.history().recording)
    }
  }

  @Test func otherSitesCanNeitherRecordNorDelete() async throws {
    try await AppServer.with { app in
      try await app.library.searches.record("내 검색")
      let cross = ["Origin": "http://elsewhere.example", "Sec-Fetch-Site": "cross-site"]
      let attempts = [
        ("POST", "/api/searches", #"{"query":"심은 검색"}"#), ("DELETE", "/api/searches", ""),
        ("DELETE", "/api/searches/1", ""), ("PUT", "/api/searches/recording", #"{"on":false}"#),
      ]
      for (method, path, json) in attempts {
        let reply = try await app.request(method, path, body: json.isEmpty ? nil : body(json), headers: cross)
        #expect(reply.status == 403, "\(method) \(path)")
      }
      let list = try await app.get("/api/searches", headers: cross)
      #expect(list.header("Access-Control-Allow-Origin") == nil, "other sites cannot read it")
      #expect(try await app.library.searches.history().searches.map(\.query) == ["내 검색"])
      #expect(try await app.library.searches.history().recording)
    }
  }

  @Test func everyChangeReachesTheEventStream() async throws {
    try await AppServer.with { app in
      let stream = try StreamReader(port: app.port, path: "/api/events")
      #expect(await stream.waitFor("event: ready"))
      _ = try await app.request("POST", "/api/searches", body: body(#"{"query":"해리포터"}"#))
      #expect(await stream.waitFor("event: searches\ndata: {}"))
    }
  }
}
