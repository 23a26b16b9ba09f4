import Storage
import Testing

@testable import SearchIndex

@Suite("Index versions")
struct IndexVersionTests {
  let index = InvertedIndex(storedFields: [.stored("title")], documentVersion: 3)

  @Test func anIndexIsCurrentOnlyWithTodaysVersions() async throws {
    let database = try Database(path: ":memory:")
    try await database.write { [index] connection in
      #expect(try !index.isCurrent(on: connection), "no index yet")
      try index.reset(on: connection)
      #expect(try index.isCurrent(on: connection))
      let other = InvertedIndex(storedFields: index.storedFields, documentVersion: 4)
      #expect(try !other.isCurrent(on: connection), "another version of the documents")
      for shape in [
        InvertedIndex(storedFields: index.storedFields, documentVersion: 3, crowdedPrefix: 100),
        InvertedIndex(storedFields: index.storedFields, documentVersion: 3, keptPerPrefix: 100),
      ] {
        #expect(try !shape.isCurrent(on: connection), "crowded prefixes that keep other keys")
      }
      try connection.run("UPDATE search_meta SET version = version + 1 WHERE name = 'analyzer'")
      #expect(try !index.isCurrent(on: connection), "another analyzer")
      try connection.run("DROP TABLE search_meta")
      #expect(try !index.isCurrent(on: connection), "an index from before the versions were stored")
    }
  }

  @Test func aResetEmptiesTheIndexButKeepsTheRanksCounting() async throws {
    let database = try Database(path: ":memory:")
    let version = try await database.write { [index] connection in
      try index.reset(on: connection)
      var writer = index.writer()
      writer.add(Document(id: 1, terms: [Term("x", in: Field("t"))], rank: 1, day: 1, stored: [:]))
      try writer.write(on: connection)
      try index.reset(on: connection)
      #expect(try connection.integer("SELECT count(*) FROM search_postings") == 0)
      #expect(try connection.integer("SELECT count(*) FROM search_terms") == 0)
      #expect(try connection.integer("SELECT count(*) FROM search_keys") == 0)
      try writer.write(on: connection)
      return try connection.integer("SELECT version FROM search_ranks WHERE chunk = 0")
    }
    #expect(version == 2)
  }

  @Test func termsRoundTripThroughTheirStoredForm() {
    let term = Term("harry potter: 2", in: Field("w"))
    #expect(term.encoded == "w:harry potter: 2")
    #expect(Term(encoded: term.encoded) == term)
  }
}
