import BookCatalog
import BookModel
import BookProviders
import Foundation
import UserLibrary

/// Chaek's use cases, each written once for every adapter: the web app and the command line parse
/// what a reader asked, call one of these, and render its answer.
///
/// Built once, from a data home (or from stores already open, in tests and benchmarks) and the
/// source searches go to. The library, the catalog and the search service open on first use, so a
/// command that needs only the library never builds the catalog. The reader's books follow the
/// catalog records a provider's results replace: the search service is built following the
/// library, with no callback set afterwards.
///
/// Every use case that reads or changes a reader's data takes the ``Reader`` it acts for. Those of
/// the catalog alone (searching it, counting it) take none: the catalog holds no reader's data.
public final class Chaek: Sendable {
  private let openLibrary: OpenedOnce<Library>
  private let openCatalog: OpenedOnce<Catalog>
  private let openSearch: OpenedOnce<SearchService>
  /// Reads scanned barcodes, a few images at a time for the whole app.
  let barcodes = BarcodeReader()

  /// Chaek over the data directory `environment` names, searching `source` with the provider
  /// settings it gives; `log` hears when the provider starts failing and when it answers again. The
  /// settings are read when a search first needs them, so a command that only lists saved books
  /// works whatever they say.
  /// - Throws: ``AppError`` when the data directory cannot be created.
  public convenience init(
    environment: AppEnvironment, source: SearchSource = .auto,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(AppError) {
    let home = try environment.home()
    self.init(
      library: OpenedOnce(home.library), catalog: OpenedOnce(home.catalog), source: source,
      settings: { try environment.providerSettings() }, log: log)
  }

  /// Chaek over a library and a catalog already open (a test's in-memory catalog, a benchmark's).
  public convenience init(
    library: Library, catalog: Catalog, source: SearchSource = .local, settings: ProviderSettings,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.init(
      library: OpenedOnce(library), catalog: OpenedOnce(catalog), source: source, settings: { settings },
      log: log)
  }

  private init(
    library: OpenedOnce<Library>, catalog: OpenedOnce<Catalog>, source: SearchSource,
    settings: @escaping @Sendable () throws -> ProviderSettings, log: @escaping @Sendable (String) -> Void
  ) {
    openLibrary = library
    openCatalog = catalog
    openSearch = OpenedOnce {
      try SearchService(
        source: source, settings: settings(), catalog: catalog.get(), following: library.get(), log: log)
    }
  }

  /// The library of `reader`. Without accounts there is one reader, and the library is the data
  /// home's; accounts scope it here.
  func library(for reader: Reader) throws -> Library { try openLibrary.get() }

  /// The offline catalog, shared by every reader.
  var catalog: Catalog { get throws { try openCatalog.get() } }

  /// The search service: the chosen provider, the catalog as cache and fallback.
  var search: SearchService { get throws { try openSearch.get() } }

  /// Where books are looked up for `reader`: their library, then the catalog, then the provider.
  func lookup(for reader: Reader) throws -> BookLookup {
    let search = openSearch
    return BookLookup(library: try library(for: reader)) { try search.get() }
  }

  /// Opens every store and the provider's settings now (a server does before it listens, so a
  /// setting it cannot use stops it at once), and moves the saved and recently viewed books whose
  /// catalog record was replaced while Chaek was stopped (by an import) to the record that took
  /// their place. Returns the number of books moved.
  /// - Throws: a database error; ``AppError`` for a provider setting it cannot use;
  ///   ``BookModel/BookSearchError/missingKey(provider:)`` for a source that needs a key none was given.
  public func open() async throws -> Int {
    _ = try search
    return try await DataHome.followReplacedBooks(catalog: catalog, library: openLibrary.get())
  }
}
