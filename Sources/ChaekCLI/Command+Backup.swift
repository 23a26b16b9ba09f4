import BookModel
import ChaekApp
import Foundation

/// `backup`: a consistent copy of a reader's library, or of the whole instance.
extension Command {
  static let backup = Command(
    name: "backup",
    summary: "copy your library (library.sqlite) to a file",
    operands: "FILE",
    details: """
      Writes a consistent copy of your library (saved books, journals, goals, recently viewed) to
      FILE with SQLite's online backup: the library as of one moment, safe to take while `chaek
      serve` or another command is using it. FILE must not exist yet. The copy is then opened to
      count its saved books. To restore it, put the copy in place of the library file while nothing
      runs: library.sqlite, or once there are readers, the file of the reader --user names
      (readers/ID.sqlite; a JSON `chaek export` and `chaek import` move a reader's data without
      knowing it). With --all, FILE is a new directory that gets the whole instance,
      readable by you only: every reader's library and the accounts with their password hashes,
      laid out as the data directory is.
      """,
    options: [.all, .backupJSON],
    examples: ["chaek backup ~/chaek-2026-03-14.sqlite", "chaek backup --all ~/chaek-2026-03-14"]
  ) { arguments, context in
    let path = try arguments.single("FILE")
    guard !FileManager.default.fileExists(atPath: path) else {
      throw CLIError.failure("\(path) exists; a backup never overwrites a file: choose another name")
    }
    if arguments.flag(.all) {
      guard context.user == nil else { throw CLIError.usage("--all copies every reader: leave out --user") }
      let copy = try await context.chaek(arguments).copyInstance(to: path)
      context.console.write(
        arguments.flag(.backupJSON)
          ? try Output.json(copy)
          : "Copied the libraries of \(Output.count(copy.readers, "reader")) "
            + "(\(Output.count(copy.savedBooks, "saved book"))) and the accounts to \(path), readable by you only.\n"
      )
      return
    }
    let books: Int
    do {
      books = try await context.chaek(arguments).copyLibrary(to: path, for: context.reader)
    } catch {
      throw CLIError.failure("cannot write \(path): \(error)")
    }
    let copy = try BackupCopy(path: path, books: books)
    context.console.write(
      arguments.flag(.backupJSON)
        ? try Output.json(copy)
        : "Copied your library to \(path): \(BackupCopy.size(copy.bytes)), "
          + "\(Output.count(copy.savedBooks, "saved book")).\n")
  }
}

/// What `chaek backup` wrote, as `--json` prints it.
struct BackupCopy: Encodable {
  /// Where.
  let path: String
  /// Its size.
  let bytes: Int
  /// The saved books in it.
  let savedBooks: Int

  init(path: String, books: Int) throws {
    self.path = path
    bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
    savedBooks = books
  }

  private enum CodingKeys: String, CodingKey {
    case path, bytes
    case savedBooks = "saved_books"
  }

  /// `48 KB`, `1.2 MB`.
  static func size(_ bytes: Int) -> String {
    switch bytes {
    case ..<1024: "\(bytes) bytes"
    case ..<(1024 * 1024): "\(bytes / 1024) KB"
    default: String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
  }
}

// MARK: - Options

extension Option {
  /// `backup --json`.
  static let backupJSON = Option.json(
    "{\"path\",\"bytes\",\"saved_books\"} (with --all, {\"path\",\"readers\",\"saved_books\"})")
  /// `backup --all`.
  static let all = Option.flag(
    "all", help: "copy the whole instance (every reader and the accounts) into the new directory FILE")
}
