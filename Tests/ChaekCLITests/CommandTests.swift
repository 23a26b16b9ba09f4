import BookModel
import Foundation
import Storage
import Testing

@testable import ChaekCLI

/// Runs `chaek` in-process against a data directory of its own.
struct InProcessChaek {
  let home: URL

  init() throws {
    home = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-cli-\(UUID())")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(at: home) }

  var environment: [String: String] { ["CHAEK_HOME": home.path, "HOME": home.path] }

  @discardableResult
  func run(
    _ arguments: String..., input: [String] = [], interactive: Bool = false, errorTerminal: Bool = false,
    extra: [String: String] = [:]
  ) async -> (status: Int32, out: String, err: String) {
    let console = MemoryConsole(input: input, interactive: interactive, errorTerminal: errorTerminal)
    let status = await CLI.run(arguments, environment: environment.merging(extra) { $1 }, console: console)
    return (status, console.standardOutput, console.standardError)
  }
}

@Suite("chaek commands")
struct CommandTests {
  @Test func helpAndUsageErrors() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let help = await chaek.run("help")
    #expect(help.status == 0 && help.out.contains("search") && help.out.contains("recent"))
    let searchHelp = await chaek.run("search", "--help")
    #expect(searchHelp.status == 0 && searchHelp.out.hasPrefix("usage: chaek search QUERY"))
    #expect(await chaek.run("help", "nothing").status == 2)
    let unknown = await chaek.run("fly")
    #expect(
      unknown.status == 2 && unknown.err == "chaek: unknown command 'fly'; run `chaek help` for the list\n")
    let missing = await chaek.run("search")
    #expect(missing.status == 2 && missing.err.hasPrefix("chaek search: missing QUERY\n"))
    let page = await chaek.run("search", "x", "--page", "51", "--source", "local")
    #expect(
      page.status == 2
        && page.err == "chaek search: --page must be 1 to 50 (got '51')\n\(Command.search.usage)\n")
    let target = await chaek.run("search", "x", "--target", "author")
    #expect(
      target.status == 2 && target.err.hasPrefix("chaek search: --target must be one of title, person,"))
    #expect(await chaek.run("search", "x", "--source", "nowhere").status == 2)
    let unknownOption = await chaek.run("saved", "--page", "2")
    #expect(unknownOption.status == 2 && unknownOption.out.isEmpty)
    #expect(
      unknownOption.err
        == "chaek saved: unknown option --page for 'saved'\n"
        + "usage: chaek saved [--sort title|added|finished|rating|author] [--shelf want|reading|read|dnf] [--tag T] [--json] [--user NAME]\n"
    )
  }

  /// The usage lines scripts and docs/CLI.md rely on, made from the declarations.
  @Test func usageLinesComeFromTheDeclaredOptions() {
    #expect(
      Command.search.usage
        == "usage: chaek search QUERY [--target title|person|publisher|isbn] [--sort accuracy|latest] "
        + "[--page N] [--size N] [--source auto|kakao|openlibrary|local] [--json] [--user NAME]")
    #expect(
      Command.importFile.usage
        == "usage: chaek import FILE [--format kakao|goodbooks|goodreads|openlibrary|storygraph] [--user NAME]"
    )
    #expect(Command.clear.usage == "usage: chaek clear [--yes] [--user NAME]")
    #expect(Command.remove.usage == "usage: chaek remove ID|ISBN [--yes] [--user NAME]")
    #expect(
      Command.serve.usage
        == "usage: chaek serve [--host H] [--port N] [--source auto|kakao|openlibrary|local] [--token T] "
        + "[--trust-proxy] [--database URL]")
  }

  /// Every declared option is in the help with its range or choices, and every option the help
  /// names parses: help and parsing cannot drift apart.
  @Test(arguments: Command.all.map(\.name))
  func helpAndParsingComeFromOneDeclaration(name: String) async throws {
    let command = try #require(Command.all.first { $0.name == name })
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let help = await chaek.run(name, "--help")
    #expect(help.status == 0 && help.out == command.help)
    #expect(await chaek.run("help", name).out == command.help)
    #expect(help.out.hasPrefix(command.usage + "\n\n" + command.summary + "\n"))
    for option in command.accepted {
      #expect(help.out.contains("\n  \(option.label)   ") || help.out.contains("\n  \(option.label) "))
      #expect(command.usage.contains("[\(option.synopsis)]"))
      switch option.kind {
      case .flag, .text: break
      case .integer(let range): #expect(help.out.contains("\(range.lowerBound) to \(range.upperBound)"))
      case .choice(let values): #expect(values.allSatisfy { help.out.contains($0) })
      }
    }
    let named = Set(help.out.matches(of: /--[a-z]+(?:-[a-z]+)*/).map { String($0.output.dropFirst(2)) })
    #expect(named.isSuperset(of: command.accepted.map(\.name)))
    for name in named.subtracting(["help"]) {
      let option = try #require(
        command.accepted.first { $0.name == name }, "the help of \(command.name) names --\(name)")
      let value: [String] =
        switch option.kind {
        case .flag: []
        case .text: ["x"]
        case .integer(let range): [String(range.upperBound)]
        case .choice(let values): [values.last ?? ""]
        }
      let parsed = try Arguments(["--\(name)"] + value, command: command.name, options: command.accepted)
      #expect(parsed.flags.contains(name) || parsed.values[name] == value.first)
    }
  }

  @Test func searchFindsStarterBooksOffline() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let result = await chaek.run("search", "채식", "--source", "local")
    #expect(result.status == 0)
    #expect(result.out.contains("채식주의자") && result.out.contains("한강"))
    #expect(result.out.hasPrefix("TITLE"))
    let json = await chaek.run("search", "해리포터", "--source", "local", "--json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect(Set(object.keys) == ["documents", "meta"])
    let meta = try #require(object["meta"] as? [String: Any])
    #expect(Set(meta.keys) == ["total_count", "pageable_count", "is_end"])
    let titles = try #require(object["documents"] as? [[String: Any]]).compactMap { $0["title"] as? String }
    #expect(titles.contains("해리 포터와 마법사의 돌"))
  }

  @Test func unreachableProviderFallsBackToTheCatalogAndSaysSo() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let result = await chaek.run("search", "채식", extra: ["CHAEK_OPENLIBRARY_URL": "http://127.0.0.1:1"])
    #expect(result.status == 0)
    #expect(result.err.contains("Open Library could not be reached"))
    #expect(result.err.contains("offline catalog"))
    #expect(result.out.contains("채식주의자"))
    let kakao = await chaek.run("search", "채식", "--source", "kakao")
    #expect(kakao.status == 1 && kakao.err.contains("KAKAO_REST_API_KEY"))
    let badURL = await chaek.run("search", "x", extra: ["CHAEK_KAKAO_URL": "ftp://x"])
    #expect(badURL.status == 1 && badURL.err.contains("CHAEK_KAKAO_URL is not an http(s) URL"))
    // Only what searches reads the provider settings: 담은 책 lists whatever they say.
    let listed = await chaek.run("saved", extra: ["CHAEK_KAKAO_URL": "ftp://x"])
    #expect(listed.status == 0 && listed.out.hasPrefix("No saved books yet."))
  }

  @Test func saveListRemoveAndRecentRoundTrip() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let json = await chaek.run("search", "한강", "--target", "person", "--source", "local", "--json")
    let documents = try #require(
      (try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])?["documents"]
        as? [[String: Any]])
    try #require(documents.count >= 2)
    let ids = try documents.prefix(2).map { document in
      try #require(
        try CatalogIdentity.of(document), "every starter book has an identity")
    }
    let saved = await chaek.run("save", ids[0])
    #expect(saved.status == 0 && saved.out.hasPrefix("Saved ‘"))
    #expect(await chaek.run("save", ids[0]).out.hasSuffix("is already saved.\n"))
    #expect(await chaek.run("save", ids[1]).status == 0)
    let list = await chaek.run("saved", "--json")
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(list.out.utf8)) as? [[String: Any]])
    #expect(Set(entries.compactMap { $0["id"] as? String }) == Set(ids))
    #expect(await chaek.run("saved").out.contains("2 saved books"))
    let removed = await chaek.run("remove", ids[0])
    #expect(removed.status == 0 && removed.out.hasPrefix("Removed ‘"))
    let again = await chaek.run("remove", ids[0])
    #expect(again.status == 1 && again.err.contains("is not in your saved books"))
    #expect(await chaek.run("remove", "not-an-id").status == 2)

    let shown = await chaek.run("show", ids[1])
    #expect(shown.status == 0 && shown.out.contains("♥ saved"))
    await chaek.run("show", ids[0], "--json")
    let recent = await chaek.run("recent", "--json")
    let views = try #require(
      try JSONSerialization.jsonObject(with: Data(recent.out.utf8)) as? [[String: Any]])
    #expect(views.compactMap { $0["id"] as? String } == [ids[0], ids[1]])
    let unknown = await chaek.run("show", "9780306406157", "--source", "local")
    #expect(unknown.status == 1 && unknown.err.contains("no book 9780306406157"))
  }

  @Test func aLibraryANewerChaekWroteIsRefusedWithWhatToDo() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    #expect(await chaek.run("saved").status == 0)
    let path = chaek.home.appendingPathComponent("library.sqlite").path
    _ = try await Database(path: path).write { connection in
      try connection.run(
        "INSERT INTO schema_migrations (name, applied_at) VALUES ('create shared libraries', 1e10)")
    }
    let refused = await chaek.run("saved")
    #expect(refused.status == 1)
    #expect(
      refused.err == "chaek saved: \(path) was written by a newer version of Chaek (its schema has "
        + "‘create shared libraries’, which this version does not know): open it with that version or "
        + "a newer one; nothing was changed\n")
  }

  @Test func clearConfirmsOnATerminalAndRefusesWithoutYesOtherwise() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let json = await chaek.run("search", "채식", "--source", "local", "--json")
    let document = try #require(
      ((try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])?["documents"]
        as? [[String: Any]])?
        .first)
    await chaek.run("save", try #require(try CatalogIdentity.of(document)))
    let refused = await chaek.run("clear")
    #expect(refused.status == 2 && refused.err.contains("without --yes"))
    let declined = await chaek.run("clear", input: ["n"], interactive: true)
    #expect(declined.out.contains("Remove all 1 saved book? [y/N] Nothing removed."))
    #expect(await chaek.run("saved", "--json").out != "[]\n")
    let confirmed = await chaek.run("clear", input: ["y"], interactive: true)
    #expect(confirmed.out.hasSuffix("Removed 1 saved book.\n"))
    #expect(await chaek.run("saved", "--json").out == "[]\n")
    #expect(await chaek.run("clear", "--yes").out == "No saved books to remove.\n")
  }

  @Test func importReportsBadLinesAndIsIdempotent() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let file = chaek.home.appendingPathComponent("books.jsonl")
    try """
    {"title":"가상의 책","authors":["홍길동"],"isbn":"9791160401233","publisher":"가상출판","price":15000,"sale_price":13500}
    {"title":
    {"authors":["제목 없음"]}
    {"title":"Another Imaginary Book","authors":["Jane Roe"],"url":"https://example.com/another"}
    """.write(to: file, atomically: true, encoding: .utf8)
    let first = await chaek.run("import", file.path)
    #expect(first.status == 0)
    #expect(
      first.out.hasSuffix("2 added, 0 updated, 0 unchanged, 2 skipped: 1 × invalid JSON, 1 × no title.\n"))
    #expect(first.err.contains("books.jsonl:2: skipped: invalid JSON\n"))
    #expect(first.err.contains("books.jsonl:3: skipped: no title\n"))
    #expect(await chaek.run("import", file.path).out.contains("0 added, 0 updated, 2 unchanged"))
    let found = await chaek.run("search", "가상", "--source", "local")
    #expect(found.out.contains("가상의 책") && found.out.contains("13,500원"))
    let missing = await chaek.run("import", chaek.home.appendingPathComponent("nope.json").path)
    #expect(missing.status == 1 && missing.err.hasPrefix("chaek import: cannot read"))
  }
}

/// Reads a book's identity the way a script would: decode the Kakao document and ask BookModel.
enum CatalogIdentity {
  static func of(_ document: [String: Any]) throws -> String? {
    let data = try JSONSerialization.data(withJSONObject: document)
    return try JSONDecoder().decode(Book.self, from: data).id.rawValue
  }
}
