/// Renders rows as aligned columns for a terminal, counting Hangul and other wide characters as
/// two columns and cutting long cells with `…`.
struct Table {
  /// A column: its header and its widest allowed width.
  struct Column {
    let header: String
    let maximumWidth: Int
    var alignRight = false
  }

  let columns: [Column]
  var rows: [[String]] = []

  /// The table as lines of text.
  func render() -> String {
    let widths = columns.enumerated().map { index, column in
      min(column.maximumWidth, ([column.header] + rows.map { $0[index] }).map(Table.width).max() ?? 0)
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { index, cell in
        let text = Table.truncate(cell, to: widths[index])
        let padding = String(repeating: " ", count: widths[index] - Table.width(text))
        return columns[index].alignRight ? padding + text : text + padding
      }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
    }
    return line(columns.map(\.header)) + rows.map(line).joined()
  }

  /// Terminal columns a string takes.
  static func width(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
  }

  private static func width(of scalar: Unicode.Scalar) -> Int {
    switch scalar.value {
    case 0x0300...0x036F, 0x200B...0x200F: 0
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
      0x20000...0x3FFFD:
      2
    default: 1
    }
  }

  private static func truncate(_ text: String, to limit: Int) -> String {
    guard width(text) > limit else { return text }
    var result = ""
    var used = 0
    for character in text {
      let characterWidth = width(String(character))
      guard used + characterWidth <= limit - 1 else { break }
      result.append(character)
      used += characterWidth
    }
    return result + "…"
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
