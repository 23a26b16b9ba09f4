import ChaekApp
import Foundation

/// `users`: the readers of a shared Chaek.
extension Command {
  static let users = Command(
    name: "users",
    summary: "add, list and remove readers; change a password; make an API token",
    operands: "add|list|remove|passwd|token [NAME]",
    details: """
      Once a reader is added, `chaek serve` asks everyone to sign in, and each reader has books,
      a journal, recent views and searches of their own. The first reader added is an admin and
      keeps the books and journal this Chaek held until then; every other command then names the
      reader it acts for (see `chaek saved --help`).

        add NAME [--admin]   adds a reader; the password is read as one line from standard input
                             (typed without echo on a terminal, twice)
        list                 lists the readers
        remove NAME          removes a reader with all their books and journal (asks first)
        passwd NAME          sets a new password (signs the reader out everywhere)
        token NAME           prints a new API token (Authorization: Bearer TOKEN) for the reader;
                             with --revoke TOKEN ends that token, with --revoke all every one
      """,
    options: [.admin, .revoke, .yes],
    examples: [
      "chaek users add 민지 --admin", "printf '%s\\n' \"$PASSWORD\" | chaek users add 준호",
      "chaek users token 준호",
    ],
    actsForAReader: false
  ) { arguments, context in
    guard let action = arguments.positionals.first else {
      throw CLIError.usage("say what to do: add, list, remove, passwd or token")
    }
    let chaek = try await context.chaek(arguments)
    let operands = Array(arguments.positionals.dropFirst())
    func name() throws(CLIError) -> String {
      guard operands.count == 1 else { throw .usage("\(action) takes one NAME") }
      return operands[0]
    }
    switch action {
    case "add":
      let name = try name()
      let wasFirst = try await !chaek.hasAccounts()
      let reader = try await chaek.addReader(
        name: name, password: try Users.password(for: name, console: context.console),
        admin: arguments.flag(.admin))
      context.console.write(
        "Added \(reader.name)\(reader.isAdmin ? " (admin)" : "")."
          + (wasFirst
            ? " The books and journal kept until now are \(reader.name)'s; everyone now signs in.\n" : "\n"))
    case "list":
      guard operands.isEmpty else { throw CLIError.usage("list takes no NAME") }
      let readers = try await chaek.readers()
      guard !readers.isEmpty else {
        context.console.write("No readers: Chaek serves one reader, without signing in.\n")
        return
      }
      let table = Table(
        columns: [
          Table.Column(header: "NAME", maximumWidth: 40), Table.Column(header: "ADMIN", maximumWidth: 5),
          Table.Column(header: "ADDED", maximumWidth: 16), Table.Column(header: "TOKENS", maximumWidth: 6),
        ],
        rows: readers.map {
          [$0.name, $0.isAdmin ? "yes" : "", Output.timestamp($0.created), String($0.tokens)]
        })
      context.console.write(table.render())
    case "remove":
      let name = try name()
      _ = try await chaek.reader(named: name)
      guard
        try Confirmation.confirm(
          "Remove \(name) with all their books, journal, recent views and searches?",
          refusal: "remove \(name) and all their data", arguments: arguments, console: context.console)
      else { return }
      _ = try await chaek.removeReader(named: name)
      context.console.write("Removed \(name).\n")
    case "passwd":
      let name = try name()
      _ = try await chaek.reader(named: name)
      try await chaek.changePassword(of: name, to: try Users.password(for: name, console: context.console))
      context.console.write("Changed \(name)'s password; they sign in again everywhere.\n")
    case "token":
      let name = try name()
      if let revoke = arguments.text(.revoke) {
        let ended = try await chaek.revokeTokens(of: name, token: revoke == "all" ? nil : revoke)
        guard ended > 0 else { throw CLIError.failure("\(name) has no such token") }
        context.console.write("Ended \(Output.count(ended, "token")) of \(name).\n")
      } else {
        context.console.write(try await chaek.newToken(for: name) + "\n")
      }
    default:
      throw CLIError.usage("unknown action '\(action)': add, list, remove, passwd or token")
    }
  }
}

/// Reading a new password.
enum Users {
  /// The password for `name`: one line of standard input; on a terminal, asked for without echo,
  /// twice.
  static func password(for name: String, console: any Console) throws(CLIError) -> String {
    if console.isInteractive { console.writeError("Password for \(name): ") }
    guard let password = console.readSecretLine(), !password.isEmpty else {
      throw .usage("give the password as one line on standard input")
    }
    if console.isInteractive {
      console.writeError("Again: ")
      guard console.readSecretLine() == password else {
        throw .failure("the passwords differ; nothing changed")
      }
    }
    return password
  }
}

// MARK: - Options

extension Option {
  /// `--user NAME`: the reader a command acts for, once there are accounts.
  static let user = Option.text(
    "user", "NAME", help: "act for this reader (once there are readers: chaek users)")
  /// `users add --admin`.
  static let admin = Option.flag("admin", help: "the reader may manage the readers and the whole backup")
  /// `users token --revoke TOKEN|all`.
  static let revoke = Option.text("revoke", "TOKEN", help: "end this token of the reader's, or all of them")
}
