import BookModel
import Testing

@testable import ChaekCLI

@Suite("Argument parsing")
struct ArgumentsTests {
  func parse(_ words: [String]) throws(CLIError) -> Arguments {
    try Arguments(words, command: "search", options: Command.search.options)
  }

  @Test func positionalsOptionsAndFlagsInAnyOrder() throws {
    let arguments = try parse(["해리", "--page", "2", "포터", "--json", "--sort=latest"])
    #expect(arguments.positionals == ["해리", "포터"])
    #expect(arguments.integer(.page) == 2)
    #expect(arguments.choice(.searchSort, as: SearchQuery.Sort.self) == .latest)
    #expect(arguments.flag(.searchJSON))
    #expect(arguments.integer(.size) == nil && !arguments.wantsHelp)
  }

  @Test func doubleDashEndsOptions() throws {
    #expect(try parse(["--", "--json", "-x"]).positionals == ["--json", "-x"])
  }

  @Test func helpIsAlwaysAccepted() throws {
    #expect(try parse(["-h"]).wantsHelp)
    #expect(try parse(["--help"]).wantsHelp)
  }

  @Test(arguments: [
    (["--bogus"], "unknown option --bogus for 'search'"),
    (["-x"], "unknown option -x for 'search'"),
    (["--token", "t"], "unknown option --token for 'search'"),
    (["--page"], "--page needs a value"),
    (["--json=yes"], "--json takes no value"),
  ])
  func mistakesAreUsageErrors(words: [String], message: String) {
    #expect(throws: CLIError.usage(message)) { try parse(words) }
  }

  @Test func commandsWithoutOperandsRefuseThem() throws {
    #expect(throws: CLIError.usage("unexpected 'extra'")) { try parse(["extra"]).expectNoOperands() }
    try parse(["--json"]).expectNoOperands()
  }

  @Test(arguments: [
    (["--page", "51"], "--page must be 1 to 50 (got '51')"),
    (["--page=0"], "--page must be 1 to 50 (got '0')"),
    (["--page", "two"], "--page must be 1 to 50 (got 'two')"),
    (["--size", "100"], "--size must be 1 to 50 (got '100')"),
    (["--target", "author"], "--target must be one of title, person, publisher, isbn (got 'author')"),
    (["--source", "nowhere"], "--source must be one of auto, kakao, openlibrary, local (got 'nowhere')"),
  ])
  func rangeAndChoiceErrorsNameTheOption(words: [String], message: String) {
    #expect(throws: CLIError.usage(message)) { try parse(words) }
  }

  @Test func theEdgesOfARangeAreAccepted() throws {
    #expect(try parse(["--page", "1", "--size", "50"]).integer(.size) == 50)
    #expect(try parse(["--page=50"]).integer(.page) == 50)
    #expect(try Arguments(["--port", "0"], command: "serve", options: [.port]).integer(.port) == 0)
    #expect(try Arguments(["--port", "65535"], command: "serve", options: [.port]).integer(.port) == 65_535)
    #expect(throws: CLIError.usage("--port must be 0 to 65535 (got '65536')")) {
      try Arguments(["--port", "65536"], command: "serve", options: [.port])
    }
  }
}
