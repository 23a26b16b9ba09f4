import BookCatalog
import BookImport
import BookModel
import BookProviders
import ChaekApp
import ChaekWeb
import Foundation
import TestSupport
import UserLibrary

/// The reading journal at scale: importing a Goodreads library export of `count` rows into an empty
/// library (and the starter catalog), then, through the web app in process, per request: the year's
/// stats, 담은 책 whole as JSON and its pages as HTML (the first, the last, a shelf's), and 자동완성
/// (`ㅎ`, `사랑`, `ㅅㄹ`) over the saved books and the catalog.
struct JournalBenchmark {
  let count: Int
  let rounds: Int
  let directory: URL
  let vocabulary: CatalogGenerator.Vocabulary

  func run() async throws {
    let file = directory.appendingPathComponent("goodreads_library_export.csv")
    try Data(GoodreadsExport.csv(try exportRows()).utf8).write(to: file)
    let size = Measure.fileSize(file.path)

    let catalog = try Catalog(path: directory.appendingPathComponent("journal-catalog.sqlite").path)
    let library = try Library(path: directory.appendingPathComponent("journal-library.sqlite").path)
    let start = ContinuousClock.now
    let report = try await LibraryImport(catalog: catalog, library: library).run(
      contentsOf: file, format: .goodreads, today: CalendarDay("2026-12-01")!)
    let seconds = Measure.since(start) / 1_000
    let rows = report.journal?.rows ?? []
    let added = rows.count { $0.match == .added }
    let rate = String(format: "%.2f s, %.0f books/s", seconds, Double(count) / seconds)
    print(
      "journal import of a \(count)-row Goodreads export (\(size / 1024) KB): \(rate) "
        + "(\(rows.count - added) matched, \(added) added, \(report.books.skippedCount) skipped)")

    let chaek = Chaek(library: library, catalog: catalog, settings: try ProviderSettings(environment: [:]))
    let client = TestClient(try WebApp(chaek: chaek).responder)
    for target in [
      "/api/stats?year=2025&today=2025-10-01", "/fragments/stats?year=2025&today=2025-10-01",
      "/api/library", "/api/library/ids", "/fragments/saved", "/fragments/saved?offset=9900",
      "/fragments/saved?shelf=read", "/api/suggest?q=%E3%85%8E", "/api/suggest?q=%EC%82%AC%EB%9E%91",
      "/api/suggest?q=%E3%85%85%E3%84%B9",
    ] {
      let shown = target.removingPercentEncoding ?? target
      var samples = Samples()
      var bytes = 0
      for round in 0...(rounds * 5) {
        let start = ContinuousClock.now
        let response = await client.get(target)
        guard response.status == 200 else {
          print("  \(shown): HTTP \(response.status), not measured")
          break
        }
        if round > 0 { samples.add(Measure.since(start)) }  // the first one warms the caches
        bytes = response.body.count
      }
      if !samples.values.isEmpty {
        print("  GET \(shown) with \(count) books (\(bytes / 1024) KB): \(samples.summary)")
      }
    }
  }

  /// `count` books with the reader's records, shaped like a real library: four in five with an
  /// ISBN, the rest Goodreads pages, one in fifty a starter book without an ISBN (matched by title
  /// and author); most read, with ratings, days, pages and a few tags.
  private func exportRows() throws -> [(book: Book, record: ReadingRecord)] {
    let starter = try Catalog.starterBooks()
    var generator = CatalogGenerator(vocabulary: vocabulary, seed: 0x0B00_C5)
    var random = SplitMix64(seed: 0x6A15)
    func pick(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
    let tags = ["favorites", "소장", "빌린 책", "2026 독서모임", "sf", "에세이", "classics"]
    return (0..<count).map { number in
      var book = generator.next(number: number)
      book.isbn = number % 5 == 0 ? "" : CatalogGenerator.isbn13(500_000_000 + number)
      book.url = number % 5 == 0 ? "https://www.goodreads.com/book/show/\(10_000_000 + number)" : ""
      if number % 50 == 1 { book = starter[(number / 50) % starter.count] }
      let shelf: Shelf = [.read, .read, .read, .want, .want, .reading, .dnf][pick(7)]
      let month = pick(83)  // January 2020 to November 2026: nothing finished after the bench's today
      let finished = CalendarDay(year: 2020 + month / 12, month: 1 + month % 12, day: 1 + pick(28))!
      let record = ReadingRecord(
        shelf: shelf, rating: shelf == .read ? StarRating(quarters: 4 * (1 + pick(5))) : nil,
        tags: pick(3) == 0 ? [tags[pick(tags.count)]] : [], review: pick(10) == 0 ? "좋았다. \(book.title)" : "",
        added: CalendarDay(year: finished.year - pick(2), month: 1 + pick(12), day: 1 + pick(28)),
        readings: shelf == .read ? [ReadingRecord.Reading(finished: finished)] : [], pages: 100 + pick(700))
      return (book, record)
    }
  }
}
