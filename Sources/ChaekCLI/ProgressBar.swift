/// A progress bar on standard error for a long task, redrawn in place.
///
/// It is drawn only when standard error is a terminal, and only once the task has run for `delay`:
/// quick runs, pipes and log files show nothing. ``finish()`` erases it.
final class ProgressBar {
  private let console: any Console
  private let label: String
  private let delay: Duration
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private var drawn: String?

  /// A bar labelled `label` (the file being imported), drawn after `delay`.
  init(console: any Console, label: String, delay: Duration = .seconds(1)) {
    self.console = console
    self.label = label
    self.delay = delay
    start = clock.now
  }

  /// Shows `fraction` (0 to 1) done, with a `detail` such as the number of books so far.
  func update(fraction: Double, detail: String) {
    guard console.isErrorTerminal, clock.now - start >= delay else { return }
    let done = min(max(fraction, 0), 1)
    let width = 30
    let filled = Int(done * Double(width))
    let line =
      "\(label) [\(String(repeating: "#", count: filled))\(String(repeating: "-", count: width - filled))] "
      + "\(Int(done * 100))%  \(detail)"
    guard line != drawn else { return }
    console.writeError("\r\u{1B}[K" + line)
    drawn = line
  }

  /// Erases the bar, if it was drawn, so that what follows starts on a clean line.
  func finish() {
    guard drawn != nil else { return }
    console.writeError("\r\u{1B}[K")
    drawn = nil
  }
}
