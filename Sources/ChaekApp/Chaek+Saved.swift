import BookModel
import Foundation

/// 담은 책: saving and removing books, and every list of them as one snapshot.
extension Chaek {
  /// Saves `book` for `reader` on `shelf` (a saved book keeps its shelf). A change made offline and
  /// replayed carries the time it was made (`changedAt`), and is refused when the book was removed
  /// after it (``BookModel/LibraryError/staleChange(_:)``). A work is saved once: `book` is
  /// refused when the reader saved another edition of it (``BookModel/LibraryError/otherEditionSaved(_:)``;
  /// ``switchEdition(to:for:)`` makes it the one they keep).
  public func save(_ book: Book, shelf: Shelf = .want, changedAt: Date? = nil, for reader: Reader)
    async throws -> SaveOutcome
  {
    if let other = try await savedEdition(of: book, for: reader) {
      throw LibraryError.otherEditionSaved(other.book.id)
    }
    return try await library(for: reader).save(book, shelf: shelf, changedAt: changedAt)
  }

  /// Removes the book with identity `id` from `reader`'s books, with its journal, undoable for a
  /// while; `nil` when it is not saved. `changedAt` as for ``save(_:shelf:changedAt:for:)``.
  public func remove(_ id: BookID, changedAt: Date? = nil, for reader: Reader) async throws -> Removal? {
    try await library(for: reader).remove(id, changedAt: changedAt)
  }

  /// Removes every book `reader` saved (before `changedAt`, for 전체 삭제 replayed), undoable.
  public func removeAll(changedAt: Date? = nil, for reader: Reader) async throws -> Removal {
    try await library(for: reader).removeAll(changedAt: changedAt)
  }

  /// Puts back what removal `id` took, journals and all; answers how many books came back.
  /// - Throws: ``BookModel/LibraryError/noSuchRecord(_:)`` once undone or past the undo window.
  public func undoRemoval(_ id: Int, for reader: Reader) async throws -> Int {
    try await library(for: reader).undoRemoval(id)
  }

  /// A page of `reader`'s books in `order` (the one they chose last when `nil`, see
  /// ``savedOrder(for:)``), on `shelf` and with `tag` when given, with the count of all that match
  /// and the filters' counts: one snapshot, so the three agree.
  public func savedPage(
    sortedBy order: SavedOrder?, shelf: Shelf? = nil, tag: String? = nil, limit: Int? = nil, offset: Int = 0,
    for reader: Reader
  ) async throws -> SavedPage {
    let library = try await library(for: reader)
    let sorted: SavedOrder
    if let order { sorted = order } else { sorted = try await library.savedOrder() }
    return try await library.savedPage(sortedBy: sorted, shelf: shelf, tag: tag, limit: limit, offset: offset)
  }

  /// The order `reader`'s books were last sorted in (``sortSaved(by:for:)``), by title until then.
  public func savedOrder(for reader: Reader) async throws -> SavedOrder {
    try await library(for: reader).savedOrder()
  }

  /// Sorts `reader`'s books by `order` from now on, on every device, until they choose another.
  public func sortSaved(by order: SavedOrder, for reader: Reader) async throws {
    try await library(for: reader).rememberSavedOrder(order)
  }

  /// What 담은 책's filters count for `reader` with `shelf` and `tag` chosen (``BookModel/SavedFacets``).
  public func savedFacets(shelf: Shelf?, tag: String?, for reader: Reader) async throws -> SavedFacets {
    try await library(for: reader).savedFacets(shelf: shelf, tag: tag)
  }

  /// The identities of every book `reader` saved (to mark search results).
  public func savedIDs(for reader: Reader) async throws -> Set<BookID> {
    try await library(for: reader).savedIDs()
  }

  /// How much `reader`'s library holds: books, notes, quotes, readings.
  public func size(for reader: Reader) async throws -> LibrarySize {
    try await library(for: reader).size()
  }

  /// The changes to `reader`'s library, as they happen, by this process or another, until the
  /// caller stops listening.
  public func events(for reader: Reader) async throws -> AsyncStream<LibraryEvent> {
    try await library(for: reader).events()
  }
}
