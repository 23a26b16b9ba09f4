import BookCatalog
import BookModel
import BookProviders
import ChaekApp
import Foundation
import UserLibrary

/// What a command runs with: the console and the environment, through which it opens the data
/// directory's databases.
struct Context: Sendable {
  let console: any Console
  let environment: AppEnvironment

  /// The offline catalog (`catalog.sqlite`), with the starter catalog on first use.
  func catalog() throws -> Catalog { try environment.home().catalog() }

  /// The user's library (`library.sqlite`).
  func library() throws -> Library { try environment.home().library() }

  /// The search service for `--source` (default `auto`), whose provider's results the books of
  /// `library` (when given) follow; `log` hears when the provider starts failing and when it answers
  /// again.
  func searchService(
    _ arguments: Arguments, following library: Library? = nil,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> SearchService {
    try environment.home().searchService(
      arguments.choice(.source, as: SearchSource.self) ?? .auto, settings: environment.providerSettings(),
      following: library, log: log)
  }

  /// Finds the book a person named by id or ISBN (see ``ChaekApp/BookLookup`` for the order).
  func findBook(_ text: String, arguments: Arguments, library: Library) async throws -> Book {
    let id = try Context.bookID(text)
    let lookup = BookLookup(library: library) { try searchService(arguments) }
    if let book = try await lookup.book(id) { return book }
    throw Context.noBook(id)
  }

  /// The failure of a command naming a book no one has.
  static func noBook(_ id: BookID) -> CLIError {
    .failure("no book \(id) in the catalog or your library; find it with `chaek search` first")
  }
}
