import BookModel

/// The app's one page: the 검색, 담은 책 and 기록 tabs, the detail dialog, the confirmation dialogs
/// and the toast, server-rendered so it works before (and without) the script.
struct Page {
  /// Which tab is shown.
  enum Tab {
    case search, saved, stats

    var name: String {
      switch self {
      case .search: "search"
      case .saved: "saved"
      case .stats: "stats"
      }
    }

    var title: String {
      switch self {
      case .search: "책 검색"
      case .saved: "담은 책"
      case .stats: "기록"
      }
    }
  }

  var tab: Tab
  var query = ""
  var target: SearchQuery.Target?
  var sort: SearchQuery.Sort = .accuracy
  var results: HTML = ""
  var resultsAreComplete = true
  var resultsStatus = ""
  var recent: HTML = ""
  var saved: HTML = ""
  var savedCount = 0
  /// `true` when 담은 책 holds more rows (of the filter) than ``saved`` shows.
  var savedHasMore = false
  var savedOrder = SavedOrder.title
  var savedFilters: HTML = ""
  var stats: HTML = ""
  var noteQuery = ""
  var noteHits: HTML = ""
  var detail: HTML?
  /// The signed-in reader's name on a Chaek with accounts; `nil` without them.
  var signedIn: String?

  /// Who is signed in, and the button that signs out, on a Chaek with accounts.
  private var account: HTML {
    guard let signedIn else { return "" }
    return """
      <section class="card account" aria-labelledby="account-heading"><h2 id="account-heading">계정</h2>\
      <form class="field-row" method="post" action="/signout"><p><strong>\(signedIn)</strong> 님으로 로그인했어요.</p>\
      <button type="submit">로그아웃</button></form></section>
      """
  }

  var body: HTML {
    let searchHidden: HTML = tab == .search ? "" : " hidden"
    let savedHidden: HTML = tab == .saved ? "" : " hidden"
    let statsHidden: HTML = tab == .stats ? "" : " hidden"
    return """
      <!doctype html>
      <html lang="ko"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
      <meta name="color-scheme" content="light dark">
      <meta name="theme-color" media="(prefers-color-scheme: light)" content="#f7f4ee">
      <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#161513">
      <link rel="manifest" href="/manifest.webmanifest">
      <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">
      <meta name="apple-mobile-web-app-title" content="책"><meta name="mobile-web-app-capable" content="yes">
      <meta name="apple-mobile-web-app-status-bar-style" content="default">
      <title>\(tab.title) — 책</title>
      <link rel="icon" href="/static/icon.svg" type="image/svg+xml">
      \(Self.stylesheets)<script type="module" src="/static/app.js"></script></head>
      <body data-tab="\(tab.name)">
      <a class="skip-link" href="#\(PageID.main)">본문으로 건너뛰기</a>
      <nav class="tabbar" aria-label="탭"><p class="brand" aria-hidden="true">책</p><div role="tablist">
      <a id="\(PageID.tabSearch)" role="tab" href="/" aria-selected="\(tab == .search ? "true" : "false")" \
      aria-controls="\(PageID.searchPanel)"><span aria-hidden="true">⌕</span> 검색</a>
      <a id="\(PageID.tabSaved)" role="tab" href="/saved" aria-selected="\(tab == .saved ? "true" : "false")" \
      aria-controls="\(PageID.savedPanel)"><span aria-hidden="true">♥</span> 담은 책 \
      <span id="\(PageID.savedCount)" class="count" aria-label="\(savedCount)권">\(savedCount)</span></a>
      <a id="\(PageID.tabStats)" role="tab" href="/stats" aria-selected="\(tab == .stats ? "true" : "false")" \
      aria-controls="\(PageID.statsPanel)"><span aria-hidden="true">✎</span> 기록</a></div></nav>
      <main id="\(PageID.main)">
      <section id="\(PageID.searchPanel)" class="panel" aria-labelledby="\(PageID.tabSearch)"\(searchHidden)>
      <h1 class="visually-hidden">책 검색</h1>
      <form id="\(PageID.searchForm)" class="search-form" role="search" action="/" method="get">
      <label class="visually-hidden" for="\(PageID.searchInput)">책 검색</label>
      <div class="combobox"><input id="\(PageID.searchInput)" name="query" type="search" value="\(query)" \
      placeholder="제목, 저자, 출판사, ISBN" autocomplete="off" enterkeyhint="search" spellcheck="false" \
      role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="\(PageID.suggestions)">\
      \(SearchHistoryViews.panel(nil))
      <ul id="\(PageID.suggestions)" class="suggestions" role="listbox" aria-label="추천 검색어" hidden></ul></div>
      <div class="filters">
      <label class="visually-hidden" for="\(PageID.searchTarget)">검색 대상</label>
      <select id="\(PageID.searchTarget)" name="target">\(options(Self.targets, selected: target?.rawValue ?? ""))</select>
      <label class="visually-hidden" for="\(PageID.searchSort)">정렬</label>
      <select id="\(PageID.searchSort)" name="sort">\(options(Self.sorts, selected: sort.rawValue))</select>
      <button class="search-submit" type="submit">검색</button>
      <button id="\(PageID.scanButton)" class="search-submit scan-button" type="button" \
      aria-label="바코드 스캔: 책 뒤표지의 바코드로 찾기">스캔</button>
      <input id="\(PageID.scanFile)" class="visually-hidden" type="file" accept="image/*" capture="environment" \
      tabindex="-1" aria-hidden="true"></div></form>
      <section class="recent-section" aria-labelledby="recent-heading">
      <h2 id="recent-heading">최근 본 책</h2>
      <ul id="\(PageID.recent)" class="strip">\(recent)</ul></section>
      <section class="recent-section read-next-section" aria-labelledby="read-next-heading">
      <h2 id="read-next-heading">다음에 읽을 책</h2>
      <ul id="\(PageID.readNext)" class="strip"></ul></section>
      \(Self.welcome)
      <p id="\(PageID.searchStatus)" class="status" role="status" aria-live="polite">\(resultsStatus)</p>
      <ul id="\(PageID.results)" class="books" aria-label="검색 결과" data-is-end="\(resultsAreComplete ? "true" : "false")">\(results)</ul>
      <div id="\(PageID.more)" class="more" aria-live="polite"></div>
      <p class="add-book-offer">찾는 책이 없나요? \
      <button class="text-button" type="button" data-action="\(PageAction.addBook)">책 직접 추가</button></p>
      </section>
      <section id="\(PageID.savedPanel)" class="panel" aria-labelledby="\(PageID.tabSaved)" data-total="\(savedCount)"\(savedHidden)>
      <div class="saved-toolbar"><h1 id="\(PageID.savedHeading)" tabindex="-1">담은 책</h1>
      <label class="visually-hidden" for="\(PageID.savedSort)">정렬</label>
      <select id="\(PageID.savedSort)">\(options(Self.savedOrders, selected: savedOrder.rawValue))</select></div>
      <div id="\(PageID.savedFilters)" class="filter-bar">\(savedFilters)</div>
      <ul id="\(PageID.saved)" class="books" aria-label="담은 책 목록">\(saved)</ul>
      <span id="heart-takes-out" class="visually-hidden">누르면 담은 책에서 빠져요</span>
      <div id="\(PageID.savedMore)" class="more"\(savedHasMore ? "" : " hidden" as HTML)>\
      <button class="pill" type="button" id="\(PageID.savedMoreButton)">더 보기</button></div>
      <div class="empty-state saved-empty"><h2>아직 담은 책이 없어요</h2>\
      <p>검색해서 마음에 드는 책의 ♥를 누르면 여기에 모여요.</p>\
      <a class="pill primary" href="/" data-action="\(PageAction.goSearch)">책 찾으러 가기</a></div>
      <p class="saved-no-match">이 조건에 맞는 책이 없어요. 다른 책장이나 태그를 골라 보세요.</p>
      <div class="saved-manage"><button id="\(PageID.clearAll)" class="text-button danger" type="button">전체 삭제</button></div>
      </section>
      <section id="\(PageID.statsPanel)" class="panel" aria-labelledby="\(PageID.tabStats)"\(statsHidden)>
      <div id="\(PageID.stats)">\(stats)</div>
      <section class="card note-search" aria-labelledby="note-search-heading">
      <h2 id="note-search-heading">메모와 문장 찾기</h2>
      <form id="\(PageID.noteSearch)" class="field-row" role="search" action="/stats" method="get">
      <label class="visually-hidden" for="\(PageID.noteQuery)">메모와 문장에서 찾기</label>
      <input id="\(PageID.noteQuery)" name="q" type="search" value="\(noteQuery)" placeholder="낱말로 찾기" autocomplete="off">
      <button type="submit">찾기</button></form>
      <p id="\(PageID.noteStatus)" class="status" role="status" aria-live="polite"></p>
      <ul id="\(PageID.noteResults)" class="note-hits">\(noteHits)</ul></section>
      <section class="card transfer" aria-labelledby="transfer-heading">
      <h2 id="transfer-heading">가져오기와 내보내기</h2>
      <form id="\(PageID.importForm)" class="field-row" action="/api/import" method="post" enctype="application/octet-stream">
      <label class="visually-hidden" for="\(PageID.importFile)">가져올 파일: Goodreads나 StoryGraph에서 내보낸 CSV, 책 백업 JSON</label>
      <input id="\(PageID.importFile)" name="file" type="file" accept=".csv,.json,text/csv,application/json" required>
      <button type="submit">가져오기</button></form>
      <p class="hint">Goodreads나 StoryGraph에서 내보낸 파일, 또는 책 백업(JSON)을 고르세요. 같은 파일을 다시 가져와도 Chaek에서 바꾼 기록은 그대로예요.</p>
      <p id="\(PageID.importStatus)" class="status" role="status" aria-live="polite"></p>
      <p class="backup"><a href="/api/export?format=json" download>내 기록 모두 백업하기 (JSON)</a>       · <a href="/api/export?format=goodreads" download>Goodreads 형식으로 내보내기 (CSV)</a></p></section>
      \(account)
      </section>
      </main>
      <dialog id="\(PageID.scanDialog)" class="scan-dialog" aria-label="바코드 스캔">\
      <video muted playsinline aria-label="카메라 화면: 바코드를 가운데에 맞추세요"></video>\
      <form method="dialog"><button class="search-submit" type="submit">취소</button></form></dialog>
      <dialog id="\(PageID.detail)" class="sheet" aria-labelledby="detail-title"\(detail == nil ? "" : " open" as HTML)>\(detail)</dialog>
      <dialog id="\(PageID.confirmClear)" class="confirm" aria-labelledby="confirm-title" aria-describedby="\(PageID.confirmClearDetail)">
      <form method="dialog"><p id="confirm-title">담은 책을 모두 삭제할까요?</p><p id="\(PageID.confirmClearDetail)" class="confirm-detail"></p>
      <div class="confirm-buttons"><button value="cancel" type="submit">취소</button>
      <button value="delete" class="danger" type="submit">삭제</button></div></form></dialog>
      <dialog id="\(PageID.confirmRemove)" class="confirm" aria-labelledby="\(PageID.confirmRemoveTitle)" \
      aria-describedby="\(PageID.confirmRemoveDetail)">
      <form method="dialog"><p id="\(PageID.confirmRemoveTitle)"></p><p id="\(PageID.confirmRemoveDetail)" class="confirm-detail"></p>
      <div class="confirm-buttons"><button value="cancel" type="submit">취소</button>
      <button value="delete" class="danger" type="submit">삭제</button></div></form></dialog>
      \(Self.addBookDialog)\(Self.mergeDialog)
      <div id="\(PageID.toast)" class="toast" role="status" aria-live="polite"></div>
      <noscript><p class="noscript">검색과 목록은 스크립트 없이도 볼 수 있지만, 담기와 삭제에는 스크립트가 필요해요.</p></noscript>
      </body></html>
      """
  }

  /// The form of a book no provider has (책 직접 추가), and of its later edits: the page checks what
  /// it can (a title, the ISBN's digits, the pages, the photo) and reduces the photo before sending.
  private static let addBookDialog: HTML = """
    <dialog id="\(PageID.addBook)" class="form-dialog" aria-labelledby="add-book-heading">\
    <form id="\(PageID.addBookForm)" novalidate>\
    <h2 id="add-book-heading">책 직접 추가</h2>\
    <p class="hint">검색에 없는 책을 적어서 담아요. 제목만 있어도 돼요.</p>\
    <p id="\(PageID.addBookAlert)" class="form-alert" role="alert"></p>\
    <label for="add-title">제목</label><input id="add-title" name="title" required maxlength="500" autocomplete="off">\
    <label for="add-authors">저자 <span class="hint">여럿이면 쉼표로 나눠요</span></label>\
    <input id="add-authors" name="authors" maxlength="2000" autocomplete="off">\
    <label for="add-publisher">출판사</label><input id="add-publisher" name="publisher" maxlength="500" autocomplete="off">\
    <div class="field-pair"><div><label for="add-isbn">ISBN</label>\
    <input id="add-isbn" name="isbn" inputmode="numeric" maxlength="20" autocomplete="off"></div>\
    <div><label for="add-pages">쪽수</label>\
    <input id="add-pages" name="pages" type="number" min="1" max="\(BookLength.maximumPages)" inputmode="numeric"></div></div>\
    <label for="add-contents">소개</label><textarea id="add-contents" name="contents" rows="3" maxlength="10000"></textarea>\
    <label for="\(PageID.addBookCover)">표지 사진</label>\
    <div class="cover-pick"><img id="\(PageID.addBookPreview)" class="cover" alt="고른 표지 사진" width="60" height="87" hidden>\
    <input id="\(PageID.addBookCover)" name="cover" type="file" accept="image/*"></div>\
    <div class="confirm-buttons"><button value="cancel" type="button" formnovalidate>취소</button>\
    <button value="save" class="primary" type="submit">추가하기</button></div></form></dialog>
    """

  /// 같은 작품으로 합치기: a search for the books of another work the open book is one with (a
  /// translation, the same book under another title), each with 합치기.
  private static let mergeDialog: HTML = """
    <dialog id="\(PageID.mergeDialog)" class="form-dialog" aria-labelledby="merge-heading">\
    <form id="\(PageID.mergeForm)" role="search">\
    <h2 id="merge-heading">같은 작품으로 합치기</h2>\
    <p class="hint">이 책과 같은 작품인 책(번역서, 다른 제목으로 나온 판본)을 찾아 골라요. \
    담은 책과 기록은 하나로 모이고, 판본 목록에서 언제든 다시 나눌 수 있어요.</p>\
    <label for="\(PageID.mergeQuery)">제목이나 저자</label>\
    <input id="\(PageID.mergeQuery)" type="search" maxlength="256" autocomplete="off" enterkeyhint="search">\
    <ul id="\(PageID.mergeResults)" class="edition-list merge-results" aria-live="polite"></ul>\
    <div class="confirm-buttons"><button value="cancel" type="button">닫기</button></div></form></dialog>
    """

  /// What the search tab says on a first visit (no book viewed yet, nothing typed): what Chaek
  /// does, and a few searches to start from, each a link that works without the script.
  private static let welcome: HTML = """
    <section class="card welcome" aria-labelledby="welcome-heading"><h2 id="welcome-heading">읽고 싶은 책을 찾아 보세요</h2>\
    <p>제목, 저자, 출판사나 ISBN으로 찾아요. 초성만 써도 돼요: ㅎㄹㅍㅌ처럼요. \
    마음에 드는 책은 ♥로 담고, 읽으면서 별점과 메모를 남겨요.</p>\
    <ul class="starter-searches" aria-label="이렇게 찾아 보세요">\
    \(HTML.join(starterSearches.map { "<li><a class=\"chip\" href=\"/?query=\($0)\" data-action=\"\(PageAction.starterSearch)\">\($0)</a></li>" }))\
    </ul></section>
    """
  private static let starterSearches = ["한강", "김영하", "ㅎㄹㅍㅌ", "사랑"]

  private static let targets = [
    ("", "전체"), ("title", "제목"), ("person", "저자"), ("publisher", "출판사"), ("isbn", "ISBN"),
  ]
  private static let sorts = [("accuracy", "정확도순"), ("latest", "최신순")]
  /// 담은 책's orders, as its menu names them.
  private static let savedOrders = SavedOrder.allCases.map { order in
    let name =
      switch order {
      case .title: "제목순"
      case .added: "담은 순"
      case .finished: "다 읽은 순"
      case .rating: "별점순"
      case .author: "저자순"
      }
    return (order.rawValue, name)
  }

  private func options(_ choices: [(String, String)], selected: String) -> HTML {
    HTML.join(
      choices.map { value, label in
        "<option value=\"\(value)\"\(value == selected ? " selected" as HTML : "")>\(label)</option>"
      })
  }

  /// A plain page for an address that shows nothing: what went wrong and where to go, in the app's
  /// look and in Korean.
  static func problem(_ heading: String, _ detail: String) -> HTML {
    """
    <!doctype html><html lang="ko"><head><meta charset="utf-8">\
    <meta name="viewport" content="width=device-width, initial-scale=1"><title>\(heading) — 책</title>\
    \(stylesheets)</head><body class="plain"><main>\
    <div class="empty-state"><h1>\(heading)</h1><p>\(detail)</p>\
    <a class="pill primary" href="/">검색으로 가기</a></div></main></body></html>
    """
  }

  /// The app's look, in the order the stylesheets cascade (`static/app.css` says what each holds).
  static let stylesheets = HTML.join(
    ["app.css", "lists.css", "sheet.css", "screens.css"].map {
      "<link rel=\"stylesheet\" href=\"/static/\($0)\">"
    })

  /// The page for unknown addresses.
  static func notFound() -> HTML {
    problem("페이지를 찾을 수 없어요", "주소를 다시 확인하거나 검색에서 찾아 보세요.")
  }
}
