import BookCatalog
import BookModel
import Foundation
import UserLibrary

/// Every reader's library, each opened on first use and kept while it is used: the ``keptCount``
/// used last stay open (a school's hundreds of readers would otherwise hold five SQLite
/// connections each), and one left out is opened again when its reader comes back. A library is
/// known by its file, relative to the data directory (``Reader``'s `library`), or on PostgreSQL by
/// the schema named after it.
///
/// The books of every open library follow the catalog records a provider's results or an import
/// replace (``follow(_:)``); a library opened later follows what was replaced before, as it opens
/// (``library(_:catalog:)``).
actor ReaderLibraries {
  private struct Opened {
    let library: Library
    /// The file's identity when it was opened.
    let identity: FileIdentity?
    /// When it was last asked for, in ``uses``.
    var lastUse: Int
  }

  /// How many libraries stay open. One left out closes once the requests and event streams that
  /// hold it are done.
  static let keptCount = 32

  private let open: @Sendable (String) async throws -> Library
  private let remove: @Sendable (String) async throws -> Void
  private let identify: @Sendable (String) -> FileIdentity?
  private var opened: [String: Opened] = [:]
  /// How many times a library was asked for.
  private var uses = 0
  /// The libraries deleted with their reader: a request of that reader still under way must not
  /// make them again (until an account is given the same library, ``reuse(_:)``).
  private var deleted: Set<String> = []
  /// Libraries being opened, which a second caller waits for rather than opening them twice.
  private var opening: [String: Task<Library, any Error>] = [:]

  /// Libraries that `open` opens from their file's name, and `remove` deletes; `identify` tells a
  /// file's identity (`nil` for libraries in memory or in PostgreSQL), so that a library removed
  /// by another process (`chaek users remove` while `chaek serve` runs) and made again under its
  /// name is opened again, not read through the old file's handle.
  init(
    open: @escaping @Sendable (String) async throws -> Library,
    remove: @escaping @Sendable (String) async throws -> Void,
    identify: @escaping @Sendable (String) -> FileIdentity? = { _ in nil }
  ) {
    self.open = open
    self.remove = remove
    self.identify = identify
  }

  /// The library in `file`, opened now if it was not (or if its file was replaced since). A library
  /// opened now follows the records `catalog` (when it is open) replaced while it was closed.
  /// - Throws: ``SignInError/signedOut`` for a library deleted with its reader.
  func library(_ file: String, catalog: Catalog?) async throws -> Library {
    guard !deleted.contains(file) else { throw SignInError.signedOut }
    let identity = identify(file)
    uses += 1
    if let kept = opened[file], kept.identity == identity {
      opened[file]?.lastUse = uses
      return kept.library
    }
    if let pending = opening[file] { return try await pending.value }
    let open = open
    let pending = Task { try await open(file) }
    opening[file] = pending
    defer { opening[file] = nil }
    let library = try await pending.value
    guard !deleted.contains(file) else { throw SignInError.signedOut }
    opened[file] = Opened(library: library, identity: identify(file), lastUse: uses)
    if opened.count > Self.keptCount, let oldest = opened.min(by: { $0.value.lastUse < $1.value.lastUse }) {
      opened[oldest.key] = nil
    }
    if let catalog { _ = try await DataHome.followReplacedBooks(catalog: catalog, library: library) }
    return library
  }

  /// Closes and deletes the library in `file`: its reader was removed.
  func delete(_ file: String) async throws {
    deleted.insert(file)
    opened[file] = nil
    // An opening under way finishes first, so that it cannot make the library again after this.
    _ = try? await opening[file]?.value
    try await remove(file)
  }

  /// Lets the library in `file` be made again: an account was given it (the first account's, when
  /// every reader was removed before).
  func reuse(_ file: String) {
    deleted.remove(file)
  }

  /// The libraries open now.
  var all: [Library] { opened.values.map(\.library) }

  /// Moves the saved and viewed books of every open library to the records that replaced theirs in
  /// `catalog` (after an import, which does not say which it replaced).
  func followReplacedBooks(in catalog: Catalog) async {
    for library in all { _ = try? await DataHome.followReplacedBooks(catalog: catalog, library: library) }
  }

  /// Moves the saved and viewed books of every open library to `replacements`.
  func follow(_ replacements: [BookID: Book]) async {
    for library in all { _ = try? await library.follow(replacements) }
  }
}
