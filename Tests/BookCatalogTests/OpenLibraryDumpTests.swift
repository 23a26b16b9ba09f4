import BookModel
import Foundation
import Testing

@testable import BookCatalog
@testable import BookImport

/// Stores in a catalog until batch `failing`, which fails as a crash would stop it.
private struct FailingSink: ImportSink {
  struct Crash: Error {}
  let catalog: Catalog
  let failing: Int
  let stored = Counter()

  final class Counter: @unchecked Sendable {
    var batches = 0
  }

  func beginImport(resuming file: String?) async throws -> ImportCheckpoint? {
    try await catalog.beginImport(resuming: file)
  }

  func store(_ batch: [ImportedBook], checkpoint: ImportCheckpoint?) async throws -> StoredBatch {
    stored.batches += 1
    guard stored.batches < failing else { throw Crash() }
    return try await catalog.store(batch, checkpoint: checkpoint)
  }

  func finishImport() async throws -> ImportCounts { try await catalog.finishImport() }

  func abandonImport() async { await catalog.abandonImport() }
}

@Suite("Open Library dumps: gzip, checkpoints and work keys")
struct OpenLibraryDumpTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../Fixtures/openlibrary-dump-sample").standardized
  static let text = folder.appendingPathComponent("ol_dump_sample.txt")
  static let gzip = folder.appendingPathComponent("ol_dump_sample.txt.gz")
  /// The sample's editions and works: twelve lines, of which an author, a redirect and a delete.
  static let bookCount = 9

  /// Each book's identity and work, by identity.
  func works(in catalog: Catalog) async throws -> [String: String] {
    try await catalog.database.read { connection in
      Dictionary(
        uniqueKeysWithValues: try connection.query("SELECT id, coalesce(work, '') FROM books") {
          ($0.text(0), $0.text(1))
        })
    }
  }

  @Test func aGzippedDumpIsReadAsItsText() async throws {
    let plain = try Catalog(path: ":memory:", includingStarter: false)
    let zipped = try Catalog(path: ":memory:", includingStarter: false)
    let fromText = try await plain.importBooks(contentsOf: Self.text, format: .openlibrary)
    var fractions: [Double] = []
    let fromGzip = try await zipped.importBooks(contentsOf: Self.gzip, format: .openlibrary, batchSize: 2) {
      fractions.append($0.fraction)
    }
    #expect(fromText.read == Self.bookCount && fromGzip.read == Self.bookCount)
    #expect(fromGzip.skippedReasons.map(\.count) == [3], "an author, a redirect and a delete")
    #expect(try await works(in: plain) == works(in: zipped))
    #expect(fractions.count == 5 && fractions.last == 1, "progress in the compressed file")
    let start = try Importer.start(ofFileAt: Self.gzip, wholeLimit: 1 << 20)
    #expect(start == (try Data(contentsOf: Self.text)) && ImportFormat.detect(start) == .openlibrary)
  }

  @Test func editionsKeepTheirWorkAndWorksTheirOwnKey() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    _ = try await catalog.importBooks(contentsOf: Self.gzip, format: .openlibrary)
    let works = try await works(in: catalog)
    #expect(works["9780140328721"] == "/works/OL45804W")
    #expect(works["9788936433598"] == "/works/OL16813053W")
    let fox = Book(title: "Fantastic Mr Fox", url: "https://openlibrary.org/works/OL45804W")
    #expect(works[fox.id.rawValue] == "/works/OL45804W")
    #expect(Set(works.values).count == 3, "two works and an edition of a third")
    // A book given no work (a search of Kakao's) keeps the one stored.
    let id = try #require(BookID(parsing: "9788936433598"))
    let vegetarian = try #require(try await catalog.book(id))
    try await catalog.upsert([vegetarian], source: .kakao, popularity: [5])
    #expect(try await self.works(in: catalog)["9788936433598"] == "/works/OL16813053W")
  }

  @Test func anEditionKeepsItsSeriesAndPages() async throws {
    let record =
      #"{"key":"/books/OL1M","title":"Harry Potter and the Chamber of Secrets","#
      + #""isbn_13":["9780747538493"],"series":["Harry Potter ; 2"],"number_of_pages":251}"#
    let line = "/type/edition\t/books/OL1M\t3\t2020-01-01T00:00:00.000000\t\(record)\n"
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    _ = try await catalog.importBooks(from: Data(line.utf8), format: .openlibrary)
    let book = try #require(try await catalog.book(BookID(parsing: "9780747538493")!))
    #expect(book.series == SeriesVolume(series: "Harry Potter", volume: "2") && book.pages == 251)
  }

  @Test func anInterruptedImportGoesOnFromItsLastBatchAndDuplicatesNothing() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let importer = Importer(format: .openlibrary, batchSize: 2)
    let error = await #expect(throws: ImportFailure.self) {
      try await importer.read(contentsOf: Self.gzip, into: FailingSink(catalog: catalog, failing: 3))
    }
    guard case .interrupted(let storedBooks, _)? = error else {
      Issue.record("not interrupted: \(String(describing: error))")
      return
    }
    #expect(storedBooks == 4)
    #expect(try await catalog.count() == 4)

    let resumed = try await catalog.importBooks(contentsOf: Self.gzip, format: .openlibrary, batchSize: 2)
    #expect(resumed.resumedBooks == 4 && resumed.read == Self.bookCount - 4)
    #expect(resumed.added == Self.bookCount - 4 && resumed.unchanged == 0)
    #expect(try await catalog.count() == Self.bookCount)

    // Finished, the file has no checkpoint: imported again, it is read whole and changes nothing.
    let again = try await catalog.importBooks(contentsOf: Self.gzip, format: .openlibrary, batchSize: 2)
    #expect(again.resumedBooks == 0 && again.read == Self.bookCount && again.unchanged == Self.bookCount)
    #expect(try await catalog.count() == Self.bookCount)
  }

  @Test func theCheckpointIsTheFilesWhereverItIs() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try directory.catalog()
    let importer = Importer(format: .openlibrary, batchSize: 3)
    _ = try? await importer.read(contentsOf: Self.text, into: FailingSink(catalog: catalog, failing: 2))
    let moved = directory.url.appendingPathComponent("renamed.txt")
    try FileManager.default.copyItem(at: Self.text, to: moved)
    let resumed = try await catalog.importBooks(contentsOf: moved, format: .openlibrary, batchSize: 3)
    #expect(resumed.resumedBooks == 3 && resumed.read == Self.bookCount - 3)
    // Another file starts from its beginning.
    let other = directory.url.appendingPathComponent("other.txt")
    try (try Data(contentsOf: Self.text) + Data("\n".utf8)).write(to: other)
    _ = try? await importer.read(contentsOf: Self.text, into: FailingSink(catalog: catalog, failing: 2))
    #expect(try await catalog.importBooks(contentsOf: other, format: .openlibrary).resumedBooks == 0)
  }

  @Test func aGzipFileCutShortStopsTheImportAfterWhatItHolds() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let bytes = try Data(contentsOf: Self.gzip)
    let cut = directory.url.appendingPathComponent("cut.txt.gz")
    try bytes.prefix(bytes.count - 12).write(to: cut)
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let error = await #expect(throws: ImportFailure.self) {
      try await catalog.importBooks(contentsOf: cut, format: .openlibrary)
    }
    guard case .interrupted(_, let cause)? = error else {
      Issue.record("not interrupted: \(String(describing: error))")
      return
    }
    #expect((cause as? ImportError)?.message.contains("cut short") == true, "\(cause)")
    #expect(try await catalog.count() == Self.bookCount - 1, "the lines before the cut are kept")

    let garbage = directory.url.appendingPathComponent("garbage.txt.gz")
    try Data([0x1F, 0x8B] + Array(repeating: 0x41, count: 100)).write(to: garbage)
    let refused = await #expect(throws: ImportError.self) {
      try await catalog.importBooks(contentsOf: garbage, format: .openlibrary)
    }
    #expect(refused?.message.contains("not valid gzip data") == true, "\(String(describing: refused))")
  }

  @Test func gzipMembersOneAfterAnotherAreReadInTurn() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let bytes = try Data(contentsOf: Self.gzip)
    let twice = directory.url.appendingPathComponent("twice.txt.gz")
    try (bytes + bytes).write(to: twice)
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let report = try await catalog.importBooks(contentsOf: twice, format: .openlibrary)
    #expect(report.read == 2 * Self.bookCount && report.added == Self.bookCount)
    #expect(try await catalog.count() == Self.bookCount)
  }
}
