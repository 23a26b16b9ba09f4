import Foundation
import Storage
import TestSupport
import Testing

@testable import SearchIndex

@Suite("Term runs of a bulk build")
struct TermRunsTests {
  /// Runs of random rows (and an empty run) over terms that Swift's `==` or UTF-16 would order
  /// or merge otherwise than their bytes, with postings from two bytes to a bitmap's, read a few
  /// bytes at a time (so that headers, terms and postings straddle reads) and a whole run at a
  /// time: the merge gives each term once, in byte order, with its rows in chunk order.
  @Test(arguments: [13, 64, 1 << 18])
  func aMergeGivesEachTermOnceInByteOrderWithItsRowsByChunk(readSize: Int) throws {
    var random = SeededGenerator(seed: 5)
    let terms =
      (0..<100).map { "t\($0)" } + ["가", "가나", "a", "ab", "b", "é", "e\u{301}", "\u{FF21}", "😀"]
    let runs = try TermRuns(readSize: readSize)
    var expected: [[UInt8]: [TermRuns.Row]] = [:]
    for chunk in [0, 2, 3, 5, 9] {
      var rows: [(term: String, docs: Data, count: Int)] = []
      for term in terms where chunk != 5 && Bool.random(using: &random) {
        let size = [2, 2 * Int.random(in: 1...4_095, using: &random), 8_192].randomElement(using: &random)!
        let row = TermRuns.Row(
          chunk: chunk, docs: Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }),
          count: Int.random(in: 1...65_536, using: &random))
        rows.append((term, row.docs, row.count))
        expected[Array(term.utf8), default: []].append(row)
      }
      try runs.append(TermRuns.run(of: rows.sortedByBytes { $0.term }), of: chunk)
    }
    var merged: [(term: [UInt8], rows: [TermRuns.Row])] = []
    try runs.merge { merged.append((Array($0.utf8), $1)) }
    #expect(merged.map(\.term) == expected.keys.sorted { $0.lexicographicallyPrecedes($1) })
    for (term, rows) in merged {
      #expect(rows == expected[term], "\(term)")
    }
  }

  /// A run of `count` one-document terms, `t00000` on.
  static func run(of count: Int) -> [UInt8] {
    TermRuns.run(
      of: (0..<count).map { (term: "t" + String(100_000 + $0).dropFirst(), docs: Data([1, 0]), count: 1) })
  }

  /// The merge reads ahead on a thread of its own: a caller that stops it mid-way (its writes
  /// failed) gets its error, at once, while the reader was waiting with batches to hand over.
  @Test(.timeLimit(.minutes(1)))
  func aMergeItsCallerStopsEndsWithTheCallersError() throws {
    struct Stop: Error {}
    let runs = try TermRuns()
    try runs.append(Self.run(of: 60_000), of: 0)
    var given = 0
    #expect(throws: Stop.self) {
      try runs.merge { _, _ in
        given += 1
        if given == 10 { throw Stop() }
      }
    }
    #expect(given == 10)
  }

  /// A run the reader cannot read to its end (it ends inside a row) fails the merge with the
  /// reader's error, after the terms it handed over before.
  @Test(.timeLimit(.minutes(1)))
  func aRunThatEndsInsideARowFailsTheMerge() throws {
    let runs = try TermRuns()
    let broken = TermRuns.run(of: [(term: "u", docs: Data([1, 0]), count: 1)]).dropLast()
    try runs.append(Self.run(of: 10_000) + broken, of: 0)
    var given = 0
    let error = try #require(throws: DatabaseError.self) { try runs.merge { _, _ in given += 1 } }
    #expect(error.message.contains("ends inside a row"))
    #expect(given > 0 && given < 10_000)
  }

  /// Runs that cannot be kept stop the build with an error that says where.
  @Test func aDirectoryWithoutRoomForRunsIsAClearError() throws {
    let error = try #require(throws: DatabaseError.self) { try TermRuns(in: "/nonexistent-chaek-directory") }
    #expect(error.message.contains("/nonexistent-chaek-directory"))
  }
}
