import BookModel
import ChaekApp

/// The 담은 책 filters, in one row that scrolls sideways on a phone: a chip per shelf (전체 first),
/// then a chip per tag. Each chip counts the books choosing it would show (a shelf's count is of the
/// books with the chosen tag, a tag's of the books on the chosen shelf). A chip is a toggle button
/// (`aria-pressed`); the script reloads the list with the chosen shelf and tag and scrolls the
/// pressed chips into view.
struct SavedFilters {
  var facets: SavedFacets
  var shelf: Shelf?
  var tag: String?

  var html: HTML {
    let all = chip(
      id: "filter-shelf-all", label: "전체", count: facets.books, pressed: shelf == nil, data: "data-shelf=\"\""
    )
    let shelfChips = Shelf.allCases.map { item in
      chip(
        id: "filter-shelf-\(item.rawValue)", label: item.name, count: facets.shelves[item] ?? 0,
        pressed: item == shelf, data: "data-shelf=\"\(item.rawValue)\"")
    }
    let tagChips = facets.tags.enumerated().map { index, item in
      chip(
        id: "filter-tag-\(index)", label: "#\(item.tag)", count: item.count, pressed: item.tag == tag,
        data: "data-tag=\"\(item.tag)\"")
    }
    let tagGroup: HTML =
      facets.tags.isEmpty
      ? "" : "<div class=\"chips\" role=\"group\" aria-label=\"태그\">\(HTML.join(tagChips))</div>"
    return """
      <div class="chip-row"><div class="chips" role="group" aria-label="책장">\(all)\(HTML.join(shelfChips))</div>\
      \(tagGroup)</div>
      """
  }

  private func chip(id: String, label: String, count: Int, pressed: Bool, data: HTML) -> HTML {
    """
    <button class="chip" type="button" id="\(id)" data-action="\(PageAction.filter)" \(data) aria-pressed="\(pressed ? "true" : "false")">\
    \(label) <span class="chip-count">\(count)</span></button>
    """
  }
}
