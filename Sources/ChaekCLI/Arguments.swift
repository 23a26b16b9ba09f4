/// A command line split into positionals, options with values, and flags, checked against what a
/// command accepts. Options are `--name value` or `--name=value`; `--` ends options.
struct Arguments {
  /// Operands, in order.
  var positionals: [String] = []
  /// Options given with a value (the last one wins).
  var options: [String: String] = [:]
  /// Flags given.
  var flags: Set<String> = []

  /// Parses `words` for a command that takes the options `valued` and the flags `flags`
  /// (`--help` is always accepted).
  init(_ words: [String], command: String, valued: Set<String>, flags allowed: Set<String>) throws(CLIError) {
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
      if valued.contains(name) {
        if let inlineValue {
          options[name] = inlineValue
        } else {
          guard index < words.count else { throw .usage("--\(name) needs a value") }
          options[name] = words[index]
          index += 1
        }
      } else if allowed.contains(name) {
        guard inlineValue == nil else { throw .usage("--\(name) takes no value") }
        flags.insert(name)
      } else {
        throw .usage("unknown option --\(name) for '\(command)'")
      }
    }
  }

  /// The value of an option that must be one of a type's raw values.
  func choice<T: RawRepresentable & CaseIterable>(_ name: String, as type: T.Type) throws(CLIError) -> T?
  where T.RawValue == String {
    guard let raw = options[name] else { return nil }
    guard let value = T(rawValue: raw) else {
      let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw .usage("--\(name) must be one of \(allowed) (got '\(raw)')")
    }
    return value
  }

  /// The value of an integer option.
  func integer(_ name: String) throws(CLIError) -> Int? {
    guard let raw = options[name] else { return nil }
    guard let value = Int(raw) else { throw .usage("--\(name) must be a number (got '\(raw)')") }
    return value
  }

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
}

/// How a command failed: usage errors exit 2, failures exit 1.
enum CLIError: Error, Equatable {
  /// The command line is wrong.
  case usage(String)
  /// The command could not do its job.
  case failure(String)
}
