import BookModel
import ChaekApp

/// The journal part of the detail sheet: shelf picker, half-star rating, reading log, review, tags,
/// notes and quotes. Every record that can be edited carries its `id` and `data-version`, so the
/// script sends the version the window last saw; every text field has a stable `id`, so the script
/// can keep a draft and the focus when it swaps in a fresh rendering.
enum JournalViews {
  /// The journal of a book: only the shelf picker while it is not saved (picking a shelf saves it).
  /// `editions`: those of its work (``ChaekApp/BookSheet/editions``), each reading's to choose from.
  static func journal(_ entry: JournalEntry?, editions: [WorkResult] = []) -> HTML {
    guard let entry else {
      return """
        <section class="journal" id="\(PageID.journal)" aria-label="내 독서">\(shelfPicker(nil))\
        <p class="hint">책장을 고르면 담은 책에 저장돼요.</p></section>
        """
    }
    return """
      <section class="journal" id="\(PageID.journal)" data-version="\(entry.version)" aria-label="내 독서">\
      \(shelfPicker(entry.shelf))\(rating(entry.rating))\(readingLog(entry, editions: editions))\(review(entry.review))\
      \(tags(entry.tags))\(notes(entry.notes, kind: .note))\(notes(entry.quotes, kind: .quote))</section>
      """
  }

  /// The journal's place in the sheet of an edition whose work the reader saved in another: empty
  /// (their journal is that edition's), until this edition becomes the one they keep.
  static let keptElsewhere: HTML =
    "<section class=\"journal\" id=\"\(PageID.journal)\" aria-label=\"내 독서\" hidden></section>"

  // MARK: - Shelf and rating

  static func shelfPicker(_ current: Shelf?) -> HTML {
    let choices = Shelf.allCases.map { shelf -> HTML in
      let checked: HTML = shelf == current ? " checked" : ""
      return """
        <input type="radio" name="shelf" id="shelf-\(shelf.rawValue)" value="\(shelf.rawValue)"\(checked)>\
        <label for="shelf-\(shelf.rawValue)">\(shelf.name)</label>
        """
    }
    return """
      <fieldset class="shelf-picker" data-edit="\(PageEdit.shelf)"><legend>책장</legend>\
      <div class="segmented">\(HTML.join(choices))</div></fieldset>
      """
  }

  /// Ten radio buttons, one per half star (arrow keys move between them), drawn as five stars.
  static func rating(_ rating: StarRating?) -> HTML {
    let stars = rating?.stars ?? 0
    let halves = (1...10).map { half -> HTML in
      let value = Double(half) / 2
      let text = StarRating(halfStars: value)?.description ?? ""
      let checked: HTML = rating?.quarters == half * 2 ? " checked" : ""
      let on: HTML = value <= stars ? " on" : ""
      return """
        <input class="visually-hidden" type="radio" name="rating" id="rating-\(half)" value="\(text)"\(checked)>\
        <label class="half\(half % 2 == 1 ? " left" : " right" as HTML)\(on)" for="rating-\(half)">\
        <span class="visually-hidden">\(text)점</span></label>
        """
    }
    let value = rating.map { "\($0.description)점" } ?? "별점 없음"
    return """
      <fieldset class="rating" data-edit="\(PageEdit.rating)"><legend>별점</legend><div class="rating-row">\
      <div class="stars-input">\(HTML.join(halves))</div><span class="rating-value">\(value)</span>\
      <button class="text-button" type="button" id="rating-clear" data-action="\(PageAction.ratingClear)"\(rating == nil ? " hidden" as HTML : "")>\
      지우기</button></div></fieldset>
      """
  }

  /// Stars as a picture, for rows and lists: `별점 4.5점`.
  static func stars(_ rating: StarRating?) -> HTML {
    guard let rating else { return "" }
    return """
      <span class="stars" role="img" aria-label="별점 \(rating.description)점"><span class="stars-on" \
      style="width: \(rating.quarters * 5)%">★★★★★</span>★★★★★</span>
      """
  }

  // MARK: - Reading log

  /// The readings, the progress of the one under way (a finished book says when it was finished
  /// instead), and the buttons: 읽기 시작, or 다시 읽기 once a reading was finished; 다 읽음.
  static func readingLog(_ entry: JournalEntry, editions: [WorkResult]) -> HTML {
    let last = entry.sessions.last
    let open = last.map { $0.finished == nil } ?? false
    let bar: HTML =
      if let finished = last?.finished {
        "<p class=\"progress-text finished\">\(dayText(finished))에 다 읽었어요</p>"
      } else {
        last?.progress.last.map { progressBar($0) } ?? ""
      }
    let reread = entry.sessions.contains { $0.finished != nil }
    let start: HTML =
      open
      ? ""
      : """
      <button class="pill" type="button" id="start-reading" data-action="\(PageAction.startReading)">\
      \(reread ? "다시 읽기" : "읽기 시작")</button>
      """
    let finish: HTML =
      entry.shelf == .read && !open
      ? ""
      : #"<button class="pill primary" type="button" id="finish-reading" data-action="\#(PageAction.finishReading)">다 읽음</button>"#
    let sessions = entry.sessions.enumerated().reversed().map { index, session in
      self.session(session, number: index + 1, of: entry.book, editions: editions)
    }
    return """
      <section class="journal-part" aria-labelledby="log-heading"><h3 id="log-heading">독서 기록</h3>\(bar)\
      <form class="inline-form" data-edit="\(PageEdit.progress)"><label for="progress-input">어디까지 읽었나요?</label>\
      <div class="field-row"><input id="progress-input" name="progress" placeholder="120/352 또는 45%" \
      autocomplete="off" required><button type="submit" id="progress-save">기록</button></div></form>\
      <div class="button-row">\(start)\(finish)</div>\
      <ol class="sessions">\(HTML.join(sessions))</ol></section>
      """
  }

  static func progressBar(_ update: ProgressUpdate) -> HTML {
    let text: String =
      switch update.amount {
      case .page(let page, let total?): "\(page)/\(total)쪽"
      case .page(let page, nil): "\(page)쪽"
      case .percent(let percent): "\(BarChart.number(percent))%"
      }
    guard let percent = update.amount.percent else {
      return "<p class=\"progress-text\">\(text)까지 읽었어요</p>"
    }
    var label = text
    if case .page = update.amount { label += " (\(BarChart.number(percent))%)" }
    return """
      <div class="progress" role="progressbar" aria-valuemin="0" aria-valuemax="100" \
      aria-valuenow="\(BarChart.number(percent))" aria-valuetext="\(label)" aria-labelledby="log-heading">\
      <div class="progress-fill" style="width: \(BarChart.number(percent))%"></div></div>\
      <p class="progress-text">\(label) · \(dayText(update.day))</p>
      """
  }

  /// A reading: its days and, where the work has other editions (or the reading names one), the
  /// edition read.
  static func session(_ session: ReadingSession, number: Int, of book: Book, editions: [WorkResult]) -> HTML {
    let state = session.finished.map { "\(dayText($0)) 다 읽음" } ?? "읽는 중"
    let prefix = "session-\(session.id)"
    return """
      <li id="\(prefix)" data-session-id="\(session.id)" data-version="\(session.version)">\
      <form data-edit="\(PageEdit.session)"><fieldset><legend>\(number)회차 · \(state)</legend>\
      <div class="dates"><label for="\(prefix)-started">시작한 날</label>\
      <input type="date" id="\(prefix)-started" name="started" value="\(session.started?.description ?? "")">\
      <label for="\(prefix)-finished">다 읽은 날</label>\
      <input type="date" id="\(prefix)-finished" name="finished" value="\(session.finished?.description ?? "")">\
      \(editionRead(session, prefix: prefix, of: book, editions: editions))</div>\
      <div class="button-row"><button class="pill" type="submit" id="\(prefix)-save">날짜 저장</button>\
      <button class="pill danger" type="button" id="\(prefix)-delete" data-action="\(PageAction.deleteSession)">기록 삭제</button></div>\
      </fieldset></form></li>
      """
  }

  /// The choice of the edition a reading was of: the saved one, the work's others, and the one
  /// it names if the work no longer lists it; nothing for a work of one edition.
  static func editionRead(_ session: ReadingSession, prefix: String, of book: Book, editions: [WorkResult])
    -> HTML
  {
    var choices = editions.map(\.book)
    if !choices.contains(where: { $0.id == book.id }) { choices.insert(book, at: 0) }
    let read = session.edition ?? book.id
    guard choices.count > 1 || read != book.id else { return "" }
    var options = choices.map { edition in
      let saved = edition.id == book.id ? " (담은 판본)" : ""
      let selected: HTML = edition.id == read ? " selected" : ""
      return """
        <option value="\(edition.id.rawValue)"\(selected)>\(edition.title) · \(EditionViews.label(edition))\(saved)</option>
        """ as HTML
    }
    if !choices.contains(where: { $0.id == read }) {
      options.append("<option value=\"\(read.rawValue)\" selected>다른 판본 (\(read.rawValue))</option>")
    }
    return """
      <label for="\(prefix)-edition">읽은 판본</label>\
      <select id="\(prefix)-edition" name="edition">\(HTML.join(options))</select>
      """
  }

  // MARK: - Review and tags

  static func review(_ review: String) -> HTML {
    """
    <section class="journal-part"><form data-edit="\(PageEdit.review)"><h3><label for="review-text">리뷰</label></h3>\
    <textarea id="review-text" name="review" rows="4" placeholder="이 책 어땠나요?">\(review)</textarea>\
    <div class="button-row"><button class="pill primary" type="submit" id="review-save">리뷰 저장</button></div></form></section>
    """
  }

  static func tags(_ tags: [String]) -> HTML {
    let chips = tags.enumerated().map { index, tag -> HTML in
      """
      <li class="tag-chip" data-tag="\(tag)"><span>#\(tag)</span><button type="button" id="tag-\(index)-remove" \
      data-action="\(PageAction.removeTag)" \
      aria-label="태그 ‘\(tag)’ 지우기">×</button></li>
      """
    }
    return """
      <section class="journal-part" aria-labelledby="tags-heading"><h3 id="tags-heading">태그</h3>\
      <ul class="tag-list">\(HTML.join(chips))</ul><form class="field-row" data-edit="\(PageEdit.tag)">\
      <label class="visually-hidden" for="tag-new">새 태그</label>\
      <input id="tag-new" name="tag" placeholder="태그 입력 후 Enter" autocomplete="off" enterkeyhint="done" required>\
      <button type="submit" id="tag-add">추가</button></form></section>
      """
  }

  // MARK: - Notes and quotes

  static func notes(_ notes: [Note], kind: Note.Kind) -> HTML {
    let isQuote = kind == .quote
    let name = isQuote ? "문장" : "메모"
    let items = notes.map { Self.note($0) }
    let page: HTML =
      isQuote
      ? """
      <label for="quote-new-page">쪽</label><input id="quote-new-page" name="page" type="number" min="1" \
      inputmode="numeric" class="page-input">
      """ : ""
    return """
      <section class="journal-part" aria-labelledby="\(kind.rawValue)s-heading">\
      <h3 id="\(kind.rawValue)s-heading">\(isQuote ? "문장 수집" : "메모") <span class="count">\(notes.count)</span></h3>\
      <ul class="notes">\(HTML.join(items))</ul>\
      <form data-edit="\(PageEdit.addNote)" data-kind="\(kind.rawValue)">\
      <label class="visually-hidden" for="\(kind.rawValue)-new-text">새 \(name)</label>\
      <textarea id="\(kind.rawValue)-new-text" name="text" rows="2" required \
      placeholder="\(isQuote ? "마음에 남은 문장" : "떠오른 생각")"></textarea>\
      <div class="button-row">\(page)<button class="pill" type="submit" id="\(kind.rawValue)-new-add">\(name) 추가</button></div></form></section>
      """
  }

  static func note(_ note: Note) -> HTML {
    let prefix = "note-\(note.id)"
    let isQuote = note.kind == .quote
    let name = isQuote ? "문장" : "메모"
    let body: HTML =
      isQuote
      ? """
      <blockquote class="quote-text"><p>\(note.text)</p></blockquote>\
      \(note.page.map { "<p class=\"quote-page\">p. \($0)</p>" as HTML })
      """
      : "<p class=\"note-text\">\(note.text)</p>"
    let page: HTML =
      isQuote
      ? """
      <label for="\(prefix)-page">쪽</label><input id="\(prefix)-page" name="page" type="number" min="1" \
      inputmode="numeric" class="page-input" value="\(note.page.map(String.init) ?? "")">
      """ : ""
    return """
      <li class="note" id="\(prefix)" data-note-id="\(note.id)" data-version="\(note.version)">\(body)\
      <p class="note-meta"><time datetime="\(note.day.description)">\(dayText(note.day))</time>\
      <button class="text-button" type="button" id="\(prefix)-edit" data-action="\(PageAction.editNote)" \
      aria-expanded="false" aria-controls="\(prefix)-form">편집<span class="visually-hidden"> (\(dayText(note.day)) \(name))</span></button>\
      <button class="text-button danger" type="button" id="\(prefix)-delete" data-action="\(PageAction.deleteNote)">삭제\
      <span class="visually-hidden"> (\(dayText(note.day)) \(name))</span></button></p>\
      <form id="\(prefix)-form" data-edit="\(PageEdit.note)" hidden><label class="visually-hidden" for="\(prefix)-text">\
      \(name) 고치기</label><textarea id="\(prefix)-text" name="text" rows="3" required>\(note.text)</textarea>\
      <div class="button-row">\(page)<button class="pill primary" type="submit" id="\(prefix)-save">저장</button>\
      <button class="pill" type="button" id="\(prefix)-cancel" data-action="\(PageAction.cancelEdit)">취소</button></div></form></li>
      """
  }

  /// `2026. 3. 14.`, as Korean dates are written.
  static func dayText(_ day: CalendarDay) -> String { "\(day.year). \(day.month). \(day.day)." }
}
