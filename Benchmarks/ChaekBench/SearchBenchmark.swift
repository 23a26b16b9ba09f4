import BookCatalog
import BookModel
import Foundation

/// The searches alone (`chaek-bench --search PATH`): the scale benchmark's queries on the catalog
/// a `--keep` run left, uncached, so that two builds of chaek-bench can be run in turn on the same
/// index, or one profiled without the build around it.
enum SearchBenchmark {
  /// Runs the scale benchmark's queries (``ScaleBenchmark/cases()``) on the catalog at `path`
  /// `rounds` times after one warm-up round, printing the latency by sort and in all, and the CPU
  /// time the process spent.
  static func run(path: String, rounds: Int, vocabulary: CatalogGenerator.Vocabulary) async throws {
    guard FileManager.default.fileExists(atPath: path) else {
      print("chaek-bench: no catalog at \(path) (make one with --scale-only --no-tantivy --keep)")
      exit(2)
    }
    let catalog = try Catalog(path: path, includingStarter: false)
    let scale = ScaleBenchmark(
      count: try await catalog.count(), rounds: rounds,
      directory: URL(fileURLWithPath: path).deletingLastPathComponent(),
      vocabulary: vocabulary)
    let cases = try scale.cases()
    for item in cases { _ = try await catalog.search(item.query) }
    var bySort: [SearchQuery.Sort: Samples] = [:]
    var all = Samples()
    let (start, cpu) = (ContinuousClock.now, Measure.processorSeconds())
    for _ in 0..<max(1, rounds) {
      for item in cases {
        let started = ContinuousClock.now
        _ = try await catalog.search(item.query)
        let elapsed = Measure.since(started)
        bySort[item.query.sort, default: Samples()].add(elapsed)
        all.add(elapsed)
      }
    }
    print(
      "\(cases.count) queries × \(max(1, rounds)) in \(String(format: "%.2f", Measure.since(start) / 1_000)) s, "
        + "CPU \(String(format: "%.2f", Measure.processorSeconds() - cpu)) s")
    print("  all:".padding(toLength: 18, withPad: " ", startingAt: 0) + all.summary)
    for sort in SearchQuery.Sort.allCases {
      print(
        "  sort=\(sort.rawValue):".padding(toLength: 18, withPad: " ", startingAt: 0)
          + (bySort[sort]?.summary ?? ""))
    }
  }
}
