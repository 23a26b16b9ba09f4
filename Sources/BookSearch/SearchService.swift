import BookModel
import Foundation

/// Searches the way the app does: the chosen provider answers, every book it returns is kept in
/// the catalog, and with `--source auto` the catalog answers when the provider cannot.
public struct SearchService: Sendable {
  /// The source searches go to.
  public let source: SearchSource
  /// The offline catalog: the cache, the fallback, and the only source with `local`.
  public let catalog: Catalog
  private let remote: (any BookSearching)?
  /// Called with the books that took the place of another record when a provider's results are
  /// kept (old identity → book: a starter book replaced by the same book with an ISBN), so that
  /// the user's library can follow them (see ``Catalog/replacements(of:)``).
  public var onReplacement: (@Sendable ([BookID: Book]) async -> Void)?

  /// Chooses the provider for `source`: `auto` is Kakao when a key is set, else Open Library.
  /// `kakao` without a key is an error.
  public init(source: SearchSource, settings: ProviderSettings, catalog: Catalog) throws(BookSearchError) {
    self.source = source
    self.catalog = catalog
    let kakao = settings.kakaoKey.map {
      KakaoBooks(apiKey: $0, baseURL: settings.kakaoURL, timeout: settings.timeout)
    }
    let openLibrary = OpenLibrary(baseURL: settings.openLibraryURL, timeout: settings.timeout)
    switch source {
    case .auto: remote = kakao ?? openLibrary
    case .kakao:
      guard let kakao else { throw .missingKey(provider: "Kakao") }
      remote = kakao
    case .openlibrary: remote = openLibrary
    case .local: remote = nil
    }
  }

  /// The name of the provider searches go to first.
  public var providerName: String { remote?.name ?? catalog.name }

  /// Searches; see ``SearchOutcome`` for who answered.
  public func search(_ query: SearchQuery) async throws(BookSearchError) -> SearchOutcome {
    guard let remote else {
      return SearchOutcome(
        page: try await catalog.search(query), answeredBy: catalog.name, fallbackReason: nil)
    }
    do {
      let page = try await remote.search(query)
      await remember(page.documents, from: remote)
      return SearchOutcome(page: page, answeredBy: remote.name, fallbackReason: nil)
    } catch {
      guard source == .auto else { throw error }
      return SearchOutcome(
        page: try await catalog.search(query), answeredBy: catalog.name, fallbackReason: error)
    }
  }

  /// Finds one book by identity: in the catalog, else (for an ISBN) by asking the provider.
  public func book(_ id: BookID) async throws -> Book? {
    if let book = try await catalog.book(id) { return book }
    guard let remote, ISBN(id.rawValue) != nil else { return nil }
    let page = try await remote.search(SearchQuery(query: id.rawValue, target: .isbn, size: 1))
    await remember(page.documents, from: remote)
    return page.documents.first { $0.id == id }
  }

  /// Keeps what a provider returned, so it is searchable offline. The search already succeeded,
  /// so a failure to cache (a locked or full disk) must not fail it: the books are simply not kept.
  private func remember(_ books: [Book], from provider: any BookSearching) async {
    let source: Catalog.Source = provider is KakaoBooks ? .kakao : .openLibrary
    guard let report = try? await catalog.upsert(books, source: source), !report.replaced.isEmpty,
      let onReplacement, let replacements = try? await catalog.replacements(of: report.replaced.keys)
    else { return }
    await onReplacement(replacements)
  }
}

/// A search result and who produced it.
public struct SearchOutcome: Sendable {
  /// The results.
  public let page: SearchPage
  /// The provider that answered (`Kakao`, `Open Library`, `catalog`).
  public let answeredBy: String
  /// Why the catalog answered instead of the chosen provider, when it did.
  public let fallbackReason: BookSearchError?

  /// A line for people when the results came from the fallback, else `nil`.
  public var notice: String? {
    fallbackReason.map { "\($0); showing results from the offline catalog" }
  }
}
