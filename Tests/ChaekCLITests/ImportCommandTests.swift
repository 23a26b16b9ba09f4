import BookCatalog
import BookImport
import BookModel
import Foundation
import Storage
import Testing
import UserLibrary

@testable import ChaekCLI

@Suite("chaek import")
struct ImportCommandTests {
  /// A Goodreads export with two books, two rows without a title, one cut short, and an invalid ISBN.
  static let export = #"""
    Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,\#
    Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,\#
    Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies
    234225,Dune (Dune #1),Frank Herbert,"Herbert, Frank",,"=""0441013597""","=""9780441013593""",0,4.25,\#
    Ace Books,Paperback,528,2005,1965,,2020/05/01,to-read,to-read (#3),to-read,,,,0,0
    5,,Nobody,"Nobody, No",,="",="",0,0,,,,,,,2021/02/12,,,to-read,,,,0,0
    6,,Nobody,"Nobody, No",,="",="",0,0,,,,,,,2021/02/12,,,to-read,,,,0,0
    7,Cut Short
    8,Mystery Book,A. Author,"Author, A.",,"=""1234567890""",="",0,3.10,Small Press,Paperback,100,\#
    2001,,,2021/03/01,,,to-read,,,,0,0

    """#

  private func write(_ text: String, _ name: String, in chaek: InProcessChaek) throws -> String {
    let file = chaek.home.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  // MARK: - Output

  @Test func printsWhatItDidAndListsTheProblemRowsOnStderr() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let path = try write(Self.export, "goodreads_library_export.csv", in: chaek)

    let first = await chaek.run("import", path)

    #expect(first.status == 0)
    #expect(
      first.out == """
        Imported \(path) (Goodreads export CSV): 1 added, 1 updated, 0 unchanged, 3 skipped: \
        2 × no title, 1 × wrong number of fields.
        1 book took the place of another record of the same book (a starter book without an ISBN, or an ISBN changed).
        Fields left out: 1 × invalid ISBN.
        Journal: 2 books, 1 matched (0 by ISBN or page, 1 by title and author) and 1 added; 2 newly saved, \
        0 updated, 0 already as in the file.
        \(path):6: added ‘Mystery Book’ (u-a38f5d6b17ef913d)

        """)
    #expect(
      first.err == """
        \(path):3: skipped: no title
        \(path):4: skipped: no title
        \(path):5: skipped: wrong number of fields (2 of 24)
        \(path):6: left out: invalid ISBN (1234567890)

        """)
    let again = await chaek.run("import", path)
    #expect(again.status == 0 && again.out.contains(": 0 added, 0 updated, 2 unchanged, 3 skipped: "))
    #expect(
      again.out.contains(
        "Journal: 2 books, 2 matched (2 by ISBN or page, 0 by title and author) and 0 added; "))
    #expect(again.out.contains("0 newly saved, 0 updated, 2 already as in the file."))
    let found = await chaek.run("search", "dune", "--source", "local")
    #expect(found.out.contains("Dune (Dune #1)") && found.out.contains("9780441013593"))
  }

  @Test func readsAGzippedOpenLibraryDumpAndGoesOnAfterAnInterruption() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../Fixtures/openlibrary-dump-sample/ol_dump_sample.txt.gz").standardized
    let path = chaek.home.appendingPathComponent("ol_dump_editions_2026-11-30.txt.gz").path
    try FileManager.default.copyItem(atPath: sample.path, toPath: path)
    // An import stopped after its first batch: the catalog holds it and where it ends. (Two of the
    // editions update starter books: 채식주의자 and The Vegetarian, by their ISBNs.)
    let catalog = try Catalog(path: chaek.home.appendingPathComponent("catalog.sqlite").path)
    _ = try? await Importer(format: .openlibrary, batchSize: 2).read(
      contentsOf: URL(fileURLWithPath: path), into: StoppingSink(catalog: catalog))
    let resumed = await chaek.run("import", path)
    #expect(resumed.status == 0, "\(resumed.err)")
    #expect(
      resumed.out.hasPrefix(
        """
        Imported \(path) (Open Library JSON lines): 5 added, 2 updated, 0 unchanged, 3 skipped: \
        3 × not an edition or a work.
        """), "\(resumed.out)")
    #expect(
      resumed.out.contains("It went on from where an earlier import of the file stopped, after 2 books."))
    #expect(await chaek.run("import", path).out.contains(": 0 added, 0 updated, 9 unchanged, 3 skipped"))
    let found = await chaek.run("search", "vegetarian", "--source", "local")
    #expect(found.out.contains("The Vegetarian: A Novel"), "\(found.out)")
  }

  @Test func anImportThatStopsOnADatabaseErrorSaysWhatItKeptAndAgainFinishesIt() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let rows = (1...3).map { "\($0),Book \($0),Author \($0),,\n" }
    let path = try write("Book Id,Title,Author,ISBN,ISBN13\n" + rows.joined(), "export.csv", in: chaek)
    #expect(await chaek.run("saved").status == 0)
    // The library refuses a book, as a full disk would.
    let libraryPath = chaek.home.appendingPathComponent("library.sqlite").path
    let database = try Database(path: libraryPath)
    try await database.write {
      try $0.execute(
        """
        CREATE TRIGGER full BEFORE INSERT ON saved_books WHEN NEW.title = 'Book 2'
        BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END
        """)
    }

    let stopped = await chaek.run("import", path)
    #expect(stopped.status == 1)
    #expect(
      stopped.err.hasPrefix(
        "chaek import: \(path): the import stopped before its first batch of books was stored (the catalog "
          + "may hold books of the batch it stopped in); import the file again to finish it: "),
      "\(stopped.err)")
    #expect(stopped.err.contains("database or disk is full"))
    #expect(try await Library(path: libraryPath).savedCount() == 0)

    try await database.write { try $0.execute("DROP TRIGGER full") }
    let again = await chaek.run("import", path)
    #expect(again.status == 0)
    #expect(again.out.contains("3 newly saved"), "\(again.out)")
  }

  @Test func savedAndViewedStarterBooksFollowTheRecordAnImportPutsInTheirPlace() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let starter = try #require(try Catalog.starterBooks().first { $0.title == "Dune" })
    #expect(await chaek.run("save", starter.id.rawValue, "--source", "local").status == 0)
    #expect(await chaek.run("show", starter.id.rawValue, "--source", "local").status == 0)
    let path = try write(Self.export, "goodreads_library_export.csv", in: chaek)

    let result = await chaek.run("import", path)

    #expect(result.out.contains("2 entries of your library moved to the new records."))
    // Later commands, like the server, open the files afresh and see the book under its ISBN.
    let library = try Library(path: chaek.home.appendingPathComponent("library.sqlite").path)
    #expect(
      try await library.savedBooks().map(\.book.id.rawValue) == ["9780441013593", "u-a38f5d6b17ef913d"],
      "the starter book followed, and the export's other book was saved with its reading data")
    #expect(try await library.recent.list().map(\.book.id.rawValue) == ["9780441013593"])
    let saved = await chaek.run("saved", "--json")
    #expect(saved.out.contains("\"id\":\"9780441013593\"") && !saved.out.contains(starter.id.rawValue))
    let shown = await chaek.run("show", starter.id.rawValue, "--source", "local")
    #expect(shown.status == 0 && shown.out.contains("9780441013593"), "the old id still finds the book")
  }

  @Test func exportAndImportABackupRestoreTheLibraryByteForByte() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let path = try write(Self.export, "goodreads_library_export.csv", in: chaek)
    #expect(await chaek.run("import", path).status == 0)
    #expect(await chaek.run("quote", "9780441013593", "The spice must flow.", "--page", "12").status == 0)
    let backup = chaek.home.appendingPathComponent("backup.json").path
    let exported = await chaek.run("export", backup)
    #expect(exported.status == 0 && exported.out == "Exported 2 saved books to \(backup) (json).\n")

    let other = try InProcessChaek()
    defer { other.remove() }
    let restored = await other.run("import", backup)
    #expect(restored.status == 0, "\(restored.err)")
    #expect(
      restored.out
        == "Restored \(backup): 2 saved books, 0 notes, 1 quote, 0 readings, 0 recently viewed books, 0 goals and 0 recent searches.\n"
    )
    let again = await other.run("export", "-")
    #expect(again.out == (try String(contentsOfFile: backup, encoding: .utf8)))
    let twice = await other.run("import", backup)
    #expect(twice.status == 1 && twice.err.contains("your library already holds books"))
    #expect(await other.run("notes", "--search", "spice").out.contains("p. 12"))

    let csv = await chaek.run("export", "--format", "goodreads", "-")
    #expect(
      csv.out.hasPrefix("Book Id,Title,Author,Author l-f,") && csv.out.contains(#""=""9780441013593""""#))
  }

  @Test func listsAtMostTwentyProblemRows() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let lines = [#"{"title":"One Good Book"}"#] + (2...26).map { _ in #"{"title":""}"# }
    let path = try write(lines.joined(separator: "\n"), "kakao.jsonl", in: chaek)

    let result = await chaek.run("import", path)

    #expect(result.status == 0)
    #expect(result.out.hasSuffix("1 added, 0 updated, 0 unchanged, 25 skipped: 25 × no title.\n"))
    let errors = result.err.split(separator: "\n")
    #expect(errors.count == 21)
    #expect(errors.first == "\(path):2: skipped: no title")
    #expect(errors[19] == "\(path):21: skipped: no title")
    #expect(errors.last == "\(path): 5 more not listed")
  }

  // MARK: - Formats and exit codes

  @Test func aNamedFormatOverridesDetection() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let path = try write(Self.export, "export.csv", in: chaek)

    let wrong = await chaek.run("import", path, "--format", "goodbooks")
    #expect(wrong.status == 1)
    #expect(
      wrong.err == """
        chaek import: \(path): not a goodbooks-10k CSV: the header on line 1 has no column authors, \
        goodreads_book_id, image_url, isbn, original_publication_year, ratings_count, title

        """)
    let unreadable = await chaek.run("import", path, "--format=openlibrary")
    #expect(unreadable.status == 1)
    #expect(unreadable.out.isEmpty)
    #expect(
      unreadable.err.hasSuffix(
        "chaek import: \(path): no book could be read as Open Library JSON lines "
          + "(6 × neither a search result nor a dump line)\n"))
  }

  @Test func anExportWithOnlyItsHeaderIsRefusedAsTheAPIRefusesIt() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let header = String(Self.export.prefix { $0 != "\n" }) + "\n"
    let path = try write(header, "header.csv", in: chaek)
    let refused = await chaek.run("import", path)
    #expect(refused.status == 1 && refused.out.isEmpty)
    #expect(refused.err == "chaek import: \(path): no book could be read as Goodreads export CSV\n")
  }

  @Test func anUnknownFormatNameIsAUsageError() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let path = try write(Self.export, "export.csv", in: chaek)

    let result = await chaek.run("import", path, "--format", "marc")

    #expect(result.status == 2)
    #expect(
      result.err == """
        chaek import: --format must be one of kakao, goodbooks, goodreads, openlibrary, storygraph (got 'marc')
        usage: chaek import FILE [--format kakao|goodbooks|goodreads|openlibrary|storygraph] [--user NAME]

        """)
  }

  @Test func aFileInNoKnownFormatFailsWithAHint() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let path = try write("title;author\nDune;Frank Herbert\n", "books.txt", in: chaek)

    let result = await chaek.run("import", path)

    #expect(result.status == 1 && result.out.isEmpty)
    #expect(result.err.hasPrefix("chaek import: cannot tell the format of \(path) "))
    #expect(result.err.hasSuffix("name it with --format kakao|goodbooks|goodreads|openlibrary|storygraph\n"))
    let empty = await chaek.run("import", try write("", "empty.jsonl", in: chaek), "--format", "kakao")
    #expect(empty.status == 1 && empty.err.hasSuffix(": the file is empty\n"))
  }
}

@Suite("Progress bar")
struct ProgressBarTests {
  @Test func drawsInPlaceOnATerminalAndErasesItselfWhenDone() {
    let console = MemoryConsole(errorTerminal: true)
    let bar = ProgressBar(console: console, label: "books.csv", delay: .zero)

    bar.update(fraction: 0.5, detail: "5000 books")
    bar.update(fraction: 0.5, detail: "5000 books")
    bar.update(fraction: 1, detail: "10000 books")
    bar.finish()

    let half =
      "books.csv [" + String(repeating: "#", count: 15) + String(repeating: "-", count: 15)
      + "] 50%  5000 books"
    let full = "books.csv [" + String(repeating: "#", count: 30) + "] 100%  10000 books"
    #expect(console.standardError == "\r\u{1B}[K" + half + "\r\u{1B}[K" + full + "\r\u{1B}[K")
    #expect(console.standardOutput.isEmpty)
  }

  @Test func drawsNothingWhenStandardErrorIsNotATerminal() {
    let console = MemoryConsole(errorTerminal: false)
    let bar = ProgressBar(console: console, label: "books.csv", delay: .zero)
    bar.update(fraction: 0.5, detail: "")
    bar.finish()
    #expect(console.standardError.isEmpty)
  }

  @Test func drawsNothingBeforeItsDelay() {
    let console = MemoryConsole(errorTerminal: true)
    let bar = ProgressBar(console: console, label: "books.csv", delay: .seconds(60))
    bar.update(fraction: 0.5, detail: "")
    bar.finish()
    #expect(console.standardError.isEmpty)
  }
}

/// Stores the first batch of an import in a catalog, then stops, as a crash would.
private final class StoppingSink: ImportSink, @unchecked Sendable {
  struct Stop: Error {}
  let catalog: Catalog
  private var batches = 0

  init(catalog: Catalog) { self.catalog = catalog }

  func beginImport(resuming file: String?) async throws -> ImportCheckpoint? {
    try await catalog.beginImport(resuming: file)
  }

  func store(_ batch: [ImportedBook], checkpoint: ImportCheckpoint?) async throws -> StoredBatch {
    batches += 1
    guard batches == 1 else { throw Stop() }
    return try await catalog.store(batch, checkpoint: checkpoint)
  }

  func finishImport() async throws -> ImportCounts { try await catalog.finishImport() }

  func abandonImport() async { await catalog.abandonImport() }
}
