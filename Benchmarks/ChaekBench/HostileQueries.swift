import BookCatalog
import BookModel
import Foundation

/// Queries built to cost the most that a client may send, timed alone, and ordinary queries timed
/// while they run on another task: the bounds on a search's work must keep the second close to the
/// quiet figures of the same run.
enum HostileQueries {
  /// The longest and costliest queries within ``SearchQuery/maximumQueryLength``.
  static func texts(englishWords: [String]) -> [(String, String)] {
    let rare = (1...40).map { "zq\($0)x" }.joined(separator: " ")
    let common = englishWords.prefix(40).joined(separator: " ").prefix(SearchQuery.maximumQueryLength)
    return [
      ("128 one-letter words", String(repeating: "a ", count: 128)),
      ("40 rare words", rare),
      ("40 common words", String(common)),
      ("12 twenty-letter words", String(repeating: "abcdefghijklmnopqrst ", count: 12)),
      ("3 typo words", "mockingbrdx harrpotter tolkienn"),
    ]
  }

  /// The queries longer than the limit: rejected before any search.
  static let rejected = [
    ("20,000 × a", String(repeating: "a", count: 20_000)),
    ("500 one-letter words", String(repeating: "a ", count: 500)),
    ("200 rare words", (1...200).map { "zq\($0)x" }.joined(separator: " ")),
  ]

  /// Prints each hostile query's time, then the ordinary `cases`' latency while hostile queries run
  /// without pause on another task, next to `quiet` (the same cases measured alone).
  static func measure(
    catalog: Catalog, cases: [SearchQuery], quiet: Samples, englishWords: [String], rounds: Int
  ) async throws {
    for (name, text) in rejected {
      let started = ContinuousClock.now
      let refused = (try? SearchQuery(query: text)) == nil
      print(
        "  hostile \(name): \(refused ? "rejected (400)" : "ACCEPTED") in \(Measure.format(Measure.since(started))) ms"
      )
    }
    var hostile: [SearchQuery] = []
    for (name, text) in texts(englishWords: englishWords) {
      for sort in SearchQuery.Sort.allCases {
        let query = try SearchQuery(query: text, sort: sort)
        hostile.append(query)
        var samples = Samples()
        for _ in 0..<3 {
          let started = ContinuousClock.now
          let outcome: String
          do {
            outcome = "\(try await catalog.search(query).meta.totalCount) found"
          } catch {
            outcome = error.ranOutOfTime ? "stopped at the budget" : "failed: \(error)"
          }
          samples.add(Measure.since(started))
          if samples.values.count == 3 {
            print(
              "  hostile \(name), \(sort.rawValue): max \(Measure.format(samples.values.max() ?? 0)) ms (\(outcome))"
            )
          }
        }
      }
    }
    let load = Task {
      while !Task.isCancelled {
        for query in hostile where !Task.isCancelled { _ = try? await catalog.search(query) }
      }
    }
    var loaded = Samples()
    for _ in 0..<rounds {
      for query in cases {
        let started = ContinuousClock.now
        _ = try await catalog.search(query)
        loaded.add(Measure.since(started))
      }
    }
    load.cancel()
    _ = await load.value
    print("  ordinary queries alone:         \(quiet.summary)")
    print("  ordinary queries under hostile: \(loaded.summary)")
    print(
      "  ratio under hostile / alone: p50 \(String(format: "%.2f", loaded.percentile(0.5) / max(quiet.percentile(0.5), 0.001)))×, "
        + "p99 \(String(format: "%.2f", loaded.percentile(0.99) / max(quiet.percentile(0.99), 0.001)))×")
  }
}
