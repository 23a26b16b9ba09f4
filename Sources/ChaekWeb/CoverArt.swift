import BookModel

/// A generated SVG cover for books without a thumbnail: the title and the first author on a
/// colour chosen from the identity, so the same book always looks the same and no image breaks.
enum CoverArt {
  private static let palettes: [(background: String, ink: String)] = [
    ("#274c77", "#f4f1de"), ("#6b2737", "#fbeee0"), ("#2d6a4f", "#f1faee"), ("#5f0f40", "#fff3e6"),
    ("#3d405b", "#f4f1de"), ("#8a5a44", "#fff8f0"), ("#1d3557", "#f1faee"), ("#7f5539", "#ede0d4"),
  ]

  /// The SVG document for a book.
  static func svg(for book: Book) -> String {
    let palette = palettes[
      Int(book.id.rawValue.unicodeScalars.reduce(0) { $0 &+ Int($1.value) } % palettes.count)]
    let lines = wrap(book.title, limit: 13, maximumLines: 5)
    let titleLines = lines.enumerated().map { index, line in
      "<text x=\"16\" y=\"\(52 + index * 26)\" font-size=\"20\" font-weight=\"700\">\(HTML.escape(line))</text>"
    }.joined()
    let author = wrap(book.authorsText, limit: 20, maximumLines: 1).first ?? ""
    return """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 232" width="160" height="232" role="img" \
      aria-label="\(HTML.escape(book.title))"><rect width="160" height="232" fill="\(palette.background)"/>\
      <rect x="8" y="8" width="144" height="216" fill="none" stroke="\(palette.ink)" stroke-opacity="0.35"/>\
      <g fill="\(palette.ink)" font-family="'Nanum Myeongjo','NanumMyeongjo','Noto Serif KR',serif">\(titleLines)\
      <text x="16" y="206" font-size="13" opacity="0.85">\(HTML.escape(author))</text></g></svg>
      """
  }

  /// Splits text into lines of at most `limit` columns (Hangul and other wide letters count two),
  /// breaking between words where it can; the last line ends with `…` when the text does not fit.
  static func wrap(_ text: String, limit: Int, maximumLines: Int) -> [String] {
    func width(_ character: Character) -> Int {
      (character.unicodeScalars.first?.value ?? 0) >= 0x1100 ? 2 : 1
    }
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in text.split(separator: " ") {
      let wordWidth = word.reduce(0) { $0 + width($1) }
      if !line.isEmpty && lineWidth + 1 + wordWidth > limit {
        lines.append(line)
        line = ""
        lineWidth = 0
      }
      if !line.isEmpty {
        line.append(" ")
        lineWidth += 1
      }
      for character in word {
        if lineWidth + width(character) > limit {
          lines.append(line)
          line = ""
          lineWidth = 0
        }
        line.append(character)
        lineWidth += width(character)
      }
    }
    if !line.isEmpty { lines.append(line) }
    if lines.count > maximumLines {
      lines = Array(lines.prefix(maximumLines))
      lines[maximumLines - 1] = String(lines[maximumLines - 1].dropLast()) + "…"
    }
    return lines
  }
}
