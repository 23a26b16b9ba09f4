"""The main journey on a phone: search, infinite scroll, detail, FAB, 최근 본 책, 담은 책, 전체 삭제."""

from selenium.webdriver.support.ui import Select

from app_page import AppPage
from conftest import MOBILE

QUERY = "the"  # 150+ books of the starter catalog: many pages


def test_search_scroll_detail_save_and_clear_on_a_phone(server, browser):
    meta = server.search(QUERY)["meta"]
    assert meta["total_count"] > 30 and not meta["is_end"], f"{QUERY!r} no longer has many results: {meta}"

    app = AppPage(browser(MOBILE), server).open()
    assert app.text("#tab-search").split()[-1] == "검색"
    assert "담은 책" in app.text("#tab-saved")
    assert app.saved_count() == "0"

    # Live search: typing is enough (debounced), no Enter.
    app.search(QUERY)
    first_page = app.result_ids()
    requested = app.js(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/fragments/results'))"
    )
    assert all("query=the&" in name for name in requested), f"typing searched for every letter: {requested}"
    assert len(first_page) >= 10, f"the first page has {len(first_page)} rows"
    assert app.text("#search-status") == f"‘{QUERY}’ 검색 결과 {meta['total_count']}권"
    app.js("scrollTo(0, 0)")
    app.shot("search-results")

    # Scrolling to the bottom loads the next page.
    before = len(app.result_ids())
    app.js("scrollTo(0, document.documentElement.scrollHeight)")
    app.wait_for(
        lambda: len(app.result_ids()) > max(before, 10),
        lambda: f"scrolling to the bottom loaded no more rows (still {len(app.result_ids())})",
    )
    app.wait_until_idle()
    rows = app.result_ids()
    assert len(rows) == len(set(rows)), f"duplicate rows: {sorted(r for r in rows if rows.count(r) > 1)}"
    assert rows[: len(first_page)] == first_page, "the first page changed while the next one loaded"

    # Open a book from the second page.
    book_id = rows[11]
    title = app.find(".book-title", app.row(book_id)).get_attribute("textContent")
    app.open_detail(book_id)
    assert app.text("#detail-title") == title
    assert app.active_element_id() != "search-input"

    # The sheet's two actions, one tap away on its bar: 책 담기 (the heart, labelled) and 검색하기.
    assert app.attribute("#detail .heart", "aria-pressed") == "false"
    assert app.text("#detail .bar-search") == "검색하기"
    app.settle()
    app.shot("detail-bar")

    app.press("#detail .heart")
    app.wait_toast(f"‘{title}’ 담았어요")
    app.wait_for(lambda: app.saved_count() == "1", lambda: f"the 담은 책 count is {app.saved_count()}, not 1")
    app.wait_toast_on_top("the toast ‘…담았어요’ is hidden behind the detail sheet")
    app.shot("toast")
    assert app.attribute("#detail .heart", "aria-pressed") == "true"

    app.press("#detail .bar-search")
    app.wait_detail_closed()
    app.wait_for(
        lambda: app.active_element_id() == "search-input",
        lambda: f"검색하기 left focus on {app.js('return document.activeElement.outerHTML.slice(0, 80)')}",
    )
    assert app.find("#search-panel").is_displayed()

    # 최근 본 책 shows the book first.
    app.wait_for(
        lambda: app.recent_ids()[:1] == [book_id], lambda: f"최근 본 책 starts with {app.recent_ids()[:1]}, not {book_id}"
    )
    recent_title = app.find(f'#recent > li[data-book-id="{book_id}"] .recent-title')
    assert recent_title.get_attribute("textContent") == title
    assert recent_title.is_displayed()
    app.js("scrollTo(0, 0)")
    app.settle()
    app.shot("recent-strip")

    # 담은 책 lists it.
    app.show_tab("saved")
    assert app.saved_ids() == [book_id]
    assert app.saved_count() == "1"
    assert app.find(".book-title", app.row(book_id, "saved")).get_attribute("textContent") == title
    # Its heart, pressed, is how it is taken out: no red 삭제 on every row.
    assert app.heart_pressed(book_id) == "true" and not app.find_all("#saved .delete")
    app.shot("saved-list")

    # 전체 삭제 → 취소 keeps the books.
    app.find("#clear-all").click()
    confirm = app.find("#confirm-clear")
    app.wait_for(lambda: app.js("return document.getElementById('confirm-clear').open"), "no confirmation")
    assert app.text("#confirm-title") == "담은 책을 모두 삭제할까요?"
    app.wait_for(lambda: app.text("#confirm-clear-detail") == "담은 책 1권이 지워져요. 10분 안에는 되돌릴 수 있어요.",
                 lambda: f"the confirmation says {app.text('#confirm-clear-detail')!r}")
    app.settle()
    app.shot("confirm-clear")
    app.button("취소", confirm).click()
    app.wait_for(lambda: not app.js("return document.getElementById('confirm-clear').open"), "취소 left it open")
    app.settle(0.3)
    assert app.saved_ids() == [book_id], "취소 deleted the books"
    assert app.saved_count() == "1"
    assert server.request("GET", "api/library")[1]["count"] == 1

    # 전체 삭제 → 삭제 empties the list.
    app.find("#clear-all").click()
    app.wait_for(lambda: app.js("return document.getElementById('confirm-clear').open"), "no confirmation")
    app.button("삭제", confirm).click()
    app.wait_for(lambda: app.saved_ids() == [] and app.saved_count() == "0", "삭제 did not empty 담은 책")
    assert app.find(".saved-empty").is_displayed()
    assert not app.find("#clear-all").is_displayed(), "전체 삭제 is offered with nothing to delete"
    assert server.request("GET", "api/library")[1]["count"] == 0
    app.wait_toast("담은 책 1권을 모두 삭제했어요")
    app.settle()
    app.shot("saved-empty")

    # Every rendered book names itself.
    assert app.js(
        "return [...document.querySelectorAll('#results > li, #recent > li, #saved > li')]"
        ".filter(li => !li.dataset.bookId).length"
    ) == 0

    # Back on the search tab, no heart is left pressed.
    app.show_tab("search")
    assert app.js("return document.querySelectorAll('#results .heart[aria-pressed=true]').length") == 0
    assert app.console_errors() == []


def titles_shown(app):
    return app.js("return [...document.querySelectorAll('#results .book-title')].map(t => t.textContent)")


def test_enter_searches_at_once_and_the_target_and_sort_search_again(server, browser):
    app = AppPage(browser(MOBILE), server).open()
    app.search("소설", press_enter=True)
    assert app.active_element_id() != "search-input", "Enter should close the phone's keyboard"

    Select(app.find("#search-target")).select_by_visible_text("제목")
    by_title = server.search("소설", target="title")
    app.wait_for(
        lambda: "target=title" in app.driver.current_url
        and app.text("#search-status") == f"‘소설’ 검색 결과 {by_title['meta']['total_count']}권",
        lambda: f"choosing 제목 did not search titles (status {app.text('#search-status')!r})",
    )
    app.wait_until_idle()
    assert titles_shown(app)[:10] == [d["title"] for d in by_title["documents"]]

    Select(app.find("#search-sort")).select_by_visible_text("최신순")
    latest = server.search("소설", target="title", sort="latest")
    expected = [d["title"] for d in latest["documents"]]
    app.wait_for(
        lambda: "sort=latest" in app.driver.current_url and titles_shown(app)[:10] == expected,
        lambda: f"최신순 shows {titles_shown(app)[:3]}…, not {expected[:3]}…",
    )
    assert app.console_errors() == []
