import Testing

@testable import ChaekCLI

@Suite("Argument parsing")
struct ArgumentsTests {
  func parse(_ words: [String]) throws(CLIError) -> Arguments {
    try Arguments(words, command: "search", valued: ["page", "sort"], flags: ["json"])
  }

  @Test func positionalsOptionsAndFlagsInAnyOrder() throws {
    let arguments = try parse(["해리", "--page", "2", "포터", "--json", "--sort=latest"])
    #expect(arguments.positionals == ["해리", "포터"])
    #expect(arguments.options == ["page": "2", "sort": "latest"])
    #expect(arguments.flags == ["json"])
  }

  @Test func doubleDashEndsOptions() throws {
    #expect(try parse(["--", "--json", "-x"]).positionals == ["--json", "-x"])
  }

  @Test func helpIsAlwaysAccepted() throws {
    #expect(try parse(["-h"]).flags.contains("help"))
    #expect(try parse(["--help"]).flags.contains("help"))
  }

  @Test(arguments: [
    (["--bogus"], "unknown option --bogus for 'search'"),
    (["-x"], "unknown option -x for 'search'"),
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

  @Test func choicesAndNumbersAreValidated() throws {
    #expect(throws: CLIError.usage("--page must be a number (got 'two')")) {
      try parse(["--page", "two"]).integer("page")
    }
    #expect(try parse(["--page", "3"]).integer("page") == 3)
  }
}
