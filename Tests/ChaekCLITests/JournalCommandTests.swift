import BookModel
import ChaekApp
import Foundation
import Testing
import UserLibrary

@testable import ChaekCLI

extension InProcessChaek {
  /// The ids of the first `count` starter books `query` finds, offline.
  func starterIDs(_ query: String, count: Int = 1) async throws -> [String] {
    let json = await run("search", query, "--source", "local", "--json")
    let documents = try #require(
      (try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])?["documents"]
        as? [[String: Any]])
    try #require(documents.count >= count)
    return try documents.prefix(count).map { try #require(try CatalogIdentity.of($0)) }
  }

  /// A command's `--json` output as an object.
  func object(_ arguments: String...) async throws -> [String: Any] {
    let result = await run(arguments)
    #expect(result.status == 0, "\(arguments): \(result.err)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
  }

  /// A command's `--json` output as an array of objects.
  func array(_ arguments: String...) async throws -> [[String: Any]] {
    let result = await run(arguments)
    #expect(result.status == 0, "\(arguments): \(result.err)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
  }

  @discardableResult
  func run(_ arguments: [String], input: [String] = [], interactive: Bool = false) async -> (
    status: Int32, out: String, err: String
  ) {
    let console = MemoryConsole(input: input, interactive: interactive)
    let status = await CLI.run(arguments, environment: environment, console: console)
    return (status, console.standardOutput, console.standardError)
  }

  /// The library the commands write, opened beside them.
  func library() throws -> Library { try Library(path: home.appendingPathComponent("library.sqlite").path) }
}

/// The keys of a book's journal as `--json` prints it.
let journalKeys: Set<String> = [
  "id", "book", "saved_at", "shelf", "rating", "review", "pages", "tags", "version", "notes", "quotes",
  "sessions",
]

@Suite("chaek journal commands")
struct JournalCommandTests {
  @Test func aReadingCannotBeFinishedBeforeItStarted() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let id = try await chaek.starterIDs("채식주의자")[0]
    #expect(await chaek.run("start", id, "--date", "2024-05-10").status == 0)
    let early = await chaek.run("finished", id, "--date", "2024-05-01")
    #expect(early.status == 2 && early.out.isEmpty, "a value the journal does not keep, as for every command")
    #expect(early.err.contains("a reading cannot finish (2024-05-01) before it starts (2024-05-10)"))
    let entry = try await chaek.object("journal", id, "--json")
    #expect(entry["shelf"] as? String == "reading", "the refusal changed nothing")
    #expect(await chaek.run("finished", id, "--date", "2024-05-10").status == 0)
  }

  @Test func shelfProgressAndFinishedRecordAReading() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let id = try await chaek.starterIDs("채식주의자")[0]
    let started = await chaek.run("shelf", id, "reading", "--date", "2025-03-01")
    #expect(started.status == 0)
    #expect(started.out.hasPrefix("Saved ‘채식주의자’ (\(id)) to your books.\n"))
    #expect(started.out.hasSuffix("is now on 읽는 중 (started 2025-03-01).\n"))
    #expect(await chaek.run("start", id).out.hasSuffix("is already on 읽는 중 (started 2025-03-01).\n"))

    let progress = try await chaek.object("progress", id, "120/352", "--date", "2025-03-05", "--json")
    #expect(Set(progress.keys) == journalKeys)
    #expect(progress["shelf"] as? String == "reading" && progress["pages"] as? Int == 352)
    let session = try #require((progress["sessions"] as? [[String: Any]])?.first)
    #expect(Set(session.keys) == ["id", "started", "version", "progress"])  // no "finished" while open
    let update = try #require((session["progress"] as? [[String: Any]])?.first)
    #expect(update["day"] as? String == "2025-03-05" && update["page"] as? Int == 120)
    #expect(update["total_pages"] as? Int == 352 && update["percent"] as? Double == 34.1)
    let percent = await chaek.run("progress", id, "50%", "--date", "2025-03-10")
    #expect(percent.out == "‘채식주의자’: 50% on 2025-03-10 · 읽는 중.\n")

    let finished = await chaek.run("finished", id, "--date", "2025-03-20")
    #expect(finished.out == "‘채식주의자’ is now on 읽은 책 (finished 2025-03-20).\n")
    let journal = await chaek.run("journal", id)
    #expect(journal.out.contains("Shelf       읽은 책 (finished 2025-03-20)"))
    #expect(journal.out.contains("  2025-03-01 → 2025-03-20\n    2025-03-05  page 120 of 352 (34.1%)\n"))
    let entry = try await chaek.object("journal", id, "--json")
    #expect(Set(entry.keys) == journalKeys && entry["shelf"] as? String == "read")

    let dnf = await chaek.run("shelf", id, "중단한 책")
    #expect(dnf.status == 0 && dnf.out.hasSuffix("is now on 중단한 책.\n"))
  }

  @Test func rateReviewAndTagAndFilterTheSavedList() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let ids = try await chaek.starterIDs("한강", count: 2)
    let rated = try await chaek.object("rate", ids[0], "4.5", "--json")
    #expect(rated["rating"] as? Double == 4.5 && Set(rated.keys) == journalKeys)
    #expect(await chaek.run("rate", ids[0], "--clear").out.hasSuffix("has no rating.\n"))
    #expect(await chaek.run("rate", ids[0], "4").out.hasSuffix(" ★4.\n"))

    #expect(await chaek.run("review", ids[0], "담담해서", "더", "아팠다.").out.hasPrefix("Saved the review of"))
    #expect(try await chaek.object("journal", ids[0], "--json")["review"] as? String == "담담해서 더 아팠다.")
    #expect(await chaek.run("review", ids[0], "").out.hasSuffix("has no review.\n"))
    #expect(try await chaek.object("journal", ids[0], "--json")["review"] as? String == "")

    let tagged = try await chaek.object("tag", ids[0], "소설", "한국문학", "--json")
    #expect(tagged["tags"] as? [String] == ["소설", "한국문학"])
    await chaek.run("tag", ids[1], "소설")
    #expect(await chaek.run("tag", ids[0], "한국문학", "--remove").out.hasSuffix("tags: 소설.\n"))
    let counts = try await chaek.array("tags", "--json")
    #expect(counts.map { $0["tag"] as? String } == ["소설"] && counts.first?["books"] as? Int == 2)
    #expect(await chaek.run("tags").out == "TAG   BOOKS\n소설      2\n")

    await chaek.run("finished", ids[1])
    let list = await chaek.run("saved")
    #expect(list.out.contains("SHELF") && list.out.contains("RATING") && list.out.contains("★4"))
    #expect(list.out.contains("읽고 싶은 책") && list.out.contains("읽은 책"))
    let read = try await chaek.array("saved", "--shelf", "read", "--json")
    #expect(read.map { $0["id"] as? String } == [ids[1]])
    #expect(try await chaek.array("saved", "--tag", "소설", "--json").count == 2)
    #expect(await chaek.run("saved", "--tag", "없는 태그").out == "No saved books tagged ‘없는 태그’.\n")
    #expect(await chaek.run("saved", "--shelf", "dnf").out == "No saved books on 중단한 책.\n")
  }

  @Test func notesAndQuotesAreAddedEditedDeletedAndFound() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let id = try await chaek.starterIDs("채식주의자")[0]
    let note = try await chaek.object("note", id, "채식주의자의 3부가", "가장 좋았다", "--date", "2025-03-02", "--json")
    #expect(Set(note.keys) == ["id", "book_id", "kind", "text", "page", "day", "version"])
    #expect(note["kind"] as? String == "note" && note["day"] as? String == "2025-03-02")
    let quote = await chaek.run("quote", id, "나는 이제 고기를 먹지 않을 거야.", "--page", "24")
    #expect(quote.status == 0 && quote.out.hasPrefix("Added quote #2 of ‘채식주의자’ ("))
    #expect(quote.out.hasSuffix(", p. 24).\n"))

    let listed = try await chaek.array("notes", id, "--json")
    #expect(listed.map { $0["kind"] as? String } == ["note", "quote"])
    #expect(await chaek.run("notes", id).out.contains("#2  "))
    // Korean-aware: a word inside a longer one, and initials.
    let found = try await chaek.array("notes", "--search", "채식", "--json")
    #expect(found.count == 1 && Set(found[0].keys) == ["note", "title"])
    #expect(try await chaek.array("notes", "--search", "ㄱㄱㄹ", "--json").count == 1)
    #expect(await chaek.run("notes", "--search", "없는말").out == "No notes or quotes match ‘없는말’.\n")

    // Editing a quote keeps its page; either command edits either kind.
    let edited = try await chaek.object("note", "--edit", "2", "나는", "꿈을", "꾸었어.", "--json")
    #expect(edited["text"] as? String == "나는 꿈을 꾸었어." && edited["page"] as? Int == 24)
    #expect(edited["kind"] as? String == "quote" && edited["version"] as? Int == 2)
    let deleted = await chaek.run("quote", "--delete", "1")
    #expect(deleted.out == "Deleted note #1 of ‘채식주의자’ (2025-03-02).\n")
    #expect(try await chaek.array("notes", id, "--json").count == 1)
    let journal = await chaek.run("journal", id)
    #expect(journal.out.contains("\nQuotes\n  #2  ") && !journal.out.contains("\nNotes\n"))
  }

  @Test func statsShowMonthsRatingsAuthorsAndTheGoalPace() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let ids = try await chaek.starterIDs("한강", count: 2)
    await chaek.run("progress", ids[0], "100/200", "--date", "2025-01-10")
    await chaek.run("finished", ids[0], "--date", "2025-01-20")
    await chaek.run("finished", ids[1], "--date", "2025-03-05")
    await chaek.run("rate", ids[0], "4.5")
    #expect(await chaek.run("goal", "10", "--year", "2025").out == "Goal: 2 of 10 books (20%)\n")
    let stats = try await chaek.object("stats", "--year", "2025", "--json")
    #expect(stats["books"] as? Int == 2 && stats["pages"] as? Int == 200 && stats["goal"] as? Int == 10)
    let months = try #require(stats["months"] as? [[String: Any]])
    #expect(months.map { $0["books"] as? Int } == [1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    #expect((stats["ratings"] as? [Int])?[8] == 1)
    #expect(stats["expected_by_today"] is NSNull)
    let text = await chaek.run("stats", "--year", "2025")
    #expect(text.out.hasPrefix("2025: 2 books, 200 pages\n\nBooks by month\n  Jan  ████"))
    #expect(text.out.contains("  Jan  " + String(repeating: "█", count: 24) + "  1 book, 200 pages\n  Feb\n"))
    #expect(
      text.out.contains("Ratings\n  ★5   ")
        && text.out.contains("  ★4.5 " + String(repeating: "█", count: 24)))
    #expect(text.out.contains("  Mar  " + String(repeating: "█", count: 24) + "  1 book\n"))  // pages unknown
    #expect(text.out.contains("Top authors\n  한강  2 books\n"))
    #expect(text.out.hasSuffix("\nGoal: 2 of 10 books (20%)\n"))

    // This year: the pace against the goal's share of the year gone by today.
    let today = CalendarDay.today()
    await chaek.run("start", ids[0], "--date", today.description)
    await chaek.run("finished", ids[0], "--date", today.description)
    await chaek.run("goal", "100")
    let now = try await chaek.object("stats", "--json")
    let expected = try #require(now["expected_by_today"] as? Double)
    let pace = GoalPace(books: 1, goal: 100, expected: expected)
    #expect(await chaek.run("stats").out.hasSuffix("Goal: 1 of 100 books (1%) · \(pace)\n"))
    #expect(await chaek.run("goal").out == "Goal: 1 of 100 books (1%) · \(pace)\n")
    #expect(try await chaek.object("goal", "--clear", "--json")["goal"] is NSNull)
    #expect(await chaek.run("goal").out.hasPrefix("No goal for \(today.year)."))
  }

  @Test func paceSaysAheadOnPaceOrWhatIsLeftWithoutScolding() {
    #expect(GoalPace(books: 8, goal: 20, expected: 5.2).description == "계획보다 3권 앞서 있어요")
    #expect(GoalPace(books: 5, goal: 20, expected: 5.4).description == "계획대로 읽고 있어요")
    #expect(GoalPace(books: 3, goal: 20, expected: 4.8).description == "목표까지 17권 남았어요")
    #expect(GoalPace(books: 20, goal: 20, expected: 19).description == "목표를 이뤘어요")
  }

  @Test func badInputExitsWithUsageAndChangesNothing() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let id = try await chaek.starterIDs("채식주의자")[0]
    let refused: [([String], String)] = [
      (["rate", id, "6"], "a rating is 0.5 to 5 in half stars"),
      (["rate", id, "4.25"], "a rating is 0.5 to 5 in half stars"),
      (["rate", id, "별"], "a rating is 0.5 to 5"),
      (["progress", id, "400/352"], "progress is PAGE/PAGES, PAGE or PERCENT%"),
      (["progress", id, "120%"], "progress is PAGE/PAGES"),
      (["progress", id, "half"], "progress is PAGE/PAGES"),
      (["start", id, "--date", "2025-02-30"], "--date must be a date as YYYY-MM-DD"),
      (["finished", id, "--date", "yesterday"], "--date must be a date as YYYY-MM-DD"),
      (["shelf", id, "later"], "a shelf is want (읽고 싶은 책), reading (읽는 중), read (읽은 책), dnf (중단한 책)"),
      (["note", id], "missing TEXT"),
      (["quote", id, "x", "--page", "0"], "--page must be 1 to 100000"),
      (["note", "--edit", "1", "x", "--delete", "1"], "give --edit or --delete, not both"),
      (["tag", id, String(repeating: "가", count: 101)], "a tag is at most 100 characters"),
      (["goal", "0"], "a goal is 1 to 10000 books"),
      (["goal", "12", "--clear"], "expected BOOKS, or --clear"),
      (["stats", "--year", "0"], "--year must be 1 to 9999"),
      (["journal", "not-an-id"], "is not a book id or ISBN"),
      (["notes"], "give a book (ID or ISBN), or --search QUERY"),
    ]
    for (arguments, message) in refused {
      let result = await chaek.run(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.err.contains(message), "\(arguments): \(result.err)")
      let command = try #require(Command.all.first { $0.name == arguments[0] })
      #expect(result.err.hasSuffix("\n\(command.usage)\n"), "\(arguments)")
      #expect(result.out.isEmpty, "\(arguments)")
    }
    // A value only the library refuses (a tag too long) saves nothing: the book is saved in the
    // change's transaction, so it is neither saved nor saved and removed again (a removal would
    // refuse a save queued offline a minute ago and replayed now).
    #expect(await chaek.run("saved", "--json").out == "[]\n")
    let found = try #require(
      (try JSONSerialization.jsonObject(
        with: Data(await chaek.run("search", "채식주의자", "--source", "local", "--json").out.utf8))
        as? [String: Any])?["documents"] as? [Any])
    let vegetarian = try JSONDecoder().decode(
      Book.self, from: JSONSerialization.data(withJSONObject: try #require(found.first)))
    try #require(vegetarian.id.rawValue == id)
    #expect(try await chaek.library().save(vegetarian, changedAt: Date(timeIntervalSinceNow: -60)) == .saved)
    #expect(await chaek.run("remove", id).status == 0)
    #expect(try await chaek.library().goals.books(for: CalendarDay.today().year) == nil)

    let failures: [([String], String)] = [
      (["journal", id], "\(id) is not in your books; save it with `chaek save \(id)`"),
      (["rate", id, "--clear"], "is not in your books"),
      (["notes", id], "is not in your books"),
      (["note", "--edit", "7", "x"], "no note or quote 7"),
      (["quote", "--delete", "7"], "no note or quote 7"),
    ]
    for (arguments, message) in failures {
      let result = await chaek.run(arguments)
      #expect(result.status == 1 && result.err.hasPrefix("chaek \(arguments[0]): "), "\(arguments)")
      #expect(result.err.contains(message) && result.out.isEmpty, "\(arguments): \(result.err)")
    }
    #expect(await chaek.run("saved", "--json").out == "[]\n")
  }

  @Test func removeAsksWhenTheBookHasAJournalAndRefusesWithoutYesInAScript() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let ids = try await chaek.starterIDs("한강", count: 2)
    await chaek.run("note", ids[0], "생각")
    await chaek.run("note", ids[0], "또 생각")
    await chaek.run("quote", ids[0], "문장")
    await chaek.run("start", ids[0])
    let refused = await chaek.run("remove", ids[0])
    #expect(refused.status == 2 && refused.out.isEmpty)
    #expect(
      refused.err.contains("refusing to remove ‘")
        && refused.err.contains(
          "and its 2 notes, 1 quote and 1 reading without --yes (input is not a terminal)")
    )
    let declined = await chaek.run(["remove", ids[0]], input: ["n"], interactive: true)
    #expect(declined.out.hasPrefix("Also deletes 2 notes, 1 quote and 1 reading. Remove ‘"))
    #expect(declined.out.hasSuffix("? [y/N] Nothing removed.\n"))
    #expect(try await chaek.library().entry(try #require(BookID(parsing: ids[0])))?.notes.count == 2)

    await chaek.run("save", ids[1])
    let clear = await chaek.run("clear")
    #expect(
      clear.status == 2
        && clear.err.contains(
          "refusing to remove 2 saved books and their 2 notes, 1 quote and 1 reading without --yes")
    )
    let declinedClear = await chaek.run(["clear"], input: ["no"], interactive: true)
    #expect(
      declinedClear.out
        == "Also deletes 2 notes, 1 quote and 1 reading. Remove all 2 saved books? [y/N] Nothing removed.\n")

    #expect(await chaek.run("remove", ids[1]).out.hasPrefix("Removed ‘"))  // no journal: no question
    let confirmed = await chaek.run(["remove", ids[0]], input: ["y"], interactive: true)
    #expect(confirmed.out.hasSuffix("? [y/N] Removed ‘\(try await chaek.starterTitle(ids[0]))’.\n"))
    #expect(await chaek.run("saved", "--json").out == "[]\n")
    #expect(try await chaek.array("notes", "--search", "생각", "--json").isEmpty)
  }

  @Test func backupCopiesTheLibraryWhileAnotherConnectionWrites() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let ids = try await chaek.starterIDs("the", count: 4)
    for id in ids { await chaek.run("save", id) }
    await chaek.run("note", ids[0], "before the copy")
    let writer = try chaek.library()
    let first = try #require(BookID(parsing: ids[0]))
    let writing = Task {
      var written = 0
      while !Task.isCancelled && written < 2_000 {
        try await writer.addNote(
          .note, to: first, text: "written meanwhile \(written)", day: CalendarDay.today())
        written += 1
      }
      return written
    }
    let file = chaek.home.appendingPathComponent("copy.sqlite")
    let backup = try await chaek.object("backup", file.path, "--json")
    writing.cancel()
    let written = try await writing.value
    #expect(Set(backup.keys) == ["path", "bytes", "saved_books"])
    #expect(backup["saved_books"] as? Int == 4 && backup["path"] as? String == file.path)
    let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
    #expect(backup["bytes"] as? Int == size)
    #expect(!FileManager.default.fileExists(atPath: file.path + "-wal"))

    let copy = try Library(path: file.path)
    #expect(Set(try await copy.savedBooks().map(\.book.id.rawValue)) == Set(ids))
    let notes = try #require(try await copy.entry(first)).notes
    #expect(notes.first?.text == "before the copy" && notes.count <= 1 + written)

    let again = await chaek.run("backup", file.path)
    #expect(again.status == 1 && again.err.contains("exists; a backup never overwrites a file"))
    let text = await chaek.run("backup", chaek.home.appendingPathComponent("second.sqlite").path)
    #expect(text.status == 0 && text.out.hasSuffix(" KB, 4 saved books.\n"))
    let nowhere = await chaek.run("backup", chaek.home.appendingPathComponent("no/such/dir.sqlite").path)
    #expect(nowhere.status == 1 && nowhere.err.hasPrefix("chaek backup: cannot write "))
  }
}

extension InProcessChaek {
  /// The title of a saved or starter book.
  func starterTitle(_ id: String) async throws -> String {
    let shown = try await object("show", id, "--source", "local", "--json")
    return try #require((shown["book"] as? [String: Any])?["title"] as? String)
  }
}
