import BookModel
import ChaekApp
import Foundation

/// The `chaek` command line: parses the arguments, runs one command, and returns the exit code
/// (0 success, 1 failure, 2 usage error) after writing one clear line to standard error on error.
public enum CLI {
  /// Runs `chaek` with `arguments` (without the program name).
  public static func run(
    _ arguments: [String], environment: [String: String], console: any Console = StandardConsole()
  ) async -> Int32 {
    var context = Context(console: console, environment: AppEnvironment(environment))
    guard let name = arguments.first else {
      console.write(Help.overview)
      return 0
    }
    if name == "help" || name == "--help" || name == "-h" {
      return await runHelp(Array(arguments.dropFirst()), console: console)
    }
    guard let command = Command.all.first(where: { $0.name == name }) else {
      console.writeError("chaek: unknown command '\(name)'; run `chaek help` for the list\n")
      return 2
    }
    do {
      let parsed = try Arguments(Array(arguments.dropFirst()), command: name, options: command.accepted)
      context.user = command.actsForAReader ? parsed.text(.user) : nil
      if parsed.wantsHelp {
        console.write(command.help)
        return 0
      }
      try await command.run(parsed, context)
      return 0
    } catch let error as CLIError {
      return report(error, command: command, console: console)
    } catch let error as LibraryError {
      return report(CLIError(error), command: command, console: console)
    } catch let error as BookSearchError {
      // Standard error is the operator's own: it gets what the provider said too (the key removed).
      console.writeError("chaek \(name): \(error.logDescription)\n")
      return 1
    } catch {
      console.writeError("chaek \(name): \(error)\n")
      return 1
    }
  }

  /// Writes `error` on standard error and returns its exit code: a usage error also shows the
  /// command's usage line.
  private static func report(_ error: CLIError, command: Command, console: any Console) -> Int32 {
    switch error {
    case .usage(let message):
      console.writeError("chaek \(command.name): \(message)\n\(command.usage)\n")
      return 2
    case .failure(let message):
      console.writeError("chaek \(command.name): \(message)\n")
      return 1
    }
  }

  private static func runHelp(_ words: [String], console: any Console) async -> Int32 {
    guard let topic = words.first else {
      console.write(Help.overview)
      return 0
    }
    guard let command = Command.all.first(where: { $0.name == topic }) else {
      console.writeError("chaek help: unknown command '\(topic)'; run `chaek help` for the list\n")
      return 2
    }
    console.write(command.help)
    return 0
  }
}

/// The overview printed by `chaek help`.
enum Help {
  static var overview: String {
    let entries =
      Command.all.map { ($0.name, $0.summary) } + [
        ("help [COMMAND]", "help for a command (also: chaek COMMAND --help)")
      ]
    let width = entries.map(\.0.count).max() ?? 0
    let commands = entries.map { "  " + $0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $1 }
    return """
      chaek — search books and keep the ones you like (책)

      usage: chaek COMMAND [OPTIONS]

      commands:
      \(commands.joined(separator: "\n"))

      environment:
        CHAEK_HOME             data directory (default $XDG_DATA_HOME/chaek or ~/.local/share/chaek)
        KAKAO_REST_API_KEY     search Kakao's catalog (without it: Open Library, then the offline catalog)
        CHAEK_KAKAO_URL        Kakao's base URL (default https://dapi.kakao.com)
        CHAEK_OPENLIBRARY_URL  Open Library's base URL (default https://openlibrary.org)

      exit status: 0 success, 1 failure, 2 usage error

      """
  }
}
