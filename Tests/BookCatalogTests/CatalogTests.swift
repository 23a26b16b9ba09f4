import BookModel
import Foundation
import Storage
import TestSupport
import Testing

@testable import BookCatalog

/// A small catalog, Korean and English, with enough rows to rank meaningfully.
func fixtureCatalog() async throws -> Catalog {
  let catalog = try Catalog(path: ":memory:", includingStarter: false)
  func date(_ year: Int) -> Date? { KakaoDate.parse("\(year)-01-01T00:00:00.000+09:00") }
  let books = [
    Book(
      title: "채식주의자", contents: "한 여자가 고기를 먹지 않기로 한다.", isbn: "8936433598 9788936433598",
      datetime: date(2007), authors: ["한강"], publisher: "창비"),
    Book(title: "소년이 온다", contents: "1980년 광주.", datetime: date(2014), authors: ["한강"], publisher: "창비"),
    Book(
      title: "해리 포터와 마법사의 돌", contents: "마법 학교에 입학한 소년.", datetime: date(1999), authors: ["J.K. 롤링"],
      publisher: "문학수첩", translators: ["김혜원"]),
    Book(
      title: "해리 포터와 비밀의 방", datetime: date(2000), authors: ["J.K. 롤링"], publisher: "문학수첩",
      translators: ["김혜원"]),
    Book(title: "흰", contents: "흰 것들에 대한 글.", datetime: date(2016), authors: ["한강"], publisher: "난다"),
    Book(title: "82년생 김지영", datetime: date(2016), authors: ["조남주"], publisher: "민음사"),
    Book(title: "객체지향의 사실과 오해", datetime: date(2015), authors: ["조영호"], publisher: "위키북스"),
    Book(title: "리포터의 하루", contents: "기자 이야기.", datetime: date(2010), authors: ["김기자"], publisher: "가상출판"),
    Book(
      title: "Les Misérables", contents: "Jean Valjean in France.", datetime: date(1862),
      authors: ["Victor Hugo"],
      publisher: "A. Lacroix, Verboeckhoven & Cie"),
    Book(
      title: "One Hundred Years of Solitude", contents: "The Buendía family of Macondo.",
      datetime: date(1970),
      authors: ["Gabriel García Márquez"], publisher: "Harper & Row", translators: ["Gregory Rabassa"]),
    Book(
      title: "To Kill a Mockingbird", contents: "A lawyer in Alabama defends a Black man.",
      datetime: date(1960),
      authors: ["Harper Lee"], publisher: "J. B. Lippincott & Co."),
    Book(
      title: "The Hunger Games", contents: "A televised fight to the death.", isbn: "0439023483",
      datetime: date(2008), authors: ["Suzanne Collins"], publisher: "Scholastic Press"),
    Book(
      title: "Harper's Guide", contents: "Nothing about mockingbirds.", datetime: date(2020),
      authors: ["Ann Smith"]),
  ]
  try await catalog.upsert(books, source: .imported)
  return catalog
}

func titles(
  _ catalog: Catalog, _ text: String, target: SearchQuery.Target? = nil, sort: SearchQuery.Sort = .accuracy
)
  async throws -> [String]
{
  try await catalog.search(SearchQuery(query: text, target: target, sort: sort, size: 50)).documents.map(
    \.title)
}

@Suite("Catalog search")
struct CatalogSearchTests {
  @Test func twoHangulCharactersFindALongerWord() async throws {
    #expect(try await titles(fixtureCatalog(), "채식") == ["채식주의자"])
  }

  @Test func missingSpacesAreIgnored() async throws {
    let catalog = try await fixtureCatalog()
    let found = try await titles(catalog, "해리포터")
    #expect(found.prefix(2).sorted() == ["해리 포터와 마법사의 돌", "해리 포터와 비밀의 방"])
    #expect(try await titles(catalog, "해리포터 마법사") == ["해리 포터와 마법사의 돌"])
    #expect(try await titles(catalog, "마법사의돌") == ["해리 포터와 마법사의 돌"])
    #expect(try await titles(catalog, "82년생김지영") == ["82년생 김지영"])
  }

  @Test func decomposedQueryFindsComposedText() async throws {
    #expect(try await titles(fixtureCatalog(), "채식주의자".decomposedStringWithCanonicalMapping) == ["채식주의자"])
  }

  @Test func oneHangulCharacterFindsItAlone() async throws {
    #expect(try await titles(fixtureCatalog(), "흰", target: .title) == ["흰"])
  }

  @Test func titleOutranksDescription() async throws {
    let found = try await titles(fixtureCatalog(), "소년")
    #expect(found.first == "소년이 온다")
    #expect(found.contains("해리 포터와 마법사의 돌"))
  }

  @Test func personTargetSearchesAuthorsAndTranslators() async throws {
    let catalog = try await fixtureCatalog()
    #expect(try await titles(catalog, "한강", target: .person, sort: .latest) == ["흰", "소년이 온다", "채식주의자"])
    #expect(try await titles(catalog, "김혜원", target: .person).count == 2)
    #expect(
      try await titles(catalog, "gregory rabassa", target: .person) == ["One Hundred Years of Solitude"])
    #expect(try await titles(catalog, "한강", target: .title).isEmpty)
  }

  @Test func publisherTarget() async throws {
    #expect(try await titles(fixtureCatalog(), "창비", target: .publisher).sorted() == ["소년이 온다", "채식주의자"])
  }

  @Test func latinIsCaseAndDiacriticInsensitive() async throws {
    let catalog = try await fixtureCatalog()
    #expect(try await titles(catalog, "les miserables") == ["Les Misérables"])
    #expect(try await titles(catalog, "GARCIA MARQUEZ") == ["One Hundred Years of Solitude"])
    #expect(try await titles(catalog, "García Márquez".decomposedStringWithCanonicalMapping).count == 1)
  }

  @Test func lastWordMatchesAsAPrefix() async throws {
    #expect(try await titles(fixtureCatalog(), "to kill a mocking") == ["To Kill a Mockingbird"])
  }

  @Test func titleMatchRanksAboveAuthorAndDescriptionMatches() async throws {
    let found = try await titles(fixtureCatalog(), "harper")
    #expect(found == ["Harper's Guide", "To Kill a Mockingbird", "One Hundred Years of Solitude"])
  }

  @Test func isbnQueryFindsTheBookInAnyNotation() async throws {
    let catalog = try await fixtureCatalog()
    #expect(try await titles(catalog, "978-89-364-3359-8") == ["채식주의자"])
    #expect(try await titles(catalog, "0439023483", target: .isbn) == ["The Hunger Games"])
    #expect(try await titles(catalog, "not an isbn", target: .isbn).isEmpty)
  }

  @Test func pagingFollowsKakaoSemantics() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert((1...23).map { Book(title: "시리즈 \($0)권", authors: ["작가"]) }, source: .imported)
    var seen: [String] = []
    for page in 1...3 {
      let result = try await catalog.search(SearchQuery(query: "시리즈", page: page, size: 10))
      #expect(result.meta.totalCount == 23)
      #expect(result.meta.isEnd == (page == 3))
      seen += result.documents.map(\.title)
    }
    #expect(seen.count == 23 && Set(seen).count == 23)
    let beyond = try await catalog.search(SearchQuery(query: "시리즈", page: 4, size: 10))
    #expect(beyond.documents.isEmpty && beyond.meta.isEnd)
  }

  @Test func punctuationOnlyQueryFindsNothingWithoutError() async throws {
    let result = try await fixtureCatalog().search(SearchQuery(query: "\"*()"))
    #expect(result.documents.isEmpty && result.meta.totalCount == 0)
  }
}

@Suite("Catalog storage")
struct CatalogStorageTests {
  @Test func upsertIsIdempotentAndFillsEmptyFields() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let full = Book(title: "채식주의자", contents: "설명", isbn: "9788936433598", authors: ["한강"], price: 12000)
    #expect(try await catalog.upsert([full], source: .kakao).added == 1)
    #expect(try await catalog.upsert([full], source: .kakao).unchanged == 1)
    let sparse = Book(title: "채식주의자 (개정판)", isbn: "8936433598", authors: ["한강"])
    #expect(try await catalog.upsert([sparse], source: .openLibrary).updated == 1)
    let stored = try #require(try await catalog.book(full.id))
    #expect(stored.title == "채식주의자 (개정판)" && stored.contents == "설명" && stored.price == 12000)
    #expect(try await catalog.count() == 1)
    #expect(try await titles(catalog, "개정판") == ["채식주의자 (개정판)"])
  }

  @Test func starterCatalogLoadsOnceAndSearchesOffline() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.catalogPath
    let count = try await Catalog(path: path).count()
    #expect(count >= 300)
    let reopened = try Catalog(path: path)
    #expect(try await reopened.count() == count)
    #expect(try await titles(reopened, "채식").contains("채식주의자"))
    #expect(try await titles(reopened, "해리포터").contains("해리 포터와 마법사의 돌"))
  }

  @Test func aCatalogOfTheFullTextVersionsIsReindexedWhenOpened() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.catalogPath
    let book = Book(title: "채식주의자", isbn: "9788936433598", authors: ["한강"], publisher: "창비")
    let json = book.jsonString(escapingSlashes: true)
    // The schema the FTS5 versions left, with a book stored by them (its JSON as it was).
    let old = try Database(path: path, migrations: Array(Catalog.history.prefix(2)))
    _ = try await old.write { connection in
      try connection.run(
        """
        INSERT INTO books (id, isbn13, title, book, published, popularity, source, updated_at)
        VALUES (?, ?, ?, ?, '', 7, 'kakao', 0)
        """, [book.id.rawValue, book.isbn13, book.title, json])
    }
    let catalog = try Catalog(path: path, includingStarter: false)
    #expect(try await titles(catalog, "채식") == ["채식주의자"])
    #expect(try await titles(catalog, "ㅊㅅㅈㅇㅈ") == ["채식주의자"])
    #expect(try await titles(catalog, "창비", target: .publisher) == ["채식주의자"])
    let forms = try await catalog.database.read {
      try $0.query("SELECT DISTINCT typeof(book) FROM books") { $0.text(0) }
    }
    #expect(forms == ["blob"], "its book is packed")
    #expect(try await catalog.book(book.id) == book)
  }

  @Test func aNewCatalogHasTheSchemaAnUpgradedOneHas() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    func schema(_ name: String, from history: [Migration]) async throws -> [String] {
      let path = directory.url.appendingPathComponent(name).path
      _ = try Database(path: path, migrations: history)
      return try await Catalog(path: path, includingStarter: false).database.read { try $0.schemaLines() }
    }
    let new = try await schema("new.sqlite", from: [])
    #expect(new.contains { $0.hasPrefix("table books: page_key") })
    #expect(!new.contains { $0.hasPrefix("table books: url") || $0.hasPrefix("table books: published") })
    #expect(!new.contains { $0.contains("books_by_published") }, "no index nothing reads")
    #expect(try await schema("old.sqlite", from: Array(Catalog.history.prefix(1))) == new)
  }

  @Test func anotherConnectionsWritesAreSearchedAndRanked() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.catalogPath
    let reader = try Catalog(path: path, includingStarter: false)
    let writer = try Catalog(path: path, includingStarter: false)
    try await writer.upsert(
      [Book(title: "A Dune Tale"), Book(title: "The Dune Road")], source: .imported, popularity: [5, 1])
    #expect(try await titles(reader, "dune") == ["A Dune Tale", "The Dune Road"])
    try await writer.upsert([Book(title: "The Dune Road")], source: .imported, popularity: [9])
    try await writer.upsert([Book(title: "My Dune Days")], source: .imported, popularity: [7])
    #expect(try await titles(reader, "dune") == ["The Dune Road", "My Dune Days", "A Dune Tale"])
    #expect(try await titles(reader, "days") == ["My Dune Days"])
  }

  @Test func rowidsAcrossAChunkBoundaryAreOneIndex() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.catalogPath
    let catalog = try Catalog(path: path, includingStarter: false)
    _ = try await catalog.database.write { connection in
      try connection.run(
        "INSERT INTO books (rowid, id, title, book, source, updated_at) VALUES (65530, 'x', '', '{}', 'import', 0)"
      )
    }
    let books = (1...20).map { number in
      Book(
        title: "Chunk \(number)", datetime: KakaoDate.parse("\(2000 + number)-01-01T00:00:00.000+09:00"),
        authors: ["Kim"])
    }
    try await catalog.upsert(books, source: .imported, popularity: Array(1...20))
    let rowids = try await catalog.database.read {
      try $0.query("SELECT rowid FROM books WHERE title LIKE 'Chunk %'") { $0.int(0) }
    }
    #expect(rowids.min()! < 65536 && rowids.max()! >= 65536)
    let newest = try await catalog.search(SearchQuery(query: "chunk", sort: .latest, size: 50))
    #expect(newest.meta.totalCount == 20)
    #expect(newest.documents.map(\.title) == (1...20).reversed().map { "Chunk \($0)" })
    let popular = try await catalog.search(SearchQuery(query: "kim", target: .person, page: 2, size: 5))
    #expect(popular.documents.map(\.title) == [15, 14, 13, 12, 11].map { "Chunk \($0)" })
  }

  @Test func starterCatalogIsWellFormed() throws {
    let books = try Catalog.starterBooks()
    #expect(books.count >= 300)
    #expect(Set(books.map(\.id)).count == books.count)
    for book in books {
      #expect(!book.authors.isEmpty, "\(book.title) has no author")
      #expect(book.datetime != nil, "\(book.title) has no date")
      #expect(book.isbn.isEmpty || book.isbn13 != nil, "\(book.title) has an invalid ISBN \(book.isbn)")
    }
  }
}

@Suite("Ranking, 초성 and typos")
struct RankingTests {
  func catalog(_ books: [Book], popularity: [Int]? = nil) async throws -> Catalog {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert(books, source: .imported, popularity: popularity)
    return catalog
  }

  @Test func exactTitleThenPrefixThenPhraseThenWordsThenPeople() async throws {
    let books = [
      Book(title: "A Story of the Sea and Whales", authors: ["X"]),  // all words, not a phrase
      Book(title: "The Sea Story Collection", authors: ["Y"]),  // phrase "sea story"
      Book(title: "Sea Story", authors: ["Z"]),  // exact
      Book(title: "Sea Story: The Sequel", authors: ["W"]),  // prefix
      Book(title: "Unrelated", contents: "A sea story told at night.", authors: ["V"]),  // description
      Book(title: "Memoirs", authors: ["Sea Story"]),  // people
    ]
    let found = try await titles(catalog(books), "sea story")
    #expect(
      found == [
        "Sea Story", "Sea Story: The Sequel", "The Sea Story Collection", "A Story of the Sea and Whales",
        "Memoirs",
        "Unrelated",
      ])
  }

  @Test func popularityBreaksTiesWithinATier() async throws {
    let books = [
      Book(title: "The Hunger Games Companion", authors: ["Lois Gresh"]),
      Book(title: "The Hunger Games (The Hunger Games, #1)", authors: ["Suzanne Collins"]),
      Book(title: "The Hunger Games Tribute Guide", authors: ["Emily Seife"]),
    ]
    let found = try await titles(catalog(books, popularity: [900, 4_780_653, 12_000]), "hunger games")
    #expect(found.first == "The Hunger Games (The Hunger Games, #1)")
    let exact = try await titles(catalog(books, popularity: [900, 10, 12_000]), "the hunger games")
    #expect(
      exact.first == "The Hunger Games (The Hunger Games, #1)", "the title without its series note is exact")
  }

  @Test func initialsFindTitlesAndPeople() async throws {
    let catalog = try await fixtureCatalog()
    #expect(try await titles(catalog, "ㅊㅅㅈㅇㅈ") == ["채식주의자"])
    #expect(try await titles(catalog, "ㅎㄹㅍㅌ").count == 2)
    #expect(try await titles(catalog, "ㅎㄱ", target: .person, sort: .latest) == ["흰", "소년이 온다", "채식주의자"])
    #expect(try await titles(catalog, "ㅊㅅ").first == "채식주의자")
  }

  @Test func oneLetterTyposInLongWordsStillFind() async throws {
    let catalog = try await fixtureCatalog()
    #expect(try await titles(catalog, "mockingbrd") == ["To Kill a Mockingbird"])
    #expect(try await titles(catalog, "solitdue") == ["One Hundred Years of Solitude"])
    #expect(try await titles(catalog, "hungre games") == ["The Hunger Games"])
    #expect(try await titles(catalog, "mockxngbxrd").isEmpty, "two letters off is not a typo")
    #expect(try await titles(catalog, "gmes").isEmpty, "short words must match exactly")
  }

  @Test func isbnFindsTheBookInAnyTarget() async throws {
    let catalog = try await fixtureCatalog()
    #expect(try await titles(catalog, "9788936433598", target: .title) == ["채식주의자"])
    #expect(try await titles(catalog, "89-364-3359-8", target: .person) == ["채식주의자"])
  }
}

@Suite("Static-rank order and paging")
struct StaticRankTests {
  /// 300 books, 240 of them about the sea, with dates and popularity spread out.
  func denseCatalog() async throws -> (Catalog, [Book]) {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let books = (0..<300).map { number in
      Book(
        title: number % 5 == 0 ? "Mountain \(number)" : "Sea \(number)", url: "https://example.com/\(number)",
        datetime: KakaoDate.parse("\(1950 + number % 70)-01-01T00:00:00.000+09:00"),
        authors: ["Writer \(number % 7)"])
    }
    try await catalog.upsert(books, source: .imported, popularity: (0..<300).map { ($0 * 7_919) % 1_000 })
    return (catalog, books)
  }

  /// Whichever way a page is read (walking the date index, or sorting the matches), the order is
  /// one: newest first, then the later-added book.
  @Test func latestPagesWalkEveryMatchOnceNewestFirst() async throws {
    let (catalog, books) = try await denseCatalog()
    var seen: [String] = []
    for page in 1...24 {
      seen += try await catalog.search(SearchQuery(query: "sea", sort: .latest, page: page, size: 10))
        .documents.map(\.title)
    }
    let expected = books.enumerated().filter { $0.element.title.hasPrefix("Sea") }
      .sorted { ($0.element.datetime!, $0.offset) > ($1.element.datetime!, $1.offset) }.map(\.element.title)
    #expect(seen == expected)
  }

  /// Many matches, spread over popularity buckets and sharing years: latest walks the date index
  /// and must give exactly the order of sorting every match, on shallow and deep pages.
  @Test func manyMatchesComeNewestFirstOnEveryPage() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let count = 2_600
    let books = (0..<count).map { number in
      Book(
        title: "Sea \(number)", url: "https://example.com/\(number)",
        datetime: KakaoDate.parse(
          "\(2020 + number % 5)-\(String(format: "%02d", 1 + number % 12))-01T00:00:00.000+09:00"))
    }
    try await catalog.upsert(books, source: .imported, popularity: (0..<count).map { ($0 * 7_919) % 100_000 })
    let expected = books.enumerated().sorted {
      ($0.element.datetime!, $0.offset) > ($1.element.datetime!, $1.offset)
    }
    .map(\.element.title)
    for (page, size) in [(1, 10), (7, 50), (50, 50)] {
      let result = try await catalog.search(SearchQuery(query: "sea", sort: .latest, page: page, size: size))
      #expect(result.meta.totalCount == count)
      #expect(
        result.documents.map(\.title) == Array(expected[(page - 1) * size..<page * size]), "page \(page)")
    }
  }

  @Test func accuracyPagesAreConsistentAndOrderedByPopularityWithinATier() async throws {
    let (catalog, _) = try await denseCatalog()
    var seen: [String] = []
    for page in 1...5 {
      seen += try await catalog.search(SearchQuery(query: "sea", page: page, size: 50)).documents.map(\.title)
    }
    #expect(seen.count == 240 && Set(seen).count == 240)
    let first = try await catalog.search(SearchQuery(query: "sea", size: 3)).documents.map(\.title)
    #expect(first == Array(seen.prefix(3)))
  }

  /// With more matches than the first window, the pages people scroll (10 at a time) still come
  /// from one ranking: no book twice, none skipped, most popular first within a tier.
  @Test func scrolledPagesOfALargeMatchAreOneRanking() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let books = (0..<700).map { Book(title: "Sea \($0)", url: "https://example.com/\($0)") }
    let popularity = (0..<700).map { ($0 * 7_919) % 1_000_000 }
    try await catalog.upsert(books, source: .imported, popularity: popularity)
    var seen: [String] = []
    for page in 1...50 {
      seen += try await catalog.search(SearchQuery(query: "sea", page: page, size: 10)).documents.map(\.title)
    }
    #expect(seen.count == 500 && Set(seen).count == 500)
    let rank = Dictionary(uniqueKeysWithValues: zip(books.map(\.title), popularity))
    #expect(seen.map { rank[$0]! } == seen.map { rank[$0]! }.sorted(by: >))
  }

  /// A query of two words ranks title phrases above titles holding both words apart, on every
  /// page, however a client pages: one ranking, no book twice, none skipped.
  @Test func pagesOfSeveralWordsAreOneRankingAtAnyPageSize() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let phrases = (0..<600).map { Book(title: "Sea Story \($0)") }
    let apart = (0..<600).map { Book(title: "Story of the Sea \($0)") }
    let popularity = (0..<1_200).map { ($0 * 7_919) % 1_000_000 }
    try await catalog.upsert(phrases + apart, source: .imported, popularity: popularity)
    func all(size: Int) async throws -> [String] {
      var seen: [String] = []
      for page in 1...(1_200 / size) {
        seen += try await catalog.search(SearchQuery(query: "sea story", page: page, size: size)).documents
          .map(
            \.title)
      }
      return seen
    }
    let byFifty = try await all(size: 50)
    #expect(byFifty.count == 1_200 && Set(byFifty).count == 1_200)
    #expect(byFifty.prefix(600).allSatisfy { $0.hasPrefix("Sea Story") })
    #expect(try await all(size: 40) == byFifty)
  }

  @Test func dateUpdatesMoveABookInTheDateOrder() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    func book(_ title: String, _ year: Int) -> Book {
      Book(
        title: title, url: "https://example.com/\(title)",
        datetime: KakaoDate.parse("\(year)-01-01T00:00:00.000+09:00"))
    }
    try await catalog.upsert([book("Old Sea", 2000), book("New Sea", 2010)], source: .imported)
    #expect(try await titles(catalog, "sea", sort: .latest) == ["New Sea", "Old Sea"])
    try await catalog.upsert([book("Old Sea", 2020)], source: .imported)
    #expect(try await titles(catalog, "sea", sort: .latest) == ["Old Sea", "New Sea"])
    #expect(try await catalog.search(SearchQuery(query: "sea", sort: .latest)).meta.totalCount == 2)
  }

  @Test func popularityUpdatesMoveABookInTheStaticOrder() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    let quiet = Book(title: "Quiet Sea", url: "https://example.com/quiet")
    let loud = Book(title: "Loud Sea", url: "https://example.com/loud")
    try await catalog.upsert([quiet, loud], source: .imported, popularity: [10, 1_000])
    #expect(try await titles(catalog, "sea").first == "Loud Sea")
    try await catalog.upsert([quiet], source: .imported, popularity: [1_000_000])
    #expect(try await titles(catalog, "sea") == ["Quiet Sea", "Loud Sea"])
  }
}

@Suite("한/영: queries typed in the other keyboard mode")
struct KeyboardSlipTests {
  @Test func latinKeysFindWhatTheirHangulNames() async throws {
    let catalog = try await fixtureCatalog()
    #expect(try await titles(catalog, "cotlrwndmlwk") == ["채식주의자"])
    #expect(try await titles(catalog, "gksrkd", target: .person, sort: .latest) == ["흰", "소년이 온다", "채식주의자"])
    #expect(try await titles(catalog, "gofl vhxj").count == 2)
  }

  @Test func hangulFindsWhatItsLatinKeysName() async throws {
    let catalog = try await fixtureCatalog()
    #expect(try await titles(catalog, "ㅡㅐ차ㅑㅜ휴ㅑㄱㅇ") == ["To Kill a Mockingbird", "Harper's Guide"])
    #expect(try await titles(catalog, "ㅗㅕ해", target: .person) == ["Les Misérables"])
  }

  @Test func whatTheQueryFindsAsTypedComesFirst() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    func date(_ year: Int) -> Date? { KakaoDate.parse("\(year)-01-01T00:00:00.000+09:00") }
    try await catalog.upsert(
      [
        Book(title: "해변의 카프카", datetime: date(2002), authors: ["무라카미 하루키"]),
        Book(title: "Go Tell It on the Mountain", datetime: date(1953), authors: ["James Baldwin"]),
      ], source: .imported, popularity: [1_000, 10])
    // `go` read in Korean mode is 해.
    for sort in SearchQuery.Sort.allCases {
      #expect(try await titles(catalog, "go", sort: sort) == ["Go Tell It on the Mountain", "해변의 카프카"])
    }
    let page = try await catalog.search(SearchQuery(query: "go", page: 2, size: 1))
    #expect(page.documents.map(\.title) == ["해변의 카프카"] && page.meta.totalCount == 2 && page.meta.isEnd)
  }

  @Test func aReadingThatFindsSomethingIsTakenOverTypos() async throws {
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    // `dkssud` (안녕) is one letter off `dkssue`, a word of the catalog.
    try await catalog.upsert(
      [Book(title: "안녕 주정뱅이", authors: ["권여선"]), Book(title: "Dkssue Notes", authors: ["X"])],
      source: .imported)
    #expect(try await titles(catalog, "dkssud") == ["안녕 주정뱅이"])
    #expect(try await titles(catalog, "dkssuf") == ["Dkssue Notes"], "no reading: typos as before")
  }
}

@Suite("Decoded books: kept while their stored JSON stays")
struct DecodedBooksTests {
  @Test func aBookAnotherProcessChangedIsDecodedAgain() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let searching = try directory.catalog()
    let writing = try Catalog(path: directory.catalogPath, includingStarter: false)
    let book = Book(title: "파친코", isbn: "9788937462672", authors: ["이민진"], publisher: "문학사상")
    try await writing.upsert([book], source: .imported)
    let query = try SearchQuery(query: "파친코")
    #expect(try await searching.search(query).documents.map(\.publisher) == ["문학사상"])
    var changed = book
    changed.publisher = "인플루엔셜"
    try await writing.upsert([changed], source: .kakao)
    #expect(try await searching.search(query).documents.map(\.publisher) == ["인플루엔셜"])
  }

  @Test func theCacheHoldsAtMostItsCapacity() throws {
    let decoded = DecodedBooks(capacity: 4)
    for rowid in 0..<10 {
      let stored = Catalog.encode(Book(title: "책 \(rowid)"))
      #expect(try decoded.books([(rowid, stored)])[rowid]?.title == "책 \(rowid)")
    }
    #expect(decoded.count <= 4)
    let page = (20..<30).map { (rowid: $0, stored: Catalog.encode(Book(title: "책 \($0)"))) }
    #expect(
      try decoded.books(page).mapValues(\.title)
        == Dictionary(uniqueKeysWithValues: page.map { ($0.rowid, "책 \($0.rowid)") }))
    #expect(decoded.count <= 4)
  }
}
