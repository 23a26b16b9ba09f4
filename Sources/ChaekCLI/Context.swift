import BookModel
import BookProviders
import BookSearch
import Foundation
import UserLibrary

/// What a command runs with: the console, the environment, and the data directory's databases.
struct Context: Sendable {
  let console: any Console
  let environment: [String: String]

  /// `CHAEK_HOME`, else `$XDG_DATA_HOME/chaek`, else `~/.local/share/chaek`; created if missing.
  func dataDirectory() throws(CLIError) -> URL {
    let url: URL
    if let home = environment["CHAEK_HOME"], !home.isEmpty {
      url = URL(fileURLWithPath: home)
    } else if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
      url = URL(fileURLWithPath: data).appendingPathComponent("chaek")
    } else {
      let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
      url = URL(fileURLWithPath: home).appendingPathComponent(".local/share/chaek")
    }
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      throw .failure("cannot create the data directory \(url.path): \(error.localizedDescription)")
    }
    return url
  }

  /// The offline catalog (`catalog.sqlite`), with the starter catalog on first use.
  func catalog() throws -> Catalog {
    try Catalog(path: dataDirectory().appendingPathComponent("catalog.sqlite").path)
  }

  /// The user's library (`library.sqlite`).
  func library() throws -> Library {
    try Library(path: dataDirectory().appendingPathComponent("library.sqlite").path)
  }

  /// Moves the saved and recently viewed books whose catalog record was replaced (a starter book by
  /// the same book with an ISBN, an ISBN changed) to the record that took its place; whichever
  /// process replaced it. Returns the number of entries moved.
  func followReplacedBooks(catalog: Catalog) async throws -> Int {
    try await Context.follow(catalog: catalog, library: library())
  }

  /// ``followReplacedBooks(catalog:)`` for a library already open.
  static func follow(catalog: Catalog, library: Library) async throws -> Int {
    let replacements = try await catalog.replacements(of: library.bookIDs())
    return try await library.follow(replacements)
  }

  /// The search service for `--source` (default `auto`); `log` hears when the provider starts
  /// failing and when it answers again.
  func searchService(
    _ arguments: Arguments, log: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> SearchService {
    let source = arguments.choice(.source, as: SearchSource.self) ?? .auto
    let settings: ProviderSettings
    do {
      settings = try ProviderSettings(environment: environment)
    } catch {
      throw CLIError.failure(error.message)
    }
    return try SearchService(source: source, settings: settings, catalog: catalog(), log: log)
  }

  /// Finds the book a person named by id or ISBN: the catalog, their library, then the provider.
  func findBook(_ text: String, arguments: Arguments, library: Library) async throws -> Book {
    guard let id = BookID(parsing: text) else {
      throw CLIError.usage("'\(text)' is not a book id or ISBN (see the last column of `chaek search`)")
    }
    if let saved = try await library.savedBook(id) { return saved.book }
    if let recent = try await library.recentBook(id) { return recent }
    if let found = try await searchService(arguments).book(id) { return found }
    throw CLIError.failure("no book \(id) in the catalog or your library; find it with `chaek search` first")
  }
}
