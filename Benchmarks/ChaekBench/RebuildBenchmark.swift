import BookCatalog
import Foundation

/// The index build alone (`chaek-bench --rebuild PATH`): the catalog a `--keep` run left is
/// rebuilt a few times, so that two builds of chaek-bench can be run in turn on the same books.
enum RebuildBenchmark {
  /// Rebuilds the index of the catalog at `path` `rounds` times, printing each rebuild's time and
  /// the CPU time the process spent in it (on every core), then the peak RSS.
  static func run(path: String, rounds: Int) async throws {
    guard FileManager.default.fileExists(atPath: path) else {
      print("chaek-bench: no catalog at \(path) (make one with --scale-only --no-tantivy --keep)")
      exit(2)
    }
    let catalog = try Catalog(path: path, includingStarter: false)
    for round in 1...max(1, rounds) {
      let (start, cpu) = (ContinuousClock.now, Measure.processorSeconds())
      try await catalog.rebuildIndex()
      print(
        "rebuild \(round): \(String(format: "%.2f", Measure.since(start) / 1_000)) s, "
          + "CPU \(String(format: "%.2f", Measure.processorSeconds() - cpu)) s")
    }
    print("peak RSS \(Measure.peakRSS()) MiB (\(Measure.residentParts()))")
  }
}
