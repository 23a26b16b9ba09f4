import Foundation
import Testing

@testable import ChaekCLI

@Suite("chaek users and --user")
struct UsersCommandTests {
  /// The id of the starter catalog's 채식주의자.
  private static func vegetarian(in chaek: InProcessChaek) async throws -> String {
    let json = await chaek.run("search", "채식주의자", "--source", "local", "--json")
    let documents = try #require(
      (try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])?["documents"]
        as? [[String: Any]])
    let first = try #require(documents.first)
    return try #require(try CatalogIdentity.of(first))
  }

  @Test func theFirstReaderKeepsTheOwnersBooksAndCommandsThenNameTheirReader() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    #expect(await chaek.run("save", try await Self.vegetarian(in: chaek)).status == 0)
    let added = await chaek.run("users", "add", "민지", input: ["correct horse"])
    #expect(added.status == 0)
    #expect(added.out.contains("Added 민지 (admin)") && added.out.contains("everyone now signs in"))
    #expect(await chaek.run("users", "add", "준호", input: ["battery staple"]).status == 0)

    let unnamed = await chaek.run("saved")
    #expect(unnamed.status == 2)
    #expect(unnamed.err.contains("this Chaek has readers (민지, 준호): say whose data with --user NAME"))
    #expect(await chaek.run("saved", "--user", "민지").out.contains("채식주의자"))
    #expect(!(await chaek.run("saved", "--user", "준호").out.contains("채식주의자")))
    let nobody = await chaek.run("saved", "--user", "누구")
    #expect(nobody.status == 1 && nobody.err.contains("there is no reader named 누구"))

    _ = await chaek.run("note", try await Self.vegetarian(in: chaek), "민지의 메모", "--user", "민지")
    #expect(await chaek.run("notes", "--search", "메모", "--user", "민지").out.contains("민지의 메모"))
    #expect(!(await chaek.run("notes", "--search", "메모", "--user", "준호").out.contains("민지의 메모")))
    #expect(await chaek.run("export", "-", "--user", "준호").out.contains("민지의 메모") == false)

    let list = await chaek.run("users", "list")
    #expect(list.out.hasPrefix("NAME"))
    #expect(list.out.contains("민지") && list.out.contains("yes") && list.out.contains("준호"))
    #expect(await chaek.run("users", "list", "--user", "민지").status == 2, "users acts for no reader")
  }

  @Test func passwordsAreReadFromStandardInputAndCheckedTwiceOnATerminal() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    let short = await chaek.run("users", "add", "민지", input: ["short"])
    #expect(short.status == 1 && short.err.contains("at least 8 characters"))
    let differ = await chaek.run(
      "users", "add", "민지", input: ["correct horse", "correct hose"], interactive: true)
    #expect(differ.status == 1 && differ.err.contains("the passwords differ"))
    #expect(await chaek.run("users", "list").out.contains("No readers"))
    let typed = await chaek.run(
      "users", "add", "민지", input: ["correct horse", "correct horse"], interactive: true)
    #expect(typed.status == 0 && typed.err.contains("Password for 민지: ") && !typed.err.contains("correct"))
    #expect(
      await chaek.run("users", "add", "민지", input: ["correct horse"]).err.contains(
        "already a reader named 민지"))
    #expect(await chaek.run("users", "passwd", "민지", input: ["new password"]).status == 0)
  }

  @Test func tokensArePrintedOnceAndRevoked() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    _ = await chaek.run("users", "add", "민지", input: ["correct horse"])
    let token = await chaek.run("users", "token", "민지").out.trimmingCharacters(in: .newlines)
    #expect(token.count == 43)
    #expect(await chaek.run("users", "list").out.contains(" 1"))
    #expect(await chaek.run("users", "token", "민지", "--revoke", "nope").status == 1)
    #expect(await chaek.run("users", "token", "민지", "--revoke", token).out == "Ended 1 token of 민지.\n")
  }

  @Test func removingAReaderAsksFirstAndDeletesTheirLibrary() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    _ = await chaek.run("users", "add", "민지", input: ["correct horse"])
    _ = await chaek.run("users", "add", "준호", input: ["battery staple"])
    #expect(await chaek.run("save", try await Self.vegetarian(in: chaek), "--user", "준호").status == 0)
    let library = chaek.home.appendingPathComponent("readers/2.sqlite").path
    #expect(FileManager.default.fileExists(atPath: library))
    #expect(await chaek.run("users", "remove", "준호").status == 2, "a script must say --yes")
    #expect(await chaek.run("users", "remove", "민지", "--yes").err.contains("last admin"))
    #expect(await chaek.run("users", "remove", "준호", "--yes").out == "Removed 준호.\n")
    #expect(!FileManager.default.fileExists(atPath: library))
    #expect(await chaek.run("users", "list").out.contains("준호") == false)
  }
}

@Suite("chaek backup with readers")
struct InstanceBackupTests {
  @Test func aReadersBackupHoldsTheirsAndTheWholeInstanceIsReadableByItsOwnerOnly() async throws {
    let chaek = try InProcessChaek()
    defer { chaek.remove() }
    _ = await chaek.run("users", "add", "민지", input: ["correct horse"])
    _ = await chaek.run("users", "add", "준호", input: ["battery staple"])
    let search = await chaek.run("search", "채식주의자", "--source", "local", "--json")
    let documents = try #require(
      (try JSONSerialization.jsonObject(with: Data(search.out.utf8)) as? [String: Any])?["documents"]
        as? [[String: Any]])
    let first = try #require(documents.first)
    #expect(await chaek.run("save", try #require(try CatalogIdentity.of(first)), "--user", "준호").status == 0)

    let own = chaek.home.appendingPathComponent("준호.sqlite").path
    #expect(await chaek.run("backup", own, "--user", "민지").out.contains("0 saved books"))
    #expect(await chaek.run("backup", own + "2", "--user", "준호").out.contains("1 saved book"))

    let whole = chaek.home.appendingPathComponent("instance").path
    let copied = await chaek.run("backup", whole, "--all")
    #expect(
      copied.out
        == "Copied the libraries of 2 readers (1 saved book) and the accounts to \(whole), readable by you only.\n"
    )
    for file in ["", "/accounts.sqlite", "/library.sqlite", "/readers/2.sqlite"] {
      let mode = try #require(
        try FileManager.default.attributesOfItem(atPath: whole + file)[.posixPermissions] as? Int)
      #expect(mode & 0o077 == 0, "\(file) is readable by others: \(String(mode, radix: 8))")
    }
    #expect(await chaek.run("backup", whole, "--all").status == 1, "a backup never overwrites")
    #expect(await chaek.run("backup", whole + "2", "--all", "--user", "민지").status == 2)
  }
}
