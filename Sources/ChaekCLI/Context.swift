import BookModel
import BookProviders
import ChaekApp
import Foundation

/// What a command runs with: the console and the environment, from which it builds Chaek's use
/// cases over the data directory.
struct Context: Sendable {
  let console: any Console
  let environment: AppEnvironment

  /// The reader commands act for: without accounts, the owner.
  var reader: Reader { .owner }

  /// Chaek over the data directory, searching `--source` (`auto` when the command has no such
  /// option or it is not given); `log` hears when the provider starts failing and when it answers
  /// again. Its databases open when a use case needs them.
  func chaek(_ arguments: Arguments, log: @escaping @Sendable (String) -> Void = { _ in }) throws -> Chaek {
    let source = arguments.declares(.source) ? arguments.choice(.source, as: SearchSource.self) : nil
    return try Chaek(environment: environment, source: source ?? .auto, log: log)
  }

  /// Finds the book a person named by id or ISBN (see ``ChaekApp/BookLookup`` for the order).
  /// - Throws: a usage error for text that is no id; ``BookModel/LibraryError/unknownBook(_:)``.
  func findBook(_ text: String, in chaek: Chaek) async throws -> Book {
    let id = try Context.bookID(text)
    guard let book = try await chaek.book(id, for: reader) else { throw LibraryError.unknownBook(id) }
    return book
  }
}
