import KoreanText
import Storage
import TestSupport
import Testing

@testable import SearchIndex

@Suite("KoreanText: 2-beolsik keys and typing")
struct KoreanTextTypingTests {
  @Test func syllablesAreTheirKeysInOrder() {
    #expect(Hangul.keystrokes("채식") == "ㅊㅐㅅㅣㄱ")
    #expect(Hangul.keystrokes("과 닭") == "ㄱㅗㅏ ㄷㅏㄹㄱ", "compound vowels and finals are two keys")
    #expect(Hangul.keystrokes("ㅘ ab") == "ㅗㅏ ab")
    #expect(Hangul.keystrokes("é漢😀ㄳ괥") == "é漢😀ㄱㅅㄱㅗㅐㄹㅌ", "other scalars are kept whole")
  }

  @Test func typingShowsWhatAKeyboardShows() {
    #expect(Hangul.typingStates(of: "해리") == ["ㅎ", "해", "핼", "해리"])
    #expect(Hangul.typingStates(of: "포터") == ["ㅍ", "포", "퐅", "포터"])
    #expect(Hangul.typingStates(of: "닭과") == ["ㄷ", "다", "달", "닭", "닭ㄱ", "닭고", "닭과"])
    #expect(Hangul.typingStates(of: "Ab 의") == ["A", "Ab", "Ab ㅇ", "Ab 으", "Ab 의"])
    #expect(Hangul.typingStates(of: "앉아").last == "앉아")
  }
}

@Suite("Analyzer: completion keys, the one matcher of typed text")
struct CompletionMatcherTests {
  @Test(arguments: [
    ("해리 포터와 마법사의 돌", "해리ㅍ"), ("해리 포터와 마법사의 돌", "해리포"), ("해리 포터와 마법사의 돌", "해리퐅"),
    ("채식주의자", "채시"), ("채식주의자", "채ㅅ"), ("해리 포터와 마법사의 돌", "ㅎㄹㅍㅌ"),
    ("해리 포터와 마법사의 돌", "ㅎ ㄹ ㅍ"), ("Harry Potter and the Sorcerer's Stone", "harry pot"),
    ("Les Misérables", "les mis"), ("Les Misérables", "LES MISÉ"), ("한강", "한ㄱ"), ("한강", "하"),
  ])
  func typingCompletes(_ text: String, _ typed: String) {
    #expect(Analyzer.completes(text, typed: typed))
  }

  @Test(arguments: [
    ("채식주의자", "채시주"), ("채식주의자", "차"), ("해리 포터", "해맇"), ("Les Misérables", "mis"),
    ("한강", ""), ("한강", "  "), ("해리 포터", "ㅎㅍ"),
  ])
  func typingThatIsNotABeginningCompletesNothing(_ text: String, _ typed: String) {
    #expect(!Analyzer.completes(text, typed: typed))
  }

  @Test func everyStateOfTypingATextCompletesIt() {
    for text in ["해리 포터와 마법사의 돌", "채식주의자", "닭고기 수프", "앉은뱅이 꽃", "The Great Gatsby", "Les Misérables"] {
      for state in Hangul.typingStates(of: text) {
        #expect(Analyzer.completes(text, typed: state), "\(state) on the way to \(text)")
      }
    }
  }
}

/// An index of documents that suggest titles (`t`) and people (`p`), in memory.
struct SuggestIndex {
  static let title = Field("t")
  static let people = Field("p")
  /// The catalog's shape of completion structure.
  static let standard = InvertedIndex(storedFields: [], documentVersion: 1)
  /// One whose prefixes are crowded at two keys, keeping their best three: on a few texts, most
  /// prefixes are read from their kept keys, and any change may change which they keep.
  static let small = InvertedIndex(storedFields: [], documentVersion: 1, crowdedPrefix: 2, keptPerPrefix: 3)
  static let shapes = [standard, small]
  let index: InvertedIndex
  let database: Database

  init(_ documents: [(title: String, people: [String], rank: UInt32)], index: InvertedIndex = standard)
    async throws
  {
    self.index = index
    database = try Database(
      path: ":memory:", migrations: [Migration("index") { try index.reset(on: $0) }])
    try await database.write { connection in
      var writer = index.writer()
      for (id, document) in documents.enumerated() {
        writer.add(
          Document(
            id: id, terms: [], rank: document.rank, day: 0, stored: [:],
            suggestions: [Self.title: [document.title], Self.people: document.people]))
      }
      try writer.write(on: connection)
    }
  }

  func suggest(_ typed: String, limit: Int = 8) async throws -> [Suggestion] {
    try await database.read { connection in
      try index.searcher(on: connection, ranks: RankCache()).suggestions(
        for: typed, in: [Self.title, Self.people], limit: limit)
    }
  }
}

@Suite("Searcher: suggestions from the completion structure")
struct SuggestionTests {
  let documents: [(title: String, people: [String], rank: UInt32)] = [
    ("해리 포터와 마법사의 돌", ["J.K. 롤링"], 100), ("해리 포터와 비밀의 방", ["J.K. 롤링"], 90),
    ("해리포터와 마법사의 돌", ["조앤 롤링"], 10), ("채식주의자", ["한강"], 80), ("소년이 온다", ["한강"], 85),
    ("한국의 역사", ["한기범"], 5), ("Harry Potter and the Sorcerer's Stone", ["J.K. Rowling"], 70),
    ("Les Misérables", ["Victor Hugo"], 60), ("Les Miserables", ["Victor Hugo"], 20),
    ("해변의 카프카", ["무라카미 하루키"], 30),
  ]

  func texts(_ typed: String, limit: Int = 8, in shape: InvertedIndex) async throws -> [String] {
    try await SuggestIndex(documents, index: shape).suggest(typed, limit: limit).map(\.text)
  }

  @Test(arguments: SuggestIndex.shapes) func aPartialSyllableFindsTitlesTypedSoFar(shape: InvertedIndex)
    async throws
  {
    #expect(try await texts("해리ㅍ", in: shape) == ["해리 포터와 마법사의 돌", "해리 포터와 비밀의 방"])
    #expect(
      try await texts("해리포", in: shape) == ["해리 포터와 마법사의 돌", "해리 포터와 비밀의 방"], "spacing ignored, one per text")
    #expect(try await texts("채시", in: shape) == ["채식주의자"])
    #expect(try await texts("해리퐅", in: shape).count == 2, "ㅌ typed as 포's final may begin 터")
  }

  @Test(arguments: SuggestIndex.shapes) func initialsFindTitlesAndPeople(shape: InvertedIndex) async throws {
    #expect(try await texts("ㅎㄹㅍㅌ", in: shape) == ["해리 포터와 마법사의 돌", "해리 포터와 비밀의 방"])
    #expect(try await texts("ㅎㄱ", in: shape) == ["한강", "한국의 역사", "한기범"])
  }

  @Test(arguments: SuggestIndex.shapes) func peopleAreSuggestedOncePerNameWithTheirBestRank(
    shape: InvertedIndex
  ) async throws {
    let found = try await SuggestIndex(documents, index: shape).suggest("한ㄱ")
    #expect(found.map(\.text) == ["한강", "한국의 역사", "한기범"])
    #expect(found[0].field == SuggestIndex.people && found[0].rank == 85 && found[0].id == 4)
  }

  @Test(arguments: SuggestIndex.shapes) func latinIsFoldedAndDeduplicated(shape: InvertedIndex) async throws {
    #expect(try await texts("harry pot", in: shape) == ["Harry Potter and the Sorcerer's Stone"])
    #expect(
      try await texts("les mis", in: shape) == ["Les Misérables"], "Les Miserables is the same folded text")
    #expect(try await texts("VICTOR h", in: shape) == ["Victor Hugo"])
  }

  @Test(arguments: SuggestIndex.shapes) func theMostPopularComeFirstAndLimitHolds(shape: InvertedIndex)
    async throws
  {
    #expect(try await texts("ㅎ", limit: 3, in: shape) == ["해리 포터와 마법사의 돌", "해리 포터와 비밀의 방", "한강"])
    #expect(try await texts("해", limit: 1, in: shape) == ["해리 포터와 마법사의 돌"])
    #expect(try await texts("", in: shape).isEmpty)
    #expect(try await texts("zzz", in: shape).isEmpty)
  }

  @Test(arguments: SuggestIndex.shapes) func suggestionsFollowUpdatesAndRemovals(shape: InvertedIndex)
    async throws
  {
    let index = try await SuggestIndex(documents, index: shape)
    try await index.database.write { connection in
      var writer = index.index.writer()
      writer.remove([], suggestions: [SuggestIndex.title: ["채식주의자"], SuggestIndex.people: ["한강"]], of: 3)
      writer.add(
        Document(
          id: 3, terms: [], rank: 80, day: 0, stored: [:], suggestions: [SuggestIndex.title: ["채소 이야기"]]))
      writer.delete([], suggestions: [SuggestIndex.title: ["소년이 온다"], SuggestIndex.people: ["한강"]], of: 4)
      try writer.write(on: connection)
    }
    #expect(try await index.suggest("채").map(\.text) == ["채소 이야기"])
    #expect(try await index.suggest("한ㄱ").map(\.text) == ["한국의 역사", "한기범"])
  }

  @Test(arguments: SuggestIndex.shapes) func aKeyWhoseBestDocumentGoesKeepsItsNextBest(shape: InvertedIndex)
    async throws
  {
    let index = try await SuggestIndex(documents, index: shape)
    try await index.database.write { connection in
      var writer = index.index.writer()
      writer.delete(
        [], suggestions: [SuggestIndex.title: ["해리 포터와 마법사의 돌"], SuggestIndex.people: ["J.K. 롤링"]], of: 0)
      try writer.write(on: connection)
    }
    for typed in ["해리ㅍ", "ㅎㄹㅍㅌ"] {
      let found = try await index.suggest(typed)
      #expect(found.map(\.id) == [1, 2] && found.map(\.rank) == [90, 10], "\(typed)")
      #expect(found.map(\.text) == ["해리 포터와 비밀의 방", "해리 포터와 마법사의 돌"], "the key keeps its text")
    }
    let people = try await index.suggest("J.K. 롤")
    #expect(people.map(\.text) == ["J.K. 롤링"] && people.map(\.id) == [1], "롤링 stays, from the next book")
  }

  /// Batches of additions, updates (rank or text) and removals, over texts that share keys: after
  /// each, every key's suggestion is its best document's (the highest rank, then the lowest id),
  /// with a text of the key, whether its best row was kept or found again.
  @Test(arguments: SuggestIndex.shapes) func eachKeyFollowsItsBestDocumentThroughBatchesOfChanges(
    shape: InvertedIndex
  ) async throws {
    var random = SeededGenerator(seed: 5)
    // Keys that share prefixes (and more of them than the small shape keeps under `alpha`).
    let texts =
      ["Alpha", "alpha!", "ALPHA", "Alps", "Beta", "beta.", "감마", "가마", "감마선", "Gamma"]
      + (1...8).map { "Alpha \($0)" }
    let index = try await SuggestIndex([], index: shape)
    var present: [Int: (text: String, rank: UInt32)] = [:]
    for _ in 0..<100 {
      var changes: [(id: Int, old: String?, new: (text: String, rank: UInt32)?)] = []
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        let id = Int.random(in: 0..<20, using: &random) * 20_000  // three or four a chunk
        let removes = Int.random(in: 0..<4, using: &random) == 0
        let document = (
          text: texts.randomElement(using: &random)!, rank: UInt32.random(in: 0...5, using: &random)
        )
        changes.append((id, present[id]?.text, removes ? nil : document))
        present[id] = removes ? nil : document
      }
      try await index.database.write { [changes] connection in
        var writer = index.index.writer()
        for (id, old, new) in changes {
          if let old { writer.remove([], suggestions: [SuggestIndex.title: [old]], of: id) }
          if let new {
            writer.add(
              Document(
                id: id, terms: [], rank: new.rank, day: 0, stored: [:],
                suggestions: [SuggestIndex.title: [new.text]]))
          }
        }
        try writer.write(on: connection)
      }
      var best: [String: (id: Int, rank: UInt32)] = [:]
      for (id, document) in present {
        let key = Analyzer.completionKey(document.text)
        if let known = best[key], (known.rank, -known.id) >= (document.rank, -id) { continue }
        best[key] = (id, document.rank)
      }
      for typed in ["a", "alp", "alpha", "b", "ㄱ", "감", "g"] {
        let expected = best.filter { key, _ in
          present.values.contains {
            Analyzer.completionKey($0.text) == key && Analyzer.completes($0.text, typed: typed)
          }
        }.sorted { ($0.value.rank, $1.key) > ($1.value.rank, $0.key) }
        for limit in [1, 3] {  // fewer than the small shape keeps, and as many
          try await check(typed, limit: limit, expected: expected.prefix(limit))
        }
        try await check(typed, limit: 8, expected: expected.prefix(8))
      }
    }

    func check(
      _ typed: String, limit: Int, expected: ArraySlice<(key: String, value: (id: Int, rank: UInt32))>
    ) async throws {
      let found = try await index.suggest(typed, limit: limit)
      #expect(found.map(\.id) == expected.map(\.value.id), "\(typed) in \(present)")
      #expect(found.map(\.rank) == expected.map(\.value.rank), "\(typed)")
      #expect(found.map { Analyzer.completionKey($0.text) } == expected.map(\.key), "\(typed)")
    }
  }

  /// Every suggestion begins what was typed, and they are exactly the best distinct texts that
  /// do: over enough documents that prefixes of many rows are read in rank order.
  @Test(arguments: SuggestIndex.shapes) func everySuggestionBeginsTheTypingAndNoneBetterIsMissed(
    shape: InvertedIndex
  ) async throws {
    var random = SeededGenerator(seed: 11)
    let syllables = Array("해한하호과닭앉채식")
    let words = ["harry", "potter", "les", "misérables", "the", "great"]
    var documents: [(title: String, people: [String], rank: UInt32)] = []
    for _ in 0..<5_000 {
      let count = Int.random(in: 1...5, using: &random)
      let syllables = String((0..<count).map { _ in syllables.randomElement(using: &random)! })
      let latin = words.shuffled(using: &random).prefix(3).joined(separator: " ")
      // Most titles begin with 하호: prefixes of more keys than a range read (ㅎ, ㅎㅏ, ㅎㅏㅎ) are
      // read in rank order.
      let title = Int.random(in: 0..<4, using: &random) == 0 ? latin : "하호" + syllables
      let person = String(syllables.prefix(3))
      documents.append((title, [person], UInt32.random(in: 0...1_000_000, using: &random)))
    }
    let index = try await SuggestIndex(documents, index: shape)
    // The oracle: every text's keys and its document's rank.
    let candidates = documents.flatMap { document in
      ([document.title] + document.people).map {
        (key: Analyzer.completionKey($0), initials: Analyzer.initialsKey($0), rank: document.rank)
      }
    }
    var typedCount = 0
    for document in documents.prefix(30) {
      let typings = Hangul.typingStates(of: document.title) + [Analyzer.initialsKey(document.title)]
      for typed in typings where !typed.isEmpty {
        typedCount += 1
        let initials = Analyzer.typedInitials(typed)
        let prefix = initials ?? Analyzer.completionKey(typed)
        var best: [String: UInt32] = [:]
        for candidate in candidates
        where (initials == nil ? candidate.key : candidate.initials).hasPrefix(prefix) {
          best[candidate.key] = max(best[candidate.key] ?? 0, candidate.rank)
        }
        for limit in [3, 8] {
          let found = try await index.suggest(typed, limit: limit)
          for suggestion in found {
            #expect(Analyzer.completes(suggestion.text, typed: typed), "\(suggestion.text) for \(typed)")
          }
          #expect(found.map(\.rank) == Array(best.values.sorted(by: >).prefix(limit)), "\(typed)")
        }
      }
    }
    #expect(typedCount > 100)
    #expect(
      Set(candidates.map(\.key).filter { $0.hasPrefix("ㅎㅏㅎ") }).count > SuggestIndex.standard.crowdedPrefix)
  }
}
