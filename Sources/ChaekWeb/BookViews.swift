import BookModel
import ChaekApp
import Foundation

/// The HTML of books: result rows, recent items, saved rows, and the detail sheet. Every rendered
/// book carries `data-book-id` with its identity; all book text is escaped by ``HTML``.
enum BookViews {
  /// A search result row, one per work (`data-work`): cover, title, authors, how many editions
  /// the work has, price, and the heart toggle; what the search matched in the title and authors
  /// is marked.
  static func resultRow(_ row: WorkResult, highlights: Highlights = .none) -> HTML {
    let book = row.book
    let id = book.id.rawValue
    return """
      <li class="book" data-book-id="\(id)" data-work="\(row.work.rawValue)">\
      <a class="book-link" href="/books/\(id)" data-action="\(PageAction.open)">\(cover(book))\
      <span class="book-text"><span class="book-title">\(HTML.marked(book.title, by: highlights.title))</span>\
      <span class="book-authors">\(authorsLine(book, highlights))</span>\(EditionViews.count(row.editions))\
      \(price(book))</span></a>\
      \(heart(book, saved: row.saved))</li>
      """
  }

  /// An item of the 최근 본 책 strip.
  static func recentItem(_ book: Book) -> HTML {
    let id = book.id.rawValue
    return """
      <li class="recent-item" data-book-id="\(id)"><a href="/books/\(id)" data-action="\(PageAction.open)">\
      \(cover(book))<span class="recent-title">\(book.title)</span></a></li>
      """
  }

  /// An item of the 다음에 읽을 책 strip: the book, and why it is suggested.
  static func readNextItem(_ suggestion: ReadNext.Suggestion) -> HTML {
    let book = suggestion.book
    let id = book.id.rawValue
    return """
      <li class="recent-item read-next-item" data-book-id="\(id)"><a href="/books/\(id)" data-action="\(PageAction.open)">\
      \(cover(book))<span class="recent-title">\(book.title)</span>\
      <span class="read-next-why">\(suggestion.why)</span></a></li>
      """
  }

  /// A 담은 책 row with its shelf and stars, and the heart that saved it: press the heart or swipe
  /// left (touch) to take the book out (asked first when it has a journal; undoable).
  static func savedRow(_ saved: SavedBook) -> HTML {
    let book = saved.book
    let id = book.id.rawValue
    return """
      <li class="book saved-row" data-book-id="\(id)"><div class="swipe">\
      <a class="book-link" href="/books/\(id)" data-action="\(PageAction.open)">\(cover(book))\
      <span class="book-text"><span class="book-title">\(book.title)</span>\
      <span class="book-authors">\(authorsLine(book))</span>\
      <span class="book-meta"><span class="shelf-badge shelf-\(saved.shelf.rawValue)">\(saved.shelf.name)</span>\
      \(JournalViews.stars(saved.rating))</span></span></a>\
      \(heart(book, saved: true, describedBy: "heart-takes-out"))</div></li>
      """
  }

  /// The detail sheet's content: a bar with its two actions (검색하기, ✕) that stays at the top as
  /// the sheet scrolls, covering nothing; the book with its one way to save (the heart, labelled
  /// 책 담기 or 담은 책), or the reader's other edition of it; its journal (when it is saved); its
  /// facts, series and editions. When opened from a search, what it matched in the title and
  /// people is marked.
  static func detail(_ sheet: BookSheet, highlights: Highlights = .none) -> HTML {
    let (book, entry) = (sheet.book, sheet.entry)
    let saved = entry != nil
    let id = book.id.rawValue
    var facts: [HTML] = []
    func fact(_ label: String, _ value: HTML) {
      if !value.text.isEmpty { facts.append("<div><dt>\(label)</dt><dd>\(value)</dd></div>") }
    }
    fact("저자", people(book.authors, highlights))
    fact("번역", people(book.translators, highlights))
    fact("출판사", "\(book.publisher)")
    fact("출간일", "\(book.datetime.map(KakaoDate.displayText) ?? "")")
    fact("상태", "\(book.status)")
    fact("ISBN", "\(book.isbn)")
    fact("쪽수", book.pages.map { "\($0)쪽" } ?? "")
    fact("시리즈", SeriesViews.fact(book))
    let link: HTML =
      isWebURL(book.url)
      ? "<a class=\"original-link\" href=\"\(book.url)\" target=\"_blank\" rel=\"noopener noreferrer\">원문 보기</a>"
      : ""
    let contents: HTML =
      book.contents.isEmpty
      ? "<p class=\"contents empty\">소개가 없어요.</p>" : "<p class=\"contents\">\(book.contents)</p>"
    return """
      <article class="detail" data-book-id="\(id)" data-title="\(book.title)" data-saved="\(saved ? "true" : "false")">\
      <div class="detail-bar"><div class="grabber" aria-hidden="true"></div>\
      <button class="bar-search" type="button" data-action="\(PageAction.focusSearch)">검색하기</button>\
      <button class="close" type="button" data-action="\(PageAction.close)" aria-label="닫기">✕</button>\
      <p class="journal-alert" id="\(PageID.journalAlert)" role="alert"></p></div>\
      <div class="detail-head">\(cover(book, large: true))<div class="detail-heading">\
      <h2 id="detail-title">\(HTML.marked(book.title, by: highlights.title))</h2>\
      <p class="book-authors">\(authorsLine(book, highlights))</p>\
      \(price(book))\(heart(book, saved: saved, labelled: true))</div></div>\
      \(EditionViews.savedElsewhere(sheet.savedEdition))\
      \(sheet.savedEdition == nil ? JournalViews.journal(entry, editions: sheet.editions) : JournalViews.keptElsewhere)\
      <h3 class="about-heading">책 정보\(editButton(book, saved: saved))</h3><dl class="facts">\(HTML.join(facts))</dl>\(contents)\(link)\
      \(sheet.series.map { SeriesViews.section($0, current: book) } ?? "")\
      \(EditionViews.section(sheet.editions, current: book))</article>
      """
  }

  // MARK: - Pieces

  /// 책 정보 고치기, for a book added by hand that the reader saved.
  static func editButton(_ book: Book, saved: Bool) -> HTML {
    guard saved, book.isAddedByHand else { return "" }
    return
      " <button class=\"text-button\" type=\"button\" data-action=\"\(PageAction.editBook)\">고치기</button>"
  }

  /// The cover: the thumbnail when there is one (a provider's, or the photo of a book added by
  /// hand, served here), else the generated SVG.
  static func cover(_ book: Book, large: Bool = false) -> HTML {
    let source =
      isWebURL(book.thumbnail)
        || book.hasHandCoverPhoto
      ? book.thumbnail : "/covers/\(book.id.rawValue).svg"
    let size: HTML = large ? "width=\"120\" height=\"174\"" : "width=\"60\" height=\"87\""
    return "<img class=\"cover\" src=\"\(source)\" alt=\"\" \(size) loading=\"lazy\" decoding=\"async\">"
  }

  /// The heart toggle (`aria-pressed`); `labelled`, it also says 책 담기 or 담은 책 (the sheet's);
  /// `describedBy`, the id of what pressing it does beyond its name (in 담은 책: takes the row out).
  static func heart(_ book: Book, saved: Bool, labelled: Bool = false, describedBy: String? = nil) -> HTML {
    let description: HTML = describedBy.map { " aria-describedby=\"\($0)\"" } ?? ""
    let label: HTML =
      labelled ? "<span class=\"heart-label\" aria-hidden=\"true\">\(saved ? "담은 책" : "책 담기")</span>" : ""
    return """
      <button class="heart\(labelled ? " labelled" : "")" type="button" data-action="\(PageAction.toggleSave)" \
      aria-pressed="\(saved ? "true" : "false")" aria-label="‘\(book.title)’ 담기"\(description)>\
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">\
      <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.8 0 5.9 3.9 \
      4.4 7.3C19.5 16.4 12 21 12 21z"/></svg>\(label)</button>
      """
  }

  /// The price: the sale price, with the list price struck through when it is lower.
  static func price(_ book: Book) -> HTML {
    if book.isDiscounted {
      return """
        <span class="book-price"><del aria-label="정가 \(Won.format(book.price))">\(Won.format(book.price))</del> \
        <strong>\(Won.format(book.salePrice))</strong></span>
        """
    }
    let amount = Won.format(book.effectivePrice)
    return amount.isEmpty ? "" : "<span class=\"book-price\"><strong>\(amount)</strong></span>"
  }

  /// The authors and the publisher, `·` between them; the authors' matches marked.
  private static func authorsLine(_ book: Book, _ highlights: Highlights = .none) -> HTML {
    let authors = people(book.authors, highlights)
    if authors.text.isEmpty || book.publisher.isEmpty { return HTML.join([authors, "\(book.publisher)"]) }
    return "\(authors) · \(book.publisher)"
  }

  /// Names, `, ` between them, each with its own matches marked (a match never spans two people).
  private static func people(_ names: [String], _ highlights: Highlights) -> HTML {
    HTML.join(names.map { HTML.marked($0, by: highlights.people) }, separator: ", ")
  }

  /// Only http(s) URLs become links or images: a `javascript:` url from a provider must not.
  static func isWebURL(_ text: String) -> Bool {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
    return (scheme == "https" || scheme == "http") && url.host != nil
  }
}
