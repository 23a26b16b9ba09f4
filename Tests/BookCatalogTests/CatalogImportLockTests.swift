import BookImport
import BookModel
import Foundation
import Synchronization
import Testing

@testable import BookCatalog

/// Stores in a catalog, running `beside` before each batch: what another request does meanwhile.
private struct CatalogSink: ImportSink {
  let catalog: Catalog
  var beside: @Sendable (Int) async throws -> Void = { _ in }

  func beginImport(resuming file: String?) async throws -> ImportCheckpoint? {
    try await catalog.beginImport(resuming: file)
  }

  func store(_ batch: [ImportedBook], checkpoint: ImportCheckpoint?) async throws -> StoredBatch {
    try await beside(batch.count)
    return try await catalog.store(batch, checkpoint: checkpoint)
  }

  func finishImport() async throws -> ImportCounts { try await catalog.finishImport() }
  func abandonImport() async { await catalog.abandonImport() }
}

/// Imports share the catalog connection's record of what they touched: one at a time.
@Suite("Catalog: one import at a time")
struct CatalogImportLockTests {
  /// `count` Kakao documents as JSON lines, titled `NAME 0`, `NAME 1`, ….
  private static func lines(_ name: String, count: Int) -> Data {
    Data(
      (0..<count).map { #"{"title":"\#(name) \#($0)","url":"https://example.com/\#(name)/\#($0)"}"# }
        .joined(separator: "\n").utf8)
  }

  @Test func aSecondImportWhileOneRunsIsRefusedAtOnceAndTheFirstCompletes() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let outcomes = Mutex<[String]>([])
    let sink = CatalogSink(catalog: catalog) { _ in
      let outcome: String
      do {
        _ = try await catalog.importBooks(from: Self.lines("second", count: 5), format: .kakao)
        outcome = "imported"
      } catch ImportFailure.anotherImportRunning {
        outcome = "refused"
      }
      outcomes.withLock { $0.append(outcome) }
    }
    let report = try await Importer(format: .kakao, batchSize: 10).read(
      Self.lines("first", count: 30), into: sink)
    #expect(outcomes.withLock { $0 } == ["refused", "refused", "refused"], "one try per batch")
    #expect(report.read == 30 && report.added == 30 && report.unchanged == 0)
    #expect(try await catalog.count() == 30, "nothing of the second")

    let after = try await catalog.importBooks(from: Self.lines("second", count: 5), format: .kakao)
    #expect(after.added == 5, "the catalog takes the next import once the first finished")
  }

  @Test func anImportThatStopsPartwayKeepsItsBatchesAndFreesTheCatalog() async throws {
    struct DiskFull: Error {}
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let stored = Mutex(0)
    let sink = CatalogSink(catalog: catalog) { count in
      guard stored.withLock({ $0 }) < 20 else { throw DiskFull() }
      stored.withLock { $0 += count }
    }
    await #expect {
      try await Importer(format: .kakao, batchSize: 10).read(Self.lines("first", count: 30), into: sink)
    } throws: { error in
      guard case .interrupted(let storedBooks, let cause) = error as? ImportFailure else { return false }
      return storedBooks == 20 && cause is DiskFull
    }
    #expect(try await catalog.count() == 20)
    let again = try await catalog.importBooks(from: Self.lines("first", count: 30), format: .kakao)
    #expect(again.added == 10 && again.unchanged == 20, "importing the file again finishes it")
  }
}
