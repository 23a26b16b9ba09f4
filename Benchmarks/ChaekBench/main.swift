import BookModel
import BookSearch
import Foundation
import Library

// chaek-bench: catalog search latency on the starter catalog and on a generated catalog, and the
// time of library operations. Usage: chaek-bench [--books N] [--rounds N]

let arguments = CommandLine.arguments
func option(_ name: String, default value: Int) -> Int {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
    let number = Int(arguments[index + 1])
  else { return value }
  return number
}
let generatedCount = option("--books", default: 100_000)
let rounds = option("--rounds", default: 20)

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-bench-\(UUID())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

/// Queries of every kind a person types: Korean words and fragments, English words, people, ISBNs.
func querySet(isbn: String) throws -> [SearchQuery] {
  let texts: [(String, SearchQuery.Target?)] = [
    ("채식", nil), ("해리포터", nil), ("소년", nil), ("사랑", nil), ("바다의 노래", nil), ("객체지향", nil),
    ("역사", .title), ("한강", .person), ("김민준", .person), ("창비", .publisher), ("love", nil),
    ("the great", nil), ("war and peace", nil), ("orwell", .person), ("garcia marquez", nil),
    ("magic", .title),
    ("hunger games", nil), (isbn, nil),
  ]
  return try texts.flatMap { text, target in
    try SearchQuery.Sort.allCases.map { try SearchQuery(query: text, target: target, sort: $0, size: 10) }
  }
}

/// Runs every query `rounds` times and prints p50/p99 per sort.
func measureSearch(_ catalog: Catalog, label: String, isbn: String) async throws {
  let queries = try querySet(isbn: isbn)
  for query in queries { _ = try await catalog.search(query) }  // warm the page cache
  var samples: [SearchQuery.Sort: [Double]] = [:]
  var hits = 0
  for _ in 0..<rounds {
    for query in queries {
      let start = ContinuousClock.now
      let page = try await catalog.search(query)
      samples[query.sort, default: []].append(milliseconds(ContinuousClock.now - start))
      hits += page.documents.isEmpty ? 0 : 1
    }
  }
  for sort in SearchQuery.Sort.allCases {
    let values = samples[sort] ?? []
    print(
      "  \(label) search, sort=\(sort.rawValue): p50 \(format(percentile(values, 0.5))) ms, "
        + "p99 \(format(percentile(values, 0.99))) ms, max \(format(values.max() ?? 0)) ms (\(values.count) queries)"
    )
  }
  print("  \(label): \(hits * 100 / max(1, queries.count * rounds))% of queries found something")
}

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
}
func percentile(_ values: [Double], _ fraction: Double) -> Double {
  guard !values.isEmpty else { return 0 }
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
}
func format(_ value: Double) -> String { String(format: "%.3f", value) }
func fileSize(_ path: String) -> Int {
  ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0
}

// MARK: - Starter catalog

print("chaek-bench: \(rounds) rounds of \(try querySet(isbn: "0").count) queries per catalog")
let starterPath = directory.appendingPathComponent("starter.sqlite").path
var clock = ContinuousClock.now
let starter = try Catalog(path: starterPath)
print(
  "starter catalog: \(try await starter.count()) books, loaded in \(format(milliseconds(ContinuousClock.now - clock))) ms"
)
try await measureSearch(starter, label: "starter", isbn: "9788936433598")

// MARK: - Generated catalog

let generatedPath = directory.appendingPathComponent("generated.sqlite").path
let generated = try Catalog(path: generatedPath, includingStarter: false)
var generator = CatalogGenerator()
clock = ContinuousClock.now
let batch = 10_000
for start in stride(from: 0, to: generatedCount, by: batch) {
  let books = (start..<min(start + batch, generatedCount)).map { generator.next(number: $0) }
  try await generated.upsert(books, source: .imported)
}
let buildTime = ContinuousClock.now - clock
print(
  "generated catalog: \(generatedCount) books indexed in \(format(milliseconds(buildTime) / 1_000)) s, "
    + "\(fileSize(generatedPath) / 1_048_576) MiB")
try await measureSearch(generated, label: "generated", isbn: CatalogGenerator.isbn13(16 * 777))

// MARK: - Library

let library = try Library(path: directory.appendingPathComponent("library.sqlite").path)
var sample = CatalogGenerator(seed: 7)
let books = (0..<500).map { sample.next(number: $0) }
var saveTimes: [Double] = []
for book in books {
  let start = ContinuousClock.now
  try await library.save(book)
  saveTimes.append(milliseconds(ContinuousClock.now - start))
}
var listTimes: [Double] = []
for _ in 0..<50 {
  let start = ContinuousClock.now
  _ = try await library.savedBooks()
  listTimes.append(milliseconds(ContinuousClock.now - start))
}
var removeTimes: [Double] = []
for book in books {
  let start = ContinuousClock.now
  try await library.remove(book.id)
  removeTimes.append(milliseconds(ContinuousClock.now - start))
}
print(
  "library: save p50 \(format(percentile(saveTimes, 0.5))) ms, p99 \(format(percentile(saveTimes, 0.99))) ms (500 books)"
)
print(
  "library: list of 500 p50 \(format(percentile(listTimes, 0.5))) ms, p99 \(format(percentile(listTimes, 0.99))) ms"
)
print(
  "library: remove p50 \(format(percentile(removeTimes, 0.5))) ms, p99 \(format(percentile(removeTimes, 0.99))) ms"
)
