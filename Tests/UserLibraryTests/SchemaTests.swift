import BookModel
import Foundation
import Storage
import TestSupport
import Testing

@testable import UserLibrary

@Suite("library.sqlite's schema")
struct LibrarySchemaTests {
  /// A library written by each older version (each point of the history), with a saved book, opens
  /// with the schema a new library is created with, the book kept.
  @Test func aNewLibraryHasTheSchemaAnUpgradedOneHas() async throws {
    let (_, directory) = try temporaryLibraryPath()
    defer { try? FileManager.default.removeItem(at: directory) }
    let newPath = directory.appendingPathComponent("new.sqlite").path
    let new = try await Library(path: newPath).file!.read { try $0.schemaLines() }
    #expect(new.contains { $0.hasPrefix("table saved_books: version INTEGER 1 1") })
    #expect(new.contains { $0.hasPrefix("table removed_entries: entry") })
    let vegetarian = book("채식주의자", isbn: "9788936433598", authors: ["한강"])
    for applied in 1...Library.history.count {
      let path = directory.appendingPathComponent("old-\(applied).sqlite").path
      let old = try Database(path: path, migrations: Array(Library.history.prefix(applied)))
      _ = try await old.write { connection in
        try connection.run(
          "INSERT INTO saved_books (id, title, book, saved_at) VALUES (?, ?, ?, 0)",
          [vegetarian.id.rawValue, vegetarian.title, try Library.encode(vegetarian)])
      }
      let upgraded = try Library(path: path)
      #expect(try await upgraded.file!.read { try $0.schemaLines() } == new, "from \(applied) migrations")
      #expect(try await upgraded.entry(vegetarian.id)?.shelf == .want, "from \(applied) migrations")
    }
  }

  /// GRDB's `hasBeenSuperseded`: a library with a migration this version does not know is refused
  /// with a message saying so, and is left as it was.
  @Test func aLibraryANewerChaekWroteIsRefusedAndLeftAsItWas() async throws {
    let (path, directory) = try temporaryLibraryPath()
    defer { try? FileManager.default.removeItem(at: directory) }
    let vegetarian = book("채식주의자", isbn: "9788936433598", authors: ["한강"])
    try await Library(path: path).save(vegetarian)
    let raw = try Database(path: path)
    _ = try await raw.write { connection in
      try connection.run(
        "INSERT INTO schema_migrations (name, applied_at) VALUES ('create shared libraries', 1e10)")
    }
    let schemaBefore = try await raw.read { try $0.schemaLines() }
    #expect(throws: NewerSchemaError(path: path, unknown: ["create shared libraries"])) {
      try Library(path: path)
    }
    let error = NewerSchemaError(path: path, unknown: ["create shared libraries"])
    #expect(error.description.contains("written by a newer version of Chaek"))
    #expect(try await raw.read { try $0.schemaLines() } == schemaBefore)
    #expect(try await raw.read { try $0.integer("SELECT count(*) FROM saved_books") } == 1)
  }
}
