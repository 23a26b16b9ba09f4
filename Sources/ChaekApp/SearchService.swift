import BookCatalog
import BookModel
import BookProviders
import Foundation
import UserLibrary

/// Searches the way the app does: the chosen provider answers, every book it returns is kept in
/// the catalog, and with `--source auto` the catalog answers when the provider cannot.
///
/// A provider that fails rests behind a ``CircuitBreaker``: meanwhile searches fail over to the
/// catalog at once instead of each waiting for the provider's timeout.
public struct SearchService: Sendable {
  /// The source searches go to.
  public let source: SearchSource
  /// The offline catalog: the cache, the fallback, and the only source with `local`.
  public let catalog: Catalog
  private let remote: (any BookSearching)?
  private let breaker: CircuitBreaker?
  /// The catalog's pages of the last moment, when the catalog is the source.
  private let pages = SearchPageCache()
  /// What moves the saved and viewed books to the records a provider's results replace (a starter
  /// book by the same book with an ISBN; see ``Catalog/replacements(of:)``), if anything does.
  private let following: (@Sendable ([BookID: Book]) async -> Void)?

  /// Chooses the provider for `source`: `auto` is Kakao when a key is set, else Open Library.
  /// `kakao` without a key is an error. `following` (when given) hears the records the provider's
  /// results replace, to move the readers' books to them. `log` hears, in a line each, when the provider starts failing
  /// (with what it said, the key removed) and when it answers again.
  public init(
    source: SearchSource, settings: ProviderSettings, catalog: Catalog,
    following: (@Sendable ([BookID: Book]) async -> Void)? = nil,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(BookSearchError) {
    self.source = source
    self.catalog = catalog
    self.following = following
    providerIsChosen = source != .auto || settings.kakaoKey != nil
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
    breaker = remote.map { remote in
      CircuitBreaker(provider: remote.name, policy: settings.breaker, clock: settings.clock) { transition in
        switch transition {
        case .opened(let cause, let backoff):
          log("\(cause.logDescription); \(remote.name) is not asked again for \(backoff)")
        case .closed:
          log("\(remote.name) answers again")
        }
      }
    }
  }

  /// The name of the provider searches go to first.
  public var providerName: String { remote?.name ?? catalog.name }
  /// Whether the reader chose the provider (`--source kakao` or `openlibrary`, or a Kakao key),
  /// rather than Chaek choosing Open Library for want of a key: a fallback from a provider the
  /// reader chose is worth saying, one from Chaek's own choice is not.
  public let providerIsChosen: Bool

  /// Searches; see ``SearchOutcome`` for who answered. With the catalog as the source, the same
  /// query asked again in the same moment gets the same page, from memory (``SearchPageCache``).
  public func search(_ query: SearchQuery) async throws(BookSearchError) -> SearchOutcome {
    guard let remote, let breaker else {
      return SearchOutcome(
        answer: try await catalogPage(query), answeredBy: catalog.name, fallbackReason: nil,
        providerIsChosen: providerIsChosen)
    }
    do {
      let (page, otherISBNs) = try await ask(remote, breaker: breaker, query)
      await remember(page.documents, otherISBNs: otherISBNs, from: remote)
      return SearchOutcome(
        answer: PageAnswer(page), answeredBy: remote.name, fallbackReason: nil,
        providerIsChosen: providerIsChosen)
    } catch {
      guard source == .auto else { throw error }
      return SearchOutcome(
        answer: PageAnswer(try await catalog.search(query)), answeredBy: catalog.name,
        fallbackReason: error, providerIsChosen: providerIsChosen)
    }
  }

  /// The catalog's page for `query`: the cached one while it answers, else the one being read,
  /// else read and cached.
  private func catalogPage(_ query: SearchQuery) async throws(BookSearchError) -> PageAnswer {
    switch pages.lookUp(query, writes: catalog.writeCount) {
    case .found(let answer):
      return answer
    case .reading(let flight):
      if let landing = await flight.answer() { return try landing.get() }
      // The request that read was cancelled (so one of those that waited reads again for all),
      // or this one was (so its read fails as a cancelled read does).
      return Task.isCancelled ? PageAnswer(try await catalog.search(query)) : try await catalogPage(query)
    case .missing(let flight):
      do {
        let answer = PageAnswer(try await catalog.search(query))
        pages.land(flight, with: .success(answer), for: query, writes: catalog.writeCount)
        return answer
      } catch {
        // A cancelled request's failure is its own, not the page's.
        pages.land(
          flight, with: Task.isCancelled ? nil : .failure(error), for: query, writes: catalog.writeCount)
        throw error
      }
    }
  }

  /// Finds one book by identity: in the catalog, else (for an ISBN) by asking the provider, whose
  /// result may have the ISBN as another of its ISBNs (an Open Library work's other edition). With
  /// `auto`, a provider that cannot answer means the book is not found.
  public func book(_ id: BookID) async throws -> Book? {
    try await lookUp(id).book
  }

  /// As ``book(_:)``, saying also whether a provider was asked for a book the catalog lacks and
  /// how it went, so that a reader can be told what to try next.
  public func lookUp(_ id: BookID) async throws -> (book: Book?, provider: ProviderAnswer) {
    if let book = try await catalog.book(id) { return (book, .notAsked) }
    guard let remote, let breaker, ISBN(id.rawValue) != nil else { return (nil, .notAsked) }
    let query = try SearchQuery(query: id.rawValue, target: .isbn, size: 1)
    let page: SearchPage
    let otherISBNs: [[ISBN]]?
    do {
      (page, otherISBNs) = try await ask(remote, breaker: breaker, query)
    } catch {
      if source == .auto { return (nil, .unreachable) }
      throw error
    }
    await remember(page.documents, otherISBNs: otherISBNs, from: remote)
    let found = page.documents.indices.first { position in
      page.documents[position].id == id
        || (otherISBNs?[position] ?? []).contains { $0.isbn13 == id.rawValue }
    }.map { page.documents[$0] }
    return (found, .answered)
  }

  /// Asks the provider through its breaker; Open Library's answer comes with the other ISBNs of
  /// each book, parallel to the page's documents.
  private func ask(
    _ remote: any BookSearching, breaker: CircuitBreaker, _ query: SearchQuery
  ) async throws(BookSearchError) -> (page: SearchPage, otherISBNs: [[ISBN]]?) {
    try await breaker.run { () async throws(BookSearchError) in
      if let openLibrary = remote as? OpenLibrary {
        let results = try await openLibrary.results(for: query)
        return (results.page, results.otherISBNs)
      }
      return (try await remote.search(query), nil)
    }
  }

  /// Keeps what a provider returned, so it is searchable offline, with the other ISBNs of each book
  /// when the provider gave them. The search already succeeded, so a failure to cache (a locked or
  /// full disk) must not fail it: the books are simply not kept.
  private func remember(_ books: [Book], otherISBNs: [[ISBN]]?, from provider: any BookSearching) async {
    let source: Catalog.Source = provider is KakaoBooks ? .kakao : .openLibrary
    guard
      let report = try? await catalog.upsert(books, source: source, otherISBNs: otherISBNs),
      !report.replaced.isEmpty, let following,
      let replacements = try? await catalog.replacements(of: report.replaced.keys)
    else { return }
    await following(replacements)
  }
}

/// Whether a provider was asked for a book, and how it went (``SearchService/lookUp(_:)``).
public enum ProviderAnswer: String, Sendable, Equatable {
  /// The provider answered (with the book or without it).
  case answered
  /// The provider could not be reached, or rests after failing: the book may still exist.
  case unreachable
  /// No provider was asked: the book was found before it, there is none (`local`), or the
  /// identity is no ISBN.
  case notAsked = "not_asked"
}
