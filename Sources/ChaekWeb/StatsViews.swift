import BookModel
import ChaekApp
import Foundation

/// The 기록 screen: a year's goal and pace, books and pages per month and ratings as bar charts,
/// most-read authors, the year's covers, and the results of a search over notes and quotes.
enum StatsViews {
  /// The year's screen, with the `series` read to their end; `years` fills the year selector,
  /// `today` (the reader's day) sets the pace.
  static func screen(_ stats: YearStats, series: [SeriesListing], years: [Int], today: CalendarDay)
    -> HTML
  {
    let choices = Set(years + [today.year, stats.year]).sorted(by: >).map { year -> HTML in
      "<option value=\"\(year)\"\(year == stats.year ? " selected" as HTML : "")>\(year)년</option>"
    }
    let nothingYet = stats.bookCount == 0 && stats.ratings.allSatisfy { $0 == 0 }
    return """
      <div class="stats" data-year="\(stats.year)"><div class="stats-toolbar"><h1>기록</h1>\
      <label class="visually-hidden" for="\(PageID.statsYear)">연도</label>\
      <select id="\(PageID.statsYear)">\(HTML.join(choices))</select></div>\
      \(goal(stats, today: today))\
      \(nothingYet ? howToStart(stats.year) : finished(stats, series: series))</div>
      """
  }

  /// The year's finished books, then books and pages per month and ratings as charts, and the
  /// most-read authors.
  private static func finished(_ stats: YearStats, series: [SeriesListing]) -> HTML {
    let months = (1...12).map { (axis: "\($0)", name: "\($0)월") }
    let books = BarChart(
      id: "chart-books", title: "월별 읽은 책", labelHeader: "월", unit: "권",
      bars: zip(months, stats.months).map { .init(label: $0.name, axisLabel: $0.axis, value: $1.books) })
    let pages = BarChart(
      id: "chart-pages", title: "월별 읽은 쪽수", labelHeader: "월", unit: "쪽",
      bars: zip(months, stats.months).map { .init(label: $0.name, axisLabel: $0.axis, value: $1.pages) })
    let ratings = BarChart(
      id: "chart-ratings", title: "별점 분포", labelHeader: "별점", unit: "권",
      bars: stats.ratings.enumerated().map { index, count in
        .init(label: StarRating(halfStars: Double(index + 1) / 2)?.description ?? "", value: count)
      })
    return """
      <section class="card wide" aria-labelledby="summary-heading"><h2 id="summary-heading">\(stats.year)년에 읽은 책</h2>\
      <p class="summary"><strong>\(Won.grouped(stats.bookCount))권</strong> · \(Won.grouped(stats.pageCount))쪽</p>\
      \(covers(stats.finished))</section>\
      <section class="card" aria-labelledby="books-heading"><h2 id="books-heading">월별 읽은 책</h2>\(books.html)</section>\
      <section class="card" aria-labelledby="pages-heading"><h2 id="pages-heading">월별 쪽수</h2>\(pages.html)</section>\
      <section class="card" aria-labelledby="ratings-heading"><h2 id="ratings-heading">별점 분포</h2>\
      \(ratings.html)</section>\(authors(stats.authors))\(seriesRead(series))
      """
  }

  /// The series read to their end, each with its number of volumes.
  static func seriesRead(_ series: [SeriesListing]) -> HTML {
    guard !series.isEmpty else { return "" }
    let items = series.map { listing -> HTML in
      let volumes = listing.volumes.filter(\.book.isVolume).count
      return
        "<li><span class=\"author-name\">\(listing.name)</span> <span class=\"author-count\">\(volumes)권</span></li>"
    }
    return """
      <section class="card" aria-labelledby="series-read-heading"><h2 id="series-read-heading">다 읽은 시리즈</h2>\
      <ul class="authors">\(HTML.join(items))</ul></section>
      """
  }

  /// A year with nothing finished or rated yet: how a reading gets here, instead of empty charts.
  private static func howToStart(_ year: Int) -> HTML {
    """
    <section class="card wide empty-state" aria-labelledby="summary-heading">\
    <h2 id="summary-heading">\(year)년에 다 읽은 책이 아직 없어요</h2>\
    <p>책을 열어 ‘읽기 시작’을 누르고, 다 읽으면 ‘다 읽음’을 눌러 보세요. \
    다 읽은 책과 쪽수, 별점이 달마다 여기에 모여요. Goodreads나 StoryGraph의 기록은 아래에서 가져올 수 있어요.</p>\
    <a class="pill primary" href="/saved" data-action="\(PageAction.goSaved)">담은 책 보기</a></section>
    """
  }

  // MARK: - Goal

  static func goal(_ stats: YearStats, today: CalendarDay) -> HTML {
    let progress: HTML
    if let goal = stats.goal {
      let percent = min(100, Double(stats.bookCount) / Double(goal) * 100)
      let text = "\(Won.grouped(stats.bookCount)) / \(Won.grouped(goal))권"
      progress = """
        <div class="progress" role="progressbar" aria-valuemin="0" aria-valuemax="\(goal)" \
        aria-valuenow="\(min(stats.bookCount, goal))" aria-valuetext="\(text)" aria-labelledby="goal-heading">\
        <div class="progress-fill" style="width: \(BarChart.number(percent))%"></div></div>\
        <p class="goal-text"><strong>\(text)</strong>\
        \(GoalPace(stats, today: today).map { " · <span class=\"pace\">\($0.description)</span>" as HTML })</p>
        """
    } else {
      progress = "<p class=\"hint\">\(stats.year)년에 몇 권 읽을지 정해 보세요.</p>"
    }
    let clear: HTML =
      stats.goal == nil
      ? ""
      : "<button class=\"pill\" type=\"button\" id=\"goal-clear\" data-action=\"\(PageAction.goalClear)\">지우기</button>"
    return """
      <section class="card goal wide" aria-labelledby="goal-heading"><h2 id="goal-heading">\(stats.year)년 독서 목표</h2>\
      \(progress)<form class="field-row" data-edit="\(PageEdit.goal)"><label for="\(PageID.goalInput)">목표</label>\
      <input id="\(PageID.goalInput)" name="books" type="number" min="1" max="10000" inputmode="numeric" required \
      value="\(stats.goal.map(String.init) ?? "")"><span aria-hidden="true">권</span>\
      <button type="submit" id="goal-save">\(stats.goal == nil ? "정하기" : "바꾸기")</button>\(clear)</form></section>
      """
  }

  // MARK: - Lists

  static func covers(_ finished: [YearStats.FinishedBook]) -> HTML {
    guard !finished.isEmpty else { return "<p class=\"hint\">다 읽은 책이 여기에 모여요.</p>" }
    let items = finished.map { item -> HTML in
      let id = item.book.id.rawValue
      return """
        <li data-book-id="\(id)"><a href="/books/\(id)" data-action="\(PageAction.open)">\(BookViews.cover(item.book))\
        <span class="visually-hidden">\(item.book.title), \(JournalViews.dayText(item.finished)) 다 읽음</span></a></li>
        """
    }
    return "<ul class=\"cover-grid\" aria-label=\"다 읽은 책\">\(HTML.join(items))</ul>"
  }

  static func authors(_ authors: [YearStats.AuthorCount]) -> HTML {
    guard !authors.isEmpty else { return "" }
    let items = authors.map { author -> HTML in
      "<li><span class=\"author-name\">\(author.name)</span> <span class=\"author-count\">\(author.books)권</span></li>"
    }
    return """
      <section class="card" aria-labelledby="authors-heading"><h2 id="authors-heading">많이 읽은 저자</h2>\
      <ol class="authors">\(HTML.join(items))</ol></section>
      """
  }

  /// Notes and quotes found by a search: book title, kind, page and day, the text with the query
  /// marked where it appears as typed.
  static func noteHits(_ matches: [NoteMatch], query: String) -> HTML {
    HTML.join(
      matches.map { match in
        let note = match.note
        let id = note.bookID.rawValue
        let kind = note.kind == .quote ? "문장" : "메모"
        let page = note.page.map { " · p. \($0)" } ?? ""
        return """
          <li class="note-hit" data-book-id="\(id)"><a href="/books/\(id)" data-action="\(PageAction.open)">\
          <span class="note-hit-title">\(match.title)</span></a>\
          <span class="note-hit-meta">\(kind)\(page) · \(JournalViews.dayText(note.day))</span>\
          <p class="note-hit-text">\(marked(note.text, query: query))</p></li>
          """
      })
  }

  /// The text with the first place it contains `query` (ignoring case) in `<mark>`.
  static func marked(_ text: String, query: String) -> HTML {
    let query = query.trimmingCharacters(in: .whitespaces)
    guard !query.isEmpty, let range = text.range(of: query, options: .caseInsensitive) else {
      return "\(text)"
    }
    return
      "\(String(text[..<range.lowerBound]))<mark>\(String(text[range]))</mark>\(String(text[range.upperBound...]))"
  }
}
