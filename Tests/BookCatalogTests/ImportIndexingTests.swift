import BookImport
import BookModel
import Foundation
import Testing

@testable import BookCatalog

/// An import indexes its batches as it stores them until its books outnumber the catalog's at its
/// start; then the rest wait, and the index is built whole when the import ends, is abandoned, or
/// the catalog is next opened.
@Suite("A large import builds the index once, at its end")
struct ImportIndexingTests {
  /// `count` books whose titles hold `word`, numbered from 1.
  static func books(_ word: String, _ count: Int) -> [ImportedBook] {
    (1...count).map {
      ImportedBook(book: Book(title: "\(word) \($0)", authors: ["\(word) Writer"]), line: $0)
    }
  }

  /// A catalog of 100 books, as a file in `directory`.
  static func catalog(in directory: TemporaryDirectory) async throws -> Catalog {
    let catalog = try directory.catalog()
    try await catalog.upsert(books("Anchor", 100).map(\.book), source: .imported)
    return catalog
  }

  static func isCurrent(_ catalog: Catalog) async throws -> Bool {
    try await catalog.database.read { try Catalog.searchIndex.isCurrent(on: $0) }
  }

  @Test func batchesAreFoundAtOnceUntilTheImportOutgrowsTheCatalogThenWhenItEnds() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try await Self.catalog(in: directory)
    try await catalog.beginImport(resuming: nil)
    _ = try await catalog.store(Self.books("Lindqvist", 30), checkpoint: nil)
    #expect(try await titles(catalog, "lindqvist").count == 30, "30 books of a 100-book catalog")
    _ = try await catalog.store(Self.books("Borges", 80), checkpoint: nil)
    #expect(try await titles(catalog, "borges").isEmpty, "110 books: the index waits for the end")
    #expect(try await !Self.isCurrent(catalog))
    let counts = try await catalog.finishImport()
    #expect(counts == ImportCounts(added: 110, updated: 0, unchanged: 0))
    #expect(try await titles(catalog, "borges").count == 50)
    #expect(try await titles(catalog, "anchor writer", target: .person).count == 50)
    let suggested = try await catalog.suggestions(for: "borg", limit: 8).map(\.text)
    #expect(suggested.count == 8 && suggested.allSatisfy { $0.hasPrefix("Borges") }, "\(suggested)")
    #expect(try await Self.isCurrent(catalog))
  }

  @Test func anImportThatSearchesMeanwhileIndexesEveryBatch() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try await Self.catalog(in: directory)
    try await catalog.beginImport(resuming: nil, searchedMeanwhile: true)
    _ = try await catalog.store(Self.books("Borges", 150), checkpoint: nil)
    #expect(try await titles(catalog, "borges").count == 50)
    #expect(try await Self.isCurrent(catalog))
    _ = try await catalog.finishImport()
  }

  @Test func anAbandonedImportIndexesWhatItStored() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try await Self.catalog(in: directory)
    try await catalog.beginImport(resuming: nil)
    _ = try await catalog.store(Self.books("Borges", 150), checkpoint: nil)
    await catalog.abandonImport()
    #expect(try await titles(catalog, "borges").count == 50)
    #expect(try await Self.isCurrent(catalog))
    try await catalog.beginImport(resuming: nil)  // and the catalog takes another import
    _ = try await catalog.finishImport()
  }

  /// An import whose process was killed before its end (here: that never ended) leaves books
  /// the index lacks: the next process to open the catalog builds it first.
  @Test func aCatalogOpenedBeforeTheImportEndedBuildsTheIndexFirst() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let importing = try await Self.catalog(in: directory)
    try await importing.beginImport(resuming: nil)
    _ = try await importing.store(Self.books("Borges", 150), checkpoint: nil)
    let opened = try Catalog(path: directory.catalogPath, includingStarter: false)
    #expect(try await titles(opened, "borges").count == 50)
    #expect(try await Self.isCurrent(opened))
    #expect(try await opened.count() == 250)
  }

  @Test func aBatchThatChangesNothingLeavesTheIndexCurrent() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try await Self.catalog(in: directory)
    try await catalog.beginImport(resuming: nil)
    _ = try await catalog.store(Self.books("Anchor", 100) + Self.books("Anchor", 100), checkpoint: nil)
    #expect(try await Self.isCurrent(catalog), "200 books stored, none changed")
    #expect(try await catalog.finishImport() == ImportCounts(added: 0, updated: 0, unchanged: 100))
  }
}
