import BookCatalog
import BookModel
import Foundation
import KoreanText
import SearchIndex

/// 자동완성 per keystroke: typing sequences made from the corpus's titles and people (Hangul
/// typed jamo by jamo as a 2-beolsik keyboard shows it, Latin letter by letter, 초성 one at a
/// time), every state a request for 8 suggestions; the same requests, as completion keys, for
/// tantivy.
enum SuggestBenchmark {
  /// The requests: the first three words of 200 titles, 100 people, the 초성 of 50 Hangul titles.
  static func requests(from books: [Book]) -> [String] {
    var requests: [String] = []
    for book in books.prefix(200) {
      let words = book.title.split(separator: " ").prefix(3).joined(separator: " ")
      requests += Hangul.typingStates(of: words)
    }
    for book in books.dropFirst(200).prefix(100) {
      if let person = book.authors.first { requests += Hangul.typingStates(of: person) }
    }
    let hangulTitles = books.map(\.title).filter { !Analyzer.initialsKey($0).isEmpty }
    for title in hangulTitles.prefix(50) {
      let initials = Array(Analyzer.initialsKey(title).prefix(5))
      requests += (1...initials.count).map { String(initials[..<$0]) }
    }
    return requests
  }

  /// Times every request `rounds` times (after one warm-up pass); prints the figures.
  static func measure(catalog: Catalog, requests: [String], rounds: Int) async throws -> Samples {
    var found = 0
    for typed in requests where !(try await catalog.suggestions(for: typed, limit: 8)).isEmpty { found += 1 }
    var samples = Samples()
    var slowest = (0.0, "")
    for _ in 0..<rounds {
      for typed in requests {
        let started = ContinuousClock.now
        _ = try await catalog.suggestions(for: typed, limit: 8)
        let elapsed = Measure.since(started)
        samples.add(elapsed)
        if elapsed > slowest.0 { slowest = (elapsed, typed) }
      }
    }
    print(
      "  chaek suggest (per keystroke, \(requests.count) requests, \(found) with suggestions): \(samples.summary)"
    )
    print("  chaek suggest slowest: \(Measure.format(slowest.0)) ms — ‘\(slowest.1)’")
    return samples
  }

  /// The requests for tantivy: each as the key it completes and the field of such keys.
  static func tantivyRequests(_ requests: [String]) throws -> Data {
    try JSONEncoder().encode(
      requests.map { typed in
        if let initials = Analyzer.typedInitials(typed) {
          return ["key": initials, "field": "suggest_initials"]
        }
        return ["key": Analyzer.completionKey(typed), "field": "suggest_key"]
      })
  }

  /// A book's completion keys and 초성 (title, then each person), as the catalog indexes them.
  static func keys(of book: Book) -> (keys: [String], initials: [String]) {
    let texts = [book.title] + book.authors + book.translators
    return (
      texts.map(Analyzer.completionKey).filter { !$0.isEmpty },
      texts.map(Analyzer.initialsKey).filter { !$0.isEmpty }
    )
  }
}
