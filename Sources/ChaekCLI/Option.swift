import BookProviders

/// One option a command accepts, declared once: the usage line, the options section of its help,
/// which options take a value, and how a value is checked all come from this declaration, and so
/// do the errors, which name the option as the help does (`--page must be 1 to 50`).
struct Option: Sendable, Equatable {
  /// What an option's value may be.
  enum Kind: Sendable, Equatable {
    /// No value: the option is given or not.
    case flag
    /// Any text.
    case text
    /// A whole number in a range.
    case integer(ClosedRange<Int>)
    /// One of these words (a `CaseIterable` enum's raw values, in order).
    case choice([String])
  }

  /// The name without its dashes: `page` for `--page`.
  let name: String
  /// What the help calls the value (`N`, `S`); empty for a flag.
  let valueName: String
  /// What the option does, in a phrase; the help adds the range or the choices and the default.
  let help: String
  /// What the value may be.
  let kind: Kind
  /// What the help says happens without the option (`1`, `auto: …`), if anything.
  let defaultValue: String?

  /// An option without a value.
  static func flag(_ name: String, help: String) -> Option {
    Option(name: name, valueName: "", help: help, kind: .flag, defaultValue: nil)
  }

  /// An option whose value is any text.
  static func text(_ name: String, _ valueName: String, help: String, default value: String? = nil) -> Option
  {
    Option(name: name, valueName: valueName, help: help, kind: .text, defaultValue: value)
  }

  /// An option whose value is a whole number in `range`.
  static func integer(
    _ name: String, _ valueName: String, in range: ClosedRange<Int>, help: String,
    default value: String? = nil
  ) -> Option {
    Option(name: name, valueName: valueName, help: help, kind: .integer(range), defaultValue: value)
  }

  /// An option whose value is one of `type`'s raw values.
  static func choice<T: CaseIterable & RawRepresentable>(
    _ name: String, _ valueName: String, of type: T.Type, help: String, default value: String? = nil
  ) -> Option where T.RawValue == String {
    Option(
      name: name, valueName: valueName, help: help, kind: .choice(T.allCases.map(\.rawValue)),
      defaultValue: value)
  }

  /// Whether the option takes a value.
  var takesValue: Bool { kind != .flag }

  /// How the usage line shows the option: `--json`, `--page N`, `--sort accuracy|latest`.
  var synopsis: String {
    switch kind {
    case .flag: "--\(name)"
    case .text, .integer: "--\(name) \(valueName)"
    case .choice(let values): "--\(name) \(values.joined(separator: "|"))"
    }
  }

  /// How the options section shows the option's name: `--json`, `--page N`.
  var label: String { takesValue ? "--\(name) \(valueName)" : "--\(name)" }

  /// The options section's description: the phrase, the range or the choices, and the default.
  var description: String {
    var text = help
    switch kind {
    case .flag, .text: break
    case .integer(let range): text += ", \(range.lowerBound) to \(range.upperBound)"
    case .choice(let values): text += ": " + Option.list(values)
    }
    if let defaultValue { text += " (default \(defaultValue))" }
    return text
  }

  /// Checks a value given for the option, and names the option when it is wrong.
  func check(_ value: String) throws(CLIError) {
    switch kind {
    case .flag, .text:
      return
    case .integer(let range):
      guard let number = Int(value), range.contains(number) else {
        throw .usage("--\(name) must be \(range.lowerBound) to \(range.upperBound) (got '\(value)')")
      }
    case .choice(let values):
      guard values.contains(value) else {
        throw .usage("--\(name) must be one of \(values.joined(separator: ", ")) (got '\(value)')")
      }
    }
  }

  /// `a`, `a or b`, `a, b or c`.
  private static func list(_ words: [String]) -> String {
    guard let last = words.last, words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + last
  }
}

// MARK: - Options more than one command takes

extension Option {
  /// `--json`: print JSON instead of a table.
  static func json(_ shape: String) -> Option { .flag("json", help: "print \(shape)") }

  /// `--source S`: which provider answers.
  static let source = Option.choice(
    "source", "S", of: SearchSource.self, help: "where to search",
    default: "auto: Kakao with KAKAO_REST_API_KEY, else Open Library, and the offline catalog when they "
      + "cannot answer")
}
