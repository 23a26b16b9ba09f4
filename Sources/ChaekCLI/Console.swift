import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes and reads: the terminal, or memory in tests.
public protocol Console: Sendable {
  /// Writes to standard output.
  func write(_ text: String)
  /// Writes to standard error.
  func writeError(_ text: String)
  /// `true` when standard input is a terminal a person can answer on.
  var isInteractive: Bool { get }
  /// `true` when standard error is a terminal, where progress can be drawn in place.
  var isErrorTerminal: Bool { get }
  /// Reads one line of standard input, or `nil` at its end.
  func readLine() -> String?
  /// Reads one line of standard input without showing it on a terminal (a password), or `nil` at
  /// its end.
  func readSecretLine() -> String?
}

/// The terminal's settings while a password is read without echo, for the interrupt handler to put
/// back (a C signal handler cannot capture them).
nonisolated(unsafe) private var echoingTerminal = termios()

/// The process's standard streams.
public struct StandardConsole: Console {
  /// The process's console.
  public init() {}

  public func write(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
  public func writeError(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
  public var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }
  public var isErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }
  public func readLine() -> String? { Swift.readLine() }

  public func readSecretLine() -> String? {
    var saved = termios()
    guard isInteractive, tcgetattr(STDIN_FILENO, &saved) == 0 else { return Swift.readLine() }
    var silent = saved
    silent.c_lflag &= ~tcflag_t(ECHO)
    // Ctrl-C while the password is typed must not leave the terminal without echo.
    echoingTerminal = saved
    let interrupt = signal(SIGINT) { _ in
      tcsetattr(STDIN_FILENO, TCSANOW, &echoingTerminal)
      _exit(130)
    }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
    defer {
      tcsetattr(STDIN_FILENO, TCSANOW, &saved)
      signal(SIGINT, interrupt)
      writeError("\n")
    }
    return Swift.readLine()
  }

}

/// A console in memory, for the tests: captures output and answers prompts from a script of lines.
final class MemoryConsole: Console {
  private struct State {
    var output = ""
    var errors = ""
    var input: [String]
  }

  private let state: Mutex<State>
  /// Whether prompts are allowed, as on a terminal.
  let isInteractive: Bool
  /// Whether standard error behaves as a terminal, so that progress is drawn.
  let isErrorTerminal: Bool

  /// A console whose standard input holds `input` and is a terminal when `interactive`, and whose
  /// standard error is a terminal when `errorTerminal`.
  init(input: [String] = [], interactive: Bool = false, errorTerminal: Bool = false) {
    state = Mutex(State(input: input))
    self.isInteractive = interactive
    self.isErrorTerminal = errorTerminal
  }

  /// Everything written to standard output.
  var standardOutput: String { state.withLock { $0.output } }
  /// Everything written to standard error.
  var standardError: String { state.withLock { $0.errors } }

  func write(_ text: String) { state.withLock { $0.output += text } }
  func writeError(_ text: String) { state.withLock { $0.errors += text } }
  func readLine() -> String? { state.withLock { $0.input.isEmpty ? nil : $0.input.removeFirst() } }
  func readSecretLine() -> String? { readLine() }
}
