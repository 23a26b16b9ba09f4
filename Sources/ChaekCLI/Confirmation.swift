import Foundation

/// Asking before a removal that cannot be undone: `--yes` goes ahead; on a terminal the person
/// answers; a script (input not a terminal) without `--yes` is refused, so nothing is lost by a
/// command run where no one can answer.
enum Confirmation {
  /// `true` to go ahead. Asks `question` with ` [y/N] ` on a terminal, and says "Nothing removed."
  /// when the answer is not yes.
  /// - Throws: a usage error, "refusing to `refusal` without --yes", when input is not a terminal.
  static func confirm(
    _ question: String, refusal: String, arguments: Arguments, console: any Console
  ) throws(CLIError) -> Bool {
    if arguments.flag(.yes) { return true }
    guard console.isInteractive else {
      throw .usage("refusing to \(refusal) without --yes (input is not a terminal)")
    }
    console.write(question + " [y/N] ")
    let answer = console.readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
    guard answer == "y" || answer == "yes" else {
      console.write("Nothing removed.\n")
      return false
    }
    return true
  }
}
