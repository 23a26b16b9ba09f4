import BookModel
import ChaekApp
import Foundation

/// The HTML of a work's editions in a book's sheet: the reader's saved edition when it is another
/// (where their journal is, and the way to make the open one theirs instead), and every edition
/// with its publisher, year and ISBN, the open one marked. Each link names its book
/// (`data-book-id`), which the sheet opens in place of the one shown.
enum EditionViews {
  /// The line under a result's authors: how many editions its work has, when more than one.
  static func count(_ editions: Int) -> HTML {
    editions > 1 ? "<span class=\"book-editions\">판본 \(editions)개</span>" : ""
  }

  /// The note that the reader saved another edition of the work, with the way to keep this one.
  static func savedElsewhere(_ saved: SavedBook?) -> HTML {
    guard let saved else { return "" }
    let book = saved.book
    return """
      <div class="edition-note" role="note"><p>이 책의 다른 판본을 담았어요: \
      <a href="/books/\(book.id.rawValue)" data-book-id="\(book.id.rawValue)" data-action="\(PageAction.open)">\
      \(label(book, withISBN: false))</a> \
      <span class="shelf-badge shelf-\(saved.shelf.rawValue)">\(saved.shelf.name)</span></p>\
      <button class="pill" type="button" data-action="\(PageAction.switchEdition)">이 판본으로 바꾸기</button></div>
      """
  }

  /// The sheet's section of the work's editions (none listed for a work of one edition), each
  /// edition of a work the reader merged with the button that splits it off, and the button that
  /// merges the work with another.
  static func section(_ editions: [WorkResult], current book: Book) -> HTML {
    let merge: HTML = """
      <button class="text-button merge-open" type="button" data-action="\(PageAction.openMerge)">\
      다른 책과 같은 작품으로 합치기</button>
      """
    guard editions.count > 1 else { return "<div class=\"editions\">\(merge)</div>" }
    let rows = editions.map { edition in
      let current: HTML = edition.book.id == book.id ? " class=\"current\" aria-current=\"true\"" : ""
      let saved: HTML = edition.saved ? "<span class=\"shelf-badge\">담은 판본</span>" : ""
      let split: HTML =
        edition.merge.map {
          " <button class=\"text-button\" type=\"button\" data-action=\"\(PageAction.splitWork)\" data-merge=\"\($0)\">나누기</button>"
        } ?? ""
      let id = edition.book.id.rawValue
      return """
        <li\(current)><a href="/books/\(id)" data-book-id="\(id)" data-action="\(PageAction.open)">\
        \(BookViews.cover(edition.book))<span class="edition-text"><span class="edition-title">\(edition.book.title)</span>\
        <span class="edition-meta">\(label(edition.book))</span></span></a>\(saved)\(split)</li>
        """ as HTML
    }
    return """
      <section class="editions" aria-labelledby="editions-heading">\
      <h3 class="about-heading" id="editions-heading">판본 \(editions.count)개</h3>\
      <ul class="edition-list">\(HTML.join(rows))</ul>\(merge)</section>
      """
  }

  /// A book 같은 작품으로 합치기 offers: its work's edition found, and the button that merges the
  /// open book's work into its.
  static func mergeCandidate(_ row: WorkResult) -> HTML {
    let book = row.book
    let people = ([book.authorsText, book.publisher].filter { !$0.isEmpty }).joined(separator: " · ")
    return """
      <li data-book-id="\(book.id.rawValue)">\(BookViews.cover(book))\
      <span class="edition-text"><span class="edition-title">\(book.title)</span>\
      <span class="edition-meta">\(people)</span>\(count(row.editions))</span>\
      <button class="pill" type="button" data-action="\(PageAction.mergeInto)">합치기</button></li>
      """
  }

  /// An edition told from the others: its publisher, year and ISBN, as far as known.
  static func label(_ book: Book, withISBN: Bool = true) -> String {
    let year = book.datetime.map { String(KakaoDate.format($0).prefix(4)) }
    let parts = [book.publisher, year ?? "", withISBN ? book.isbn13 ?? "" : ""].filter { !$0.isEmpty }
    return parts.isEmpty ? book.title : parts.joined(separator: " · ")
  }
}
