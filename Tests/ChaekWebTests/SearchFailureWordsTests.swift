import BookModel
import Testing

@testable import ChaekWeb

/// A failed search is said to the reader by its kind, in Korean, never in the provider's words.
@Suite("search failures in the reader's words")
struct SearchFailureWordsTests {
  @Test func eachKindOfFailureSaysWhatToDo() {
    #expect(BookSearchError.searchTooSlow(budget: .seconds(2)).readerMessage.hasPrefix("검색이 너무 오래 걸려"))
    #expect(
      BookSearchError.rejectedKey(provider: "Kakao", message: "key abc").readerMessage.hasPrefix(
        "Kakao API 키가"))
    #expect(BookSearchError.catalog("disk I/O error").readerMessage.hasPrefix("오프라인 목록에서 찾지 못했어요"))
    let down = BookSearchError.serverError(provider: "Open Library", status: 502).readerMessage
    #expect(down.hasPrefix("Open Library에 연결하지 못해"))
    #expect(!BookSearchError.rejectedKey(provider: "Kakao", message: "key abc").readerMessage.contains("abc"))
  }
}
