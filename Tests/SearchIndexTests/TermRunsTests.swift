import Foundation
import TestSupport
import Testing

@testable import SearchIndex

@Suite("Term runs of a bulk build")
struct TermRunsTests {
  /// Runs of random rows over terms that sort differently by bytes than by characters, with
  /// postings from two bytes to a bitmap's, each run larger than one read (so rows straddle
  /// reads): the merge gives each term once, in byte order, with its rows in chunk order.
  @Test func aMergeGivesEachTermOnceInByteOrderWithItsRowsByChunk() throws {
    var random = SeededGenerator(seed: 5)
    let terms = (0..<400).map { "t\($0)" } + ["가", "가나", "a", "ab", "b", "é", "\u{FF21}", "😀"]
    let runs = try TermRuns()
    var expected: [String: [TermRuns.Row]] = [:]
    for chunk in [0, 2, 3, 9] {
      var rows: [(term: String, docs: Data, count: Int)] = []
      for term in terms where Bool.random(using: &random) {
        let size = [2, 2 * Int.random(in: 1...4_095, using: &random), 8_192].randomElement(using: &random)!
        let row = TermRuns.Row(
          chunk: chunk, docs: Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }),
          count: Int.random(in: 1...65_536, using: &random))
        rows.append((term, row.docs, row.count))
        expected[term, default: []].append(row)
      }
      let run = TermRuns.run(of: rows.sortedByBytes { $0.term })
      #expect(run.count > TermRuns.readSize)
      try runs.append(run, of: chunk)
    }
    var merged: [(term: String, rows: [TermRuns.Row])] = []
    try runs.merge { merged.append(($0, $1)) }
    #expect(merged.map(\.term) == expected.keys.sortedByBytes { $0 })
    for (term, rows) in merged {
      #expect(rows == expected[term], "\(term)")
    }
  }
}
