import BookCatalog
import BookImport
import BookModel
import ChaekApp
import Foundation
import Synchronization

/// 다음에 읽을 책 measured: on goodbooks-10k, generated readers each finish a sequence of books;
/// the last one is hidden, and the suggestions made from the others are scored by recall@10 (is
/// the hidden book among the first 10?), beside a popularity baseline (the 10 most rated books
/// the reader has not read).
///
/// A reader starts from a book drawn by popularity (its ratings count); each next book is, with
/// probability 0.3, the next volume of a series they are in (when there is one), else with 0.3 a
/// book by an author they read (drawn by popularity among the author's), else a book drawn by
/// popularity. Ratings are 3 to 5 stars. The model is the recommender's own signals plus noise:
/// it shows how much of a reader's continuity (series, authors) the suggestions catch, and what
/// they cost when a reader has none; the per-step figures say which.
struct ReadNextBenchmark {
  let readers: Int
  let seed: UInt64 = 20_261_206

  /// Prints recall@10 of the suggestions and of the baseline, overall and by how the hidden book
  /// was chosen.
  func report(goodbooksCSV: URL) async throws {
    guard let data = try? Data(contentsOf: goodbooksCSV) else {
      print("read next: \(goodbooksCSV.path) is missing")
      return
    }
    let collector = Collector()
    _ = try await Importer(format: .goodbooks).read(data, into: collector)
    let rows = collector.books.withLock { $0 }
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert(rows.map(\.book), source: .imported, popularity: rows.map(\.popularity))
    let books = rows.map(\.book)
    let popularity = rows.map { Double(max($0.popularity, 1)) }
    let byPopularity = books.indices.sorted { popularity[$0] > popularity[$1] }
    var byAuthor: [String: [Int]] = [:]
    var bySeries: [String: [Int]] = [:]
    for (index, book) in books.enumerated() {
      if let author = book.authors.first { byAuthor[author, default: []].append(index) }
      if book.isVolume, let place = book.seriesVolume { bySeries[place.series, default: []].append(index) }
    }
    for (name, members) in bySeries {
      bySeries[name] = members.sorted {
        (books[$0].seriesOrder, -popularity[$0]) < (books[$1].seriesOrder, -popularity[$1])
      }
    }
    let draw = Weighted(popularity)
    var random = SplitMix64(seed: seed)
    var hits = (suggested: [Step: Int](), baseline: [Step: Int](), count: [Step: Int]())
    let suggestions = ReadNext(catalog: catalog)
    let start = ContinuousClock.now
    for _ in 0..<readers {
      // A reader's finished books, in order, and how each was chosen.
      var read: [Int] = [draw.sample(&random)]
      var steps: [Step] = [.popular]
      let length = 8 + Int(random.next() % 13)
      while read.count < length {
        let roll = Double(random.next() % 1000) / 1000
        let readSet = Set(read)
        let nextVolume = read.reversed().lazy.compactMap { index -> Int? in
          guard let name = books[index].seriesVolume?.series, let volumes = bySeries[name] else { return nil }
          return volumes.first { books[$0].seriesOrder > books[index].seriesOrder && !readSet.contains($0) }
        }.first
        if roll < 0.3, let nextVolume {
          (read, steps) = (read + [nextVolume], steps + [.series])
          continue
        }
        let authors = read.compactMap { books[$0].authors.first }
        if roll < 0.6, let author = authors.randomElement(using: &random),
          let pick = byAuthor[author]?.filter({ !readSet.contains($0) }).prefix(10).randomElement(
            using: &random)
        {
          (read, steps) = (read + [pick], steps + [.author])
          continue
        }
        let pick = draw.sample(&random)
        if !readSet.contains(pick) { (read, steps) = (read + [pick], steps + [.popular]) }
      }
      let hidden = read.removeLast()
      let step = steps.last ?? .popular
      let journal = read.map { index in
        ReadNext.Read(
          book: books[index], shelf: .read, rating: StarRating(halfStars: Double(6 + random.next() % 5) / 2))
      }
      let suggested = try await suggestions.suggestions(after: journal, limit: 10).map(\.book.id)
      let readSet = Set(read)
      let baseline = byPopularity.lazy.filter { !readSet.contains($0) }.prefix(10).map { books[$0].id }
      hits.count[step, default: 0] += 1
      if suggested.contains(books[hidden].id) { hits.suggested[step, default: 0] += 1 }
      if baseline.contains(books[hidden].id) { hits.baseline[step, default: 0] += 1 }
    }
    let elapsed = Measure.since(start)
    func recall(_ counts: [Step: Int], _ steps: [Step]) -> Double {
      Double(steps.reduce(0) { $0 + (counts[$1] ?? 0) })
        / Double(max(1, steps.reduce(0) { $0 + (hits.count[$1] ?? 0) }))
    }
    let all = Step.allCases
    print(
      "read next (goodbooks-10k, \(readers) generated readers): recall@10 "
        + "\(String(format: "%.3f", recall(hits.suggested, all))) vs popularity "
        + "\(String(format: "%.3f", recall(hits.baseline, all))); \(String(format: "%.1f", elapsed / Double(readers))) ms a reader"
    )
    for step in all {
      print(
        "  hidden book by \(step.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) (\(hits.count[step] ?? 0)): "
          + "\(String(format: "%.3f", recall(hits.suggested, [step]))) vs \(String(format: "%.3f", recall(hits.baseline, [step])))"
      )
    }
  }

  /// How a generated reader chose a book.
  enum Step: String, CaseIterable {
    case series, author, popular
  }
}

/// An import sink that keeps the books read.
private final class Collector: ImportSink {
  let books = Mutex<[ImportedBook]>([])

  func beginImport(resuming file: String?) async throws -> ImportCheckpoint? { nil }
  func store(_ batch: [ImportedBook], checkpoint: ImportCheckpoint?) async throws -> StoredBatch {
    books.withLock { $0 += batch }
    return StoredBatch()
  }
  func finishImport() async throws -> ImportCounts { ImportCounts(added: 0, updated: 0, unchanged: 0) }
  func abandonImport() async {}
}
