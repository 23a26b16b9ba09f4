import BookModel

/// The 담은 책 filters: a chip per shelf with its count (전체 first) and a chip per tag. A chip is
/// a toggle button (`aria-pressed`); the script reloads the list with the chosen shelf and tag.
struct SavedFilters {
  var total: Int
  var shelves: [Shelf: Int]
  var tags: [(tag: String, count: Int)]
  var shelf: Shelf?
  var tag: String?

  var html: HTML {
    let all = chip(
      id: "filter-shelf-all", label: "전체", count: total, pressed: shelf == nil, data: "data-shelf=\"\"")
    let shelfChips = Shelf.allCases.map { item in
      chip(
        id: "filter-shelf-\(item.rawValue)", label: item.name, count: shelves[item] ?? 0,
        pressed: item == shelf,
        data: "data-shelf=\"\(item.rawValue)\"")
    }
    let tagChips = tags.enumerated().map { index, item in
      chip(
        id: "filter-tag-\(index)", label: "#\(item.tag)", count: item.count, pressed: item.tag == tag,
        data: "data-tag=\"\(item.tag)\"")
    }
    let tagGroup: HTML =
      tags.isEmpty
      ? "" : "<div class=\"chips\" role=\"group\" aria-label=\"태그\">\(HTML.join(tagChips))</div>"
    return """
      <div class="chips" role="group" aria-label="책장">\(all)\(HTML.join(shelfChips))</div>\(tagGroup)
      """
  }

  private func chip(id: String, label: String, count: Int, pressed: Bool, data: HTML) -> HTML {
    """
    <button class="chip" type="button" id="\(id)" data-action="filter" \(data) aria-pressed="\(pressed ? "true" : "false")">\
    \(label) <span class="chip-count">\(count)</span></button>
    """
  }
}
