/// HTML text in which interpolated strings are escaped and interpolated ``HTML`` is kept as is, so
/// book data can never become markup: `"<p>\(title)</p>" as HTML` is safe for any title.
struct HTML: ExpressibleByStringInterpolation, CustomStringConvertible, Sendable {
  /// The markup.
  private(set) var text: String

  init(stringLiteral value: String) { text = value }

  init(stringInterpolation: Interpolation) { text = stringInterpolation.text }

  /// Markup already known to be safe.
  init(unescaped text: String) { self.text = text }

  var description: String { text }

  /// Joins fragments.
  static func join(_ parts: some Sequence<HTML>, separator: String = "") -> HTML {
    HTML(unescaped: parts.map(\.text).joined(separator: separator))
  }

  /// Escapes text for element content and quoted attribute values.
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }

  struct Interpolation: StringInterpolationProtocol {
    var text = ""

    init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity * 2) }

    mutating func appendLiteral(_ literal: String) { text += literal }
    mutating func appendInterpolation(_ value: String) { text += HTML.escape(value) }
    mutating func appendInterpolation(_ value: Int) { text += String(value) }
    mutating func appendInterpolation(_ value: HTML) { text += value.text }
    mutating func appendInterpolation(_ value: HTML?) { text += value?.text ?? "" }
  }
}
