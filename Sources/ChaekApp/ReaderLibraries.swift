import BookCatalog
import BookModel
import Synchronization
import UserLibrary

/// Every reader's library, each opened on first use and kept while Chaek runs. A library is known
/// by its file, relative to the data directory (``Reader``'s `library`).
///
/// The books of every open library follow the catalog records a provider's results or an import
/// replace (``follow(_:)``); a library opened later follows what was replaced before, as it opens
/// (``library(_:catalog:)``).
final class ReaderLibraries: Sendable {
  private let open: @Sendable (String) throws -> Library
  private let remove: @Sendable (String) throws -> Void
  private let opened = Mutex<[String: Library]>([:])

  /// Libraries that `open` opens from their file's name, and `remove` deletes.
  init(
    open: @escaping @Sendable (String) throws -> Library, remove: @escaping @Sendable (String) throws -> Void
  ) {
    self.open = open
    self.remove = remove
  }

  /// The library in `file`, opened now if it was not. A library opened now follows the records
  /// `catalog` (when it is open) replaced while it was closed.
  func library(_ file: String, catalog: Catalog?) async throws -> Library {
    var isNew = false
    let library = try opened.withLock { opened in
      if let library = opened[file] { return library }
      let library = try open(file)
      opened[file] = library
      isNew = true
      return library
    }
    if isNew, let catalog { _ = try await DataHome.followReplacedBooks(catalog: catalog, library: library) }
    return library
  }

  /// Closes and deletes the library in `file`: its reader was removed.
  func delete(_ file: String) throws {
    _ = opened.withLock { $0.removeValue(forKey: file) }
    try remove(file)
  }

  /// The libraries open now.
  var all: [Library] { opened.withLock { Array($0.values) } }

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
