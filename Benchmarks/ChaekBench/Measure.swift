import Foundation

/// Latency samples and the figures printed from them.
struct Samples {
  private(set) var values: [Double] = []

  mutating func add(_ milliseconds: Double) { values.append(milliseconds) }

  func percentile(_ fraction: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count) * fraction).rounded(.up)) - 1))]
  }

  /// `p50 0.197 ms, p95 …, p99 …, max …`
  var summary: String {
    "p50 \(Measure.format(percentile(0.5))) ms, p95 \(Measure.format(percentile(0.95))) ms, "
      + "p99 \(Measure.format(percentile(0.99))) ms, max \(Measure.format(values.max() ?? 0)) ms (\(values.count))"
  }
}

enum Measure {
  static func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
  }

  /// Milliseconds since `start`.
  static func since(_ start: ContinuousClock.Instant) -> Double { milliseconds(ContinuousClock.now - start) }

  static func format(_ value: Double) -> String { String(format: "%.3f", value) }

  /// Bytes as MiB with one decimal.
  static func mebibytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }

  static func fileSize(_ path: String) -> Int {
    ["", "-wal"].reduce(0) {
      $0 + (((try? FileManager.default.attributesOfItem(atPath: path + $1)[.size]) as? Int) ?? 0)
    }
  }

  /// The process's peak resident set size in MiB (Linux `VmHWM`), or 0 where unknown. It counts
  /// the pages of files mapped in too: the database pages readers touched through `mmap`, which
  /// the kernel can drop at any time (see ``residentParts()``).
  static func peakRSS() -> Int { status("VmHWM") }

  /// The resident set now, as its anonymous memory (the heap: what the process holds) and the
  /// pages of mapped files (the database read through `mmap`), in MiB.
  static func residentParts() -> String {
    "now \(status("RssAnon")) MiB anonymous, \(status("RssFile")) MiB of mapped files"
  }

  /// The CPU time the process has spent, on every core, in seconds.
  static func processorSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// A `kB` field of `/proc/self/status` in MiB, or 0 where unknown.
  private static func status(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes / 1024
  }
}
