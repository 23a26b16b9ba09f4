import BookModel

/// The names the server's HTML and the page's scripts share, declared once: the views interpolate
/// them (`data-action="\(PageAction.open)"`), and the server serves them to the scripts as the
/// module `/static/names.js` (``PageNames/script``), whose `Action`, `Edit`, `ID` and `Event` map
/// each case's Swift name to its value (`Action.toggleSave === "toggle-save"`). Renaming a value
/// here renames it on both sides; a name a script uses that no longer exists is caught by
/// `PageNamesTests`, which also checks that every rendered `data-action` has a handler in the
/// scripts and every handler's action is rendered.
protocol PageName: RawRepresentable<String>, CaseIterable, Sendable {}

/// What a click on an element with `data-action` does; the scripts' handler tables are keyed by
/// these (`[Action.open](target, event) { ... }`).
enum PageAction: String, PageName {
  /// Opens a book's sheet (a row, a recent book, a cover, a note's book).
  case open
  /// The heart: saves a book, or takes it out of 담은 책.
  case toggleSave = "toggle-save"
  /// A first visit's example search.
  case starterSearch = "starter-search"
  /// To the search tab, the focus in the box.
  case goSearch = "go-search"
  /// To 담은 책.
  case goSaved = "go-saved"
  /// Closes the sheet.
  case close
  /// The sheet's 검색하기: closes it and focuses the search box.
  case focusSearch = "focus-search"
  /// A 담은 책 filter chip (a shelf or a tag).
  case filter
  /// 별점 지우기.
  case ratingClear = "rating-clear"
  /// 읽기 시작 (or 다시 읽기).
  case startReading = "start-reading"
  /// 다 읽음.
  case finishReading = "finish-reading"
  /// Deletes a reading.
  case deleteSession = "delete-session"
  /// Deletes a note or a quote.
  case deleteNote = "delete-note"
  /// Takes a tag off the book.
  case removeTag = "remove-tag"
  /// Opens (or closes) a note's editor.
  case editNote = "edit-note"
  /// Closes a note's editor, dropping what was typed.
  case cancelEdit = "cancel-edit"
  /// Removes the year's goal.
  case goalClear = "goal-clear"
  /// 최근 검색어: searches a recent search again.
  case searchAgain = "search-again"
  /// 최근 검색어: deletes one search (×).
  case forgetSearch = "forget-search"
  /// 최근 검색어: deletes every search (전체 삭제).
  case forgetSearches = "forget-searches"
  /// 최근 검색어: stops or resumes recording searches (the button's `value` is the new setting).
  case searchRecording = "search-recording"
  /// 책 직접 추가: opens the form of a book no provider has.
  case addBook = "add-book"
  /// 책 정보 고치기: opens that form for a book added by hand, filled in.
  case editBook = "edit-book"
  /// Makes the open edition the one the reader keeps of its work (see ``EditionViews``).
  case switchEdition = "switch-edition"
  /// Opens 같은 작품으로 합치기 for the open book; merges its work into a candidate's; splits a
  /// merged work off again.
  case openMerge = "open-merge"
  case mergeInto = "merge-into"
  case splitWork = "split-work"
}

/// The kinds of edit a form (`data-edit`) makes; the scripts' submit and change handlers are keyed
/// by these.
enum PageEdit: String, PageName {
  case shelf, rating, review, tag, progress, note, session, goal
  case addNote = "add-note"
}

/// The ids of the page's elements that the scripts find.
enum PageID: String, PageName {
  case main
  case tabSearch = "tab-search"
  case tabSaved = "tab-saved"
  case tabStats = "tab-stats"
  case searchPanel = "search-panel"
  case savedPanel = "saved-panel"
  case statsPanel = "stats-panel"
  case searchForm = "search-form"
  case searchInput = "search-input"
  case suggestions
  case recentSearches = "recent-searches"
  case searchTarget = "search-target"
  case searchSort = "search-sort"
  case scanButton = "scan-button"
  case scanFile = "scan-file"
  case scanDialog = "scan-dialog"
  case recent
  case readNext = "read-next"
  case searchStatus = "search-status"
  case results
  case more
  case savedHeading = "saved-heading"
  case savedSort = "saved-sort"
  case savedCount = "saved-count"
  case savedFilters = "saved-filters"
  case saved
  case savedMore = "saved-more"
  case savedMoreButton = "saved-more-button"
  case clearAll = "clear-all"
  case stats
  case statsYear = "stats-year"
  case goalInput = "goal-input"
  case noteSearch = "note-search"
  case noteQuery = "note-query"
  case noteStatus = "note-status"
  case noteResults = "note-results"
  case importForm = "import-form"
  case importFile = "import-file"
  case importStatus = "import-status"
  case detail
  case journal
  case journalAlert = "journal-alert"
  case confirmClear = "confirm-clear"
  case confirmClearDetail = "confirm-clear-detail"
  case confirmRemove = "confirm-remove"
  case confirmRemoveTitle = "confirm-remove-title"
  case confirmRemoveDetail = "confirm-remove-detail"
  case toast
  case addBook = "add-book"
  case addBookForm = "add-book-form"
  case addBookAlert = "add-book-alert"
  case addBookCover = "add-book-cover"
  case addBookPreview = "add-book-preview"
  case mergeDialog = "merge-dialog"
  case mergeForm = "merge-form"
  case mergeQuery = "merge-query"
  case mergeResults = "merge-results"
}

/// The events of `GET /api/events`, one per kind of ``LibraryEvent`` and `ready` (sent first, and
/// again after each reconnect).
enum PageEvent: String, PageName {
  case ready, saved, removed, cleared, viewed, journal, goal, searches

  /// The event a change of the library is sent as.
  init(_ change: LibraryEvent) {
    switch change {
    case .saved: self = .saved
    case .removed: self = .removed
    case .cleared: self = .cleared
    case .viewed: self = .viewed
    case .journal: self = .journal
    case .goal: self = .goal
    case .searches: self = .searches
    }
  }
}

extension HTML.Interpolation {
  /// A shared name, as its value.
  mutating func appendInterpolation(_ name: some PageName) { appendInterpolation(name.rawValue) }
}

/// The generated module `/static/names.js`.
enum PageNames {
  /// `export const Action = Object.freeze({ toggleSave: "toggle-save", ... });` and the same for
  /// `Edit`, `ID` and `Event`: each case's Swift name and value.
  static let script: String = {
    func table<Name: PageName>(_ name: String, _: Name.Type) -> String {
      let entries = Name.allCases.map { "  \(String(describing: $0)): \"\($0.rawValue)\"," }
      return "export const \(name) = Object.freeze({\n\(entries.joined(separator: "\n"))\n});\n"
    }
    return """
      // Chaek (책): the names the server's HTML and these scripts share. Generated by the server from
      // Sources/ChaekWeb/PageNames.swift, where they are declared: change them there, never here.

      \(table("Action", PageAction.self))
      \(table("Edit", PageEdit.self))
      \(table("ID", PageID.self))
      \(table("Event", PageEvent.self))
      """
  }()
}
