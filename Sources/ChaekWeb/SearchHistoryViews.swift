import BookModel

/// 최근 검색어: the panel under the search box while it is focused and empty. It lists the recent
/// searches (each searches again; × deletes it), 전체 삭제, and a button that stops or resumes
/// recording. The page renders it empty; the script asks for it (`/fragments/searches`) when the
/// page opens and after each change, and shows it when there is something to show
/// (`data-worth-showing`: searches, or recording turned off).
enum SearchHistoryViews {
  /// The panel for `history`; `nil` renders it empty, as the page has it before the script asks.
  static func panel(_ history: SearchHistory?) -> HTML {
    let searches = history?.searches ?? []
    let recording = history?.recording ?? true
    let worthShowing = !searches.isEmpty || !recording
    return """
      <section id="\(PageID.recentSearches)" class="recent-searches" aria-label="최근 검색어" \
      data-recording="\(recording ? "true" : "false")" data-worth-showing="\(worthShowing ? "true" : "false")" hidden>\
      \(history.map { content($0) })</section>
      """
  }

  private static func content(_ history: SearchHistory) -> HTML {
    let items = history.searches.map { search -> HTML in
      """
      <li><button type="button" class="recent-search-query" id="recent-search-\(search.id)" \
      data-action="\(PageAction.searchAgain)" value="\(search.id)">\(search.query)</button>\
      <button type="button" class="recent-search-delete" id="recent-search-\(search.id)-delete" \
      data-action="\(PageAction.forgetSearch)" value="\(search.id)" aria-label="‘\(search.query)’ 지우기">×</button></li>
      """
    }
    let list: HTML = items.isEmpty ? "" : "<ul class=\"recent-searches-list\">\(HTML.join(items))</ul>"
    let note: HTML =
      !history.recording
      ? "<p class=\"recent-searches-note\">검색어 저장이 꺼져 있어요.</p>"
      : items.isEmpty ? "<p class=\"recent-searches-note\">최근 검색어가 없어요.</p>" : ""
    // Once recording is off, 전체 삭제 offers to delete what was kept.
    let clear: HTML =
      items.isEmpty
      ? ""
      : """
      <button type="button" class="text-link\(history.recording ? "" : " danger")" id="recent-searches-clear" \
      data-action="\(PageAction.forgetSearches)">\(history.recording ? "전체 삭제" : "저장된 검색어도 지우기")</button>
      """
    return """
      <h2 class="recent-searches-head">최근 검색어</h2>\(list)\(note)<div class="recent-searches-foot">\(clear)\
      <button type="button" class="text-link" id="recent-searches-recording" data-action="\(PageAction.searchRecording)" \
      value="\(history.recording ? "false" : "true")">\(history.recording ? "검색어 저장 끄기" : "검색어 저장 켜기")</button></div>
      """
  }
}
