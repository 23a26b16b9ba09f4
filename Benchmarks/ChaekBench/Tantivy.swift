import Foundation

/// Runs Benchmarks/tantivy_bench.py on the same corpus and queries and prints its figures next to
/// ours, with the ratio of p99s.
enum Tantivy {
  static func compare(script: URL, measured: ScaleBenchmark.Measured, rounds: Int) throws {
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = [
      "python3", script.path, measured.corpus.path, measured.queries.path, "--rounds", String(rounds),
      "--suggest", measured.suggestRequests.path, "--suggest-rounds", String(max(1, rounds / 5)),
      "--stored-books", measured.books.path,
    ]
    let output = Pipe()
    python.standardOutput = output
    try python.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    python.waitUntilExit()
    guard python.terminationStatus == 0,
      let result = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let latency = result["latency_ms"] as? [String: [String: Double]]
    else {
      print("tantivy: the script failed (exit \(python.terminationStatus)); is `pip install tantivy` done?")
      return
    }
    let seconds = (result["build_seconds"] as? Double) ?? 0
    let bytes = (result["index_bytes"] as? Int) ?? 0
    print(
      "tantivy: indexed in \(String(format: "%.1f", seconds)) s, \(Measure.mebibytes(bytes)) MiB "
        + "(same corpus, same analyzed tokens; it stores no book, only ids)")
    func ratio(_ ours: Double, _ theirs: Double) -> String {
      String(format: "%.1f×", ours / max(theirs, 1e-9))
    }
    let sizes = measured.sizes
    print(
      "  chaek/tantivy build \(ratio(measured.buildSeconds, seconds)) (books written too), "
        + "bulk rebuild \(ratio(measured.rebuildSeconds, seconds)) (from the stored books), "
        + "search index \(ratio(Double(sizes.index), Double(bytes))), "
        + "database \(ratio(Double(sizes.total), Double(bytes))) (with the books), "
        + "chaek peak RSS \(measured.peakRSS) MiB")
    if let stored = result["stored_books"] as? [String: Any], let storedBytes = stored["index_bytes"] as? Int
    {
      let storedSeconds = (stored["build_seconds"] as? Double) ?? 0
      print(
        "tantivy storing each book's JSON too, as the catalog does (its doc store, compressed): "
          + "indexed in \(String(format: "%.1f", storedSeconds)) s, \(Measure.mebibytes(storedBytes)) MiB; "
          + "chaek/tantivy build \(ratio(measured.buildSeconds, storedSeconds)), "
          + "database \(ratio(Double(sizes.total), Double(storedBytes)))")
    }
    for key in latency.keys.sorted() {
      guard let theirs = latency[key], let ours = measured.bySort[key] else { continue }
      let p99 = theirs["p99"] ?? 0
      print(
        "  \(key.padding(toLength: 20, withPad: " ", startingAt: 0)) tantivy p50 \(Measure.format(theirs["p50"] ?? 0)) ms, "
          + "p99 \(Measure.format(p99)) ms | chaek p50 \(Measure.format(ours.percentile(0.5))) ms, "
          + "p99 \(Measure.format(ours.percentile(0.99))) ms | chaek/tantivy p99 \(String(format: "%.1f", ours.percentile(0.99) / max(p99, 0.001)))×"
      )
    }
    if let theirs = result["suggest_latency_ms"] as? [String: Double] {
      let ours = measured.suggest
      print(
        "  suggest (per keystroke) tantivy p50 \(Measure.format(theirs["p50"] ?? 0)) ms, p99 \(Measure.format(theirs["p99"] ?? 0)) ms "
          + "(prefix on a raw key field, top 8 by popularity) | chaek p50 \(Measure.format(ours.percentile(0.5))) ms, "
          + "p99 \(Measure.format(ours.percentile(0.99))) ms (8 distinct texts, titles and people)")
    }
  }
}
