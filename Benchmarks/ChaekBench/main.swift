import BookCatalog
import BookModel
import Foundation
import UserLibrary

// chaek-bench: catalog search latency on the starter catalog; library operations; a generated
// N-book catalog (default 1,000,000) with a mixed query set, measured next to tantivy on the same
// corpus and queries; the reading journal (a --journal-books N row Goodreads export imported, stats
// and 담은 책 per request); the barcode decode rate per kind of image (--barcodes N codes); relevance;
// 다음에 읽을 책 on goodbooks-10k with --readers N generated readers.
// Usage: chaek-bench [--books N] [--journal-books N] [--barcodes N] [--readers N] [--rounds N]
// [--no-tantivy] [--scale-only] [--keep]
// (--scale-only skips the starter catalog, library, relevance and read-next figures; --keep leaves the
// databases and the tantivy corpus in the temporary directory it prints).
// chaek-bench --rebuild PATH [--rounds N] rebuilds the index of the catalog at PATH (one --keep left)
// N times (default 3) and prints each rebuild's time and the process's CPU time: the build alone,
// to compare two builds of chaek-bench run in turn.
// chaek-bench --search PATH [--rounds N] runs the scale benchmark's queries on the catalog at PATH
// (one --keep left) N times (default 10) and prints their latency by sort and the process's CPU time.

let arguments = CommandLine.arguments
func option(_ name: String, default value: Int) -> Int {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
    let number = Int(arguments[index + 1])
  else { return value }
  return number
}
if let index = arguments.firstIndex(of: "--rebuild"), index + 1 < arguments.count {
  try await RebuildBenchmark.run(path: arguments[index + 1], rounds: option("--rounds", default: 3))
  exit(0)
}
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()
let sharedData = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
/// The words the generated catalogs and their queries are made of.
func vocabulary() throws -> CatalogGenerator.Vocabulary {
  CatalogGenerator.Vocabulary.load(
    goodbooksCSV: sharedData.appendingPathComponent("goodbooks-10k/books.csv"),
    starter: try Catalog.starterBooks())
}
if let index = arguments.firstIndex(of: "--search"), index + 1 < arguments.count {
  try await SearchBenchmark.run(
    path: arguments[index + 1], rounds: option("--rounds", default: 10), vocabulary: try vocabulary())
  exit(0)
}
let scaleCount = option("--books", default: 1_000_000)
let rounds = option("--rounds", default: 10)

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-bench-\(UUID())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer {
  if arguments.contains("--keep") {
    print("kept \(directory.path)")
  } else {
    try? FileManager.default.removeItem(at: directory)
  }
}

// MARK: - Starter catalog

if !arguments.contains("--scale-only") {
  try await starterLibraryAndRelevance()
}

func starterLibraryAndRelevance() async throws {
  let starter = try Catalog(path: directory.appendingPathComponent("starter.sqlite").path)
  let starterQueries = try [
    ("채식", nil), ("해리포터", nil), ("소년", nil), ("사랑", nil), ("ㅊㅅㅈㅇㅈ", nil), ("한강", .person), ("창비", .publisher),
    ("the", nil), ("war and peace", nil), ("garcia marquez", nil), ("mockingbrd", nil), ("orwell", .person),
  ].flatMap { (text: String, target: SearchQuery.Target?) in
    try SearchQuery.Sort.allCases.map { try SearchQuery(query: text, target: target, sort: $0) }
  }
  var starterSamples = Samples()
  for query in starterQueries { _ = try await starter.search(query) }
  for _ in 0..<(rounds * 5) {
    for query in starterQueries {
      let start = ContinuousClock.now
      _ = try await starter.search(query)
      starterSamples.add(Measure.since(start))
    }
  }
  print("starter catalog (\(try await starter.count()) books) search: \(starterSamples.summary)")

  // MARK: - Library

  let library = try Library(path: directory.appendingPathComponent("library.sqlite").path)
  let books = Array(try Catalog.starterBooks().prefix(300))
  var saves = Samples()
  var lists = Samples()
  var removes = Samples()
  for book in books {
    let start = ContinuousClock.now
    try await library.save(book)
    saves.add(Measure.since(start))
  }
  for _ in 0..<50 {
    let start = ContinuousClock.now
    _ = try await library.savedBooks()
    lists.add(Measure.since(start))
  }
  for book in books {
    let start = ContinuousClock.now
    try await library.remove(book.id)
    removes.add(Measure.since(start))
  }
  print("library save:           \(saves.summary)")
  print("library list of \(books.count):    \(lists.summary)")
  print("library remove:         \(removes.summary)")

  // MARK: - Journal

  try await JournalBenchmark(
    count: option("--journal-books", default: 10_000), rounds: rounds, directory: directory,
    vocabulary: CatalogGenerator.Vocabulary.load(
      goodbooksCSV: sharedData.appendingPathComponent("goodbooks-10k/books.csv"),
      starter: try Catalog.starterBooks())
  ).run()

  // MARK: - Barcodes

  let barcodes = option("--barcodes", default: 200)
  if barcodes > 0 { try BarcodeBenchmark(count: barcodes).run() }

  // MARK: - Relevance

  try await Relevance.report(
    packageRoot: packageRoot, goodbooksCSV: sharedData.appendingPathComponent("goodbooks-10k/books.csv"))

  // MARK: - What to read next

  try await ReadNextBenchmark(readers: option("--readers", default: 1_000)).report(
    goodbooksCSV: sharedData.appendingPathComponent("goodbooks-10k/books.csv"))
}

// MARK: - Scale, next to tantivy

if scaleCount > 0 {
  let scale = ScaleBenchmark(
    count: scaleCount, rounds: rounds, directory: directory, vocabulary: try vocabulary())
  let measured = try await scale.run()
  if !arguments.contains("--no-tantivy") {
    try Tantivy.compare(
      script: packageRoot.appendingPathComponent("Benchmarks/tantivy_bench.py"), measured: measured,
      rounds: rounds)
  }
}
