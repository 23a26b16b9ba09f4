import BookModel
import UserLibrary

/// Finds a book by its identity for every screen and command that opens one, always in one order:
///
/// 1. the user's saved books, then their recently viewed ones: the book as the user kept it;
/// 2. the offline catalog;
/// 3. for an ISBN, the provider, whose result is kept in the catalog (see ``SearchService/book(_:)``).
///
/// Local copies come first, so a book the user has seen opens without a network and as they saw it.
public struct BookLookup: Sendable {
  let library: Library
  private let search: @Sendable () throws -> SearchService

  /// A lookup in `library`, then through the service `search` makes (its catalog, then its
  /// provider), made only when the library does not have the book.
  public init(library: Library, search: @escaping @Sendable () throws -> SearchService) {
    self.library = library
    self.search = search
  }

  /// The book with identity `id`, or `nil` when neither the library, the catalog nor the provider
  /// has it.
  /// - Throws: a database error; a ``BookModel/BookSearchError`` when the chosen provider (not `auto`)
  ///   fails.
  public func book(_ id: BookID) async throws -> Book? {
    try await lookUp(id).book
  }

  /// As ``book(_:)``, saying also whether a provider was asked and how it went
  /// (``SearchService/lookUp(_:)``).
  public func lookUp(_ id: BookID) async throws -> (book: Book?, provider: ProviderAnswer) {
    if let saved = try await library.savedBook(id) { return (saved.book, .notAsked) }
    if let recent = try await library.recent.book(id) { return (recent, .notAsked) }
    return try await search().lookUp(id)
  }
}
