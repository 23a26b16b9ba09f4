import BookModel
import SearchIndex

/// What a search marks in the books it shows (see ``Highlighter``): the title unless it searched
/// only people, the people (authors and translators) unless it searched only titles, nothing for a
/// search of publishers or ISBNs.
struct Highlights: Sendable {
  /// Marks nothing: a book shown outside a search.
  static let none = Highlights(title: nil, people: nil)

  let title: Highlighter?
  let people: Highlighter?

  private init(title: Highlighter?, people: Highlighter?) {
    self.title = title
    self.people = people
  }

  /// The marks of a search for `query` in `target` (`nil`: every field).
  init(query: String, target: SearchQuery.Target?) {
    let highlighter = Highlighter(query: query)
    guard !highlighter.isEmpty else {
      self = .none
      return
    }
    title = target == nil || target == .title ? highlighter : nil
    people = target == nil || target == .person ? highlighter : nil
  }
}

extension HTML {
  /// `text` escaped, with the parts `highlighter` finds in it in `<mark>`: the marks are the only
  /// markup, each placed between whole characters of the text, so never inside an entity.
  static func marked(_ text: String, by highlighter: Highlighter?) -> HTML {
    guard let highlighter else { return "\(text)" }
    var html = ""
    var start = text.startIndex
    for match in highlighter.matches(in: text) {
      html +=
        escape(String(text[start..<match.lowerBound])) + "<mark>" + escape(String(text[match])) + "</mark>"
      start = match.upperBound
    }
    return HTML(unescaped: html + escape(String(text[start...])))
  }
}
