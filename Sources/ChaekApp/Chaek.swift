import Accounts
import BookCatalog
import BookModel
import BookProviders
import Foundation
import Passwords
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
  let libraries: ReaderLibraries
  private let openCatalog: OpenedOnce<Catalog>
  private let openSearch: OpenedOnce<SearchService>
  private let openAccounts: OpenedOnce<Accounts>
  /// Hashes and checks passwords, a few at a time for the whole app.
  let passwords: PasswordHasher
  /// Slows down whoever guesses passwords.
  let throttle: SignInThrottle
  /// Whether accounts exist, remembered between requests.
  let presence: AccountsPresence
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
      libraries: ReaderLibraries(
        open: home.library, remove: home.deleteLibrary,
        identify: { FileIdentity(path: home.directory.appendingPathComponent($0).path) }),
      catalog: OpenedOnce(home.catalog), source: source,
      settings: { try environment.providerSettings() }, accounts: OpenedOnce(home.accounts),
      passwords: PasswordHasher(), log: log)
  }

  /// Chaek over a library and a catalog already open (a test's in-memory catalog, a benchmark's):
  /// `library` is the owner's, and the first account's; the other readers' libraries are in memory.
  /// `accounts` (in memory unless given) keeps the readers, whose passwords are hashed at
  /// `strength` (a test's is the weakest, to be quick); `now` tells the sign-in throttle the time.
  public convenience init(
    library: Library, catalog: Catalog, source: SearchSource = .local, settings: ProviderSettings,
    accounts: Accounts? = nil, strength: PasswordHasher.Strength = .interactive,
    now: @escaping @Sendable () -> Date = Date.init, log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.init(
      libraries: ReaderLibraries(
        open: { $0 == Accounts.firstLibrary ? library : try Library(path: ":memory:") }, remove: { _ in }),
      catalog: OpenedOnce(catalog), source: source, settings: { settings },
      accounts: accounts.map { OpenedOnce($0) } ?? OpenedOnce { try Accounts(path: ":memory:", now: now) },
      passwords: PasswordHasher(strength: strength), now: now, log: log)
  }

  init(
    libraries: ReaderLibraries, catalog: OpenedOnce<Catalog>, source: SearchSource,
    settings: @escaping @Sendable () throws -> ProviderSettings, accounts: OpenedOnce<Accounts>,
    passwords: PasswordHasher, now: @escaping @Sendable () -> Date = Date.init,
    log: @escaping @Sendable (String) -> Void
  ) {
    presence = AccountsPresence()
    self.libraries = libraries
    openCatalog = catalog
    openAccounts = accounts
    self.passwords = passwords
    throttle = SignInThrottle(now: now)
    openSearch = OpenedOnce {
      try SearchService(
        source: source, settings: settings(), catalog: catalog.get(),
        following: { await libraries.follow($0) }, log: log)
    }
  }

  /// The library of `reader`, opened on first use (following the catalog records replaced while it
  /// was closed, when the catalog is open).
  /// - Throws: ``SignInError/signedOut`` for ``Reader/nobody``.
  func library(for reader: Reader) async throws -> Library {
    guard let file = reader.library else { throw SignInError.signedOut }
    return try await libraries.library(file, catalog: openCatalog.ifOpened)
  }

  /// The offline catalog, shared by every reader.
  var catalog: Catalog { get throws { try openCatalog.get() } }

  /// The search service: the chosen provider, the catalog as cache and fallback.
  var search: SearchService { get throws { try openSearch.get() } }

  /// The readers' accounts.
  var accounts: Accounts { get throws { try openAccounts.get() } }

  /// Where books are looked up for `reader`: their library, then the catalog, then the provider.
  func lookup(for reader: Reader) async throws -> BookLookup {
    let search = openSearch
    return BookLookup(library: try await library(for: reader)) { try search.get() }
  }

  /// Opens every store and the provider's settings now (a server does before it listens, so a
  /// setting it cannot use stops it at once), and moves the saved and recently viewed books of
  /// every reader whose catalog record was replaced while Chaek was stopped (by an import) to the
  /// record that took their place. Returns the number of books moved.
  /// - Throws: a database error; ``AppError`` for a provider setting it cannot use;
  ///   ``BookModel/BookSearchError/missingKey(provider:)`` for a source that needs a key none was given.
  public func open() async throws -> Int {
    let catalog = try catalog
    _ = try search
    var files = Set(try await accounts.all().map(\.library))
    files.insert(Accounts.firstLibrary)
    var moved = 0
    for file in files.sorted() {
      let library = try await libraries.library(file, catalog: nil)
      moved += try await DataHome.followReplacedBooks(catalog: catalog, library: library)
    }
    return moved
  }
}
