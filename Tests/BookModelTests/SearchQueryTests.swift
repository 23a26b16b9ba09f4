import Testing

@testable import BookModel

@Suite("Search query validation")
struct SearchQueryTests {
  @Test func defaultsAreKakaos() throws {
    let query = try SearchQuery(query: "  미움받을 용기 ")
    #expect(query.query == "미움받을 용기")
    #expect(query.sort == .accuracy && query.page == 1 && query.size == 10 && query.target == nil)
  }

  @Test func queryIsNfcNormalised() throws {
    let query = try SearchQuery(query: "채식".decomposedStringWithCanonicalMapping)
    #expect(query.query.unicodeScalars.elementsEqual("채식".unicodeScalars))
  }

  @Test(arguments: [
    (["query": "a", "page": "0"], SearchQueryError.tooSmall("page")),
    (["query": "a", "page": "51"], .tooLarge("page")),
    (["query": "a", "size": "0"], .tooSmall("size")),
    (["query": "a", "size": "51"], .tooLarge("size")),
    (["query": "a", "page": "two"], .notANumber("page")),
    (["query": "a", "sort": "popular"], .invalid("sort", "popular")),
    (["query": String(repeating: "a", count: 257)], .tooLong("query", limit: 256)),
    (["query": String(repeating: "a ", count: 500)], .tooLong("query", limit: 256)),
    (["query": String(repeating: "\u{1100}", count: 5_000)], .tooLong("query", limit: 256)),
    (["query": "   "], .missing("query")),
    ([:], .missing("query")),
  ])
  func outOfRangeValuesAreErrorsNotClamps(parameters: [String: String], error: SearchQueryError) {
    #expect(throws: error) { try SearchQuery(parameters: parameters) }
  }

  /// Kakao answered `target=author` with results from every field; Kakao clients send it.
  @Test(arguments: ["author", "AUTHOR", "anything"])
  func anUndocumentedTargetSearchesEveryField(target: String) throws {
    #expect(try SearchQuery(parameters: ["query": "한강", "target": target]).target == nil)
  }

  @Test func aQueryOfTheLongestLengthIsAccepted() throws {
    let longest = String(repeating: "가", count: SearchQuery.maximumQueryLength)
    #expect(try SearchQuery(query: " \(longest) ").query == longest)
    #expect(SearchQueryError.tooLong("query", limit: 256).message == "query is longer than 256 characters")
    #expect(SearchQueryError.tooLong("query", limit: 256).errorType == "InvalidArgument")
  }

  @Test func kakaoErrorBodiesForMissingQueryAndLargePage() {
    #expect(SearchQueryError.missing("query").errorType == "MissingParameter")
    #expect(SearchQueryError.missing("query").message == "query parameter required")
    #expect(SearchQueryError.tooLarge("page").errorType == "InvalidArgument")
    #expect(SearchQueryError.tooLarge("page").message == "page is more than max")
  }

  @Test func parametersRoundTrip() throws {
    let query = try SearchQuery(query: "해리", target: .person, sort: .latest, page: 3, size: 50)
    #expect(try SearchQuery(parameters: query.parameters) == query)
    #expect(query.offset == 100)
  }

  @Test func pagingMetaFollowsKakaoRules() throws {
    let first = try SearchQuery(query: "a", size: 10)
    #expect(SearchPage(documents: [], totalCount: 25, query: first).meta.isEnd == false)
    #expect(SearchPage(documents: [], totalCount: 25, query: try first.page(3)).meta.isEnd == true)
    #expect(SearchPage(documents: [], totalCount: 20, query: try first.page(2)).meta.isEnd == true)
    let capped = SearchPage(documents: [], totalCount: 9000, query: try first.page(50))
    #expect(capped.meta == .init(totalCount: 9000, pageableCount: 500, isEnd: true))
  }
}
