/// A command line split into operands, option values and flags, checked against the options a
/// command declares. Options are `--name value` or `--name=value`; `--` ends options; `-h` and
/// `--help` are always accepted. Every value is checked as it is read, so a command only sees
/// values its declaration allows.
struct Arguments {
  /// Operands, in order.
  var positionals: [String] = []
  /// Values of the options given with one (the last one wins), by name.
  private(set) var values: [String: String] = [:]
  /// Names of the flags given (`help` for `-h` and `--help`).
  private(set) var flags: Set<String> = []
  /// The options the command declares, by name.
  private let declared: [String: Option]

  /// Parses `words` for the command `command`, which takes `options`.
  init(_ words: [String], command: String, options: [Option]) throws(CLIError) {
    declared = Dictionary(options.map { ($0.name, $0) }) { first, _ in first }
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      guard !optionsEnded, word.hasPrefix("-"), word != "-" else {
        positionals.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      if word == "-h" || word == "--help" {
        flags.insert("help")
        continue
      }
      guard word.hasPrefix("--") else { throw .usage("unknown option \(word) for '\(command)'") }
      let body = word.dropFirst(2)
      let name = String(body.prefix { $0 != "=" })
      let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
      guard let option = declared[name] else { throw .usage("unknown option --\(name) for '\(command)'") }
      guard option.takesValue else {
        guard inlineValue == nil else { throw .usage("--\(name) takes no value") }
        flags.insert(name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < words.count else { throw .usage("--\(name) needs a value") }
        value = words[index]
        index += 1
      }
      try option.check(value)
      values[name] = value
    }
  }

  /// Whether help was asked for.
  var wantsHelp: Bool { flags.contains("help") }

  /// Whether a flag was given.
  func flag(_ option: Option) -> Bool {
    flags.contains(declared(option).name)
  }

  /// The value of a text option, if given.
  func text(_ option: Option) -> String? {
    values[declared(option).name]
  }

  /// The value of an integer option, if given (already checked against its range).
  func integer(_ option: Option) -> Int? {
    values[declared(option).name].flatMap { Int($0) }
  }

  /// The value of a choice option, if given (already checked against `type`'s raw values).
  func choice<T: RawRepresentable & CaseIterable>(_ option: Option, as type: T.Type) -> T?
  where T.RawValue == String {
    values[declared(option).name].flatMap(T.init(rawValue:))
  }

  /// Whether the command declares `option` (an option shared by some commands, as `--source`).
  func declares(_ option: Option) -> Bool { declared[option.name] == option }

  /// Refuses operands, for a command that takes none.
  func expectNoOperands() throws(CLIError) {
    guard positionals.isEmpty else { throw .usage("unexpected '\(positionals[0])'") }
  }

  /// The single operand a command needs.
  func single(_ what: String) throws(CLIError) -> String {
    guard positionals.count == 1 else {
      throw .usage(positionals.isEmpty ? "missing \(what)" : "expected one \(what), got \(positionals.count)")
    }
    return positionals[0]
  }

  /// `option`, which the command must declare: reading an option it does not is a programming error.
  private func declared(_ option: Option) -> Option {
    precondition(declared[option.name] == option, "--\(option.name) is not declared by this command")
    return option
  }
}

/// How a command failed: usage errors exit 2, failures exit 1.
enum CLIError: Error, Equatable {
  /// The command line is wrong.
  case usage(String)
  /// The command could not do its job.
  case failure(String)
}
