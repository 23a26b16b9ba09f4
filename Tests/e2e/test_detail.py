"""The detail sheet: closing it, where focus goes, and book data that must stay text."""

import json

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.keys import Keys

from app_page import AppPage
from conftest import MOBILE
from journal_setup import book_ids, fill_journal

HOSTILE = [
    {"title": "<img src=x onerror=alert(1)>", "authors": ["x"], "url": "https://example.com/x"},
    {"title": "<img src=x onerror=window.__xss=1>", "authors": ["x"], "url": "https://example.com/xss"},
]


def focused_row(app):
    """The data-book-id of the result row holding the focused element, or what is focused."""
    return app.js(
        """
        const active = document.activeElement;
        const row = active && active.closest('#results > li');
        return row ? [active.dataset.action, row.dataset.bookId] : [active && active.outerHTML.slice(0, 80)];
        """
    )


def press_escape(app):
    ActionChains(app.driver).send_keys(Keys.ESCAPE).perform()


def test_the_detail_closes_with_escape_and_the_close_button_and_gives_focus_back(server, browser):
    app = AppPage(browser(MOBILE), server).open("/?query=the")
    book_id = app.result_ids()[1]

    app.open_detail(book_id)
    assert "close" in app.js("return document.activeElement.className"), "the sheet should focus its close button"
    press_escape(app)
    app.wait_detail_closed()
    app.wait_for(lambda: app.find_all("#detail > *") == [], "the closed sheet kept its content")
    app.wait_for(lambda: focused_row(app) == ["open", book_id], lambda: f"after Esc focus is on {focused_row(app)}")

    # The close button.
    app.open_detail(book_id)
    app.find("#detail .close").click()
    app.wait_detail_closed()
    app.wait_for(lambda: focused_row(app) == ["open", book_id], lambda: f"after ✕ focus is on {focused_row(app)}")

    # A tap on the dimmed page above the sheet.
    app.open_detail(book_id)
    sheet_top = app.js("return document.getElementById('detail').getBoundingClientRect().top")
    assert sheet_top > 60, f"the sheet covers the whole phone screen (top {sheet_top})"
    actions = ActionBuilder(app.driver)
    actions.pointer_action.move_to_location(195, 30).click()
    actions.perform()
    app.wait_detail_closed()
    # Closing steps back in the history: a page opened before that step ends would be left by it.
    app.wait_for(lambda: "/books/" not in app.driver.current_url, lambda: f"the address is {app.driver.current_url}")

    # An address /books/ID opens the book; closing it goes back to the search address.
    app.open(f"/books/{book_id}")
    app.wait_for(lambda: app.detail_open() and app.find_all(f'#detail .detail[data-book-id="{book_id}"]'), "no detail")
    assert app.driver.current_url.endswith(f"/books/{book_id}"), "the address left the book while it is open"
    press_escape(app)
    app.wait_detail_closed()
    app.wait_for(lambda: app.driver.current_url == server.url, lambda: f"the address is {app.driver.current_url}")
    assert app.console_errors() == []


def test_a_hostile_title_stays_text_everywhere(server, browser):
    source = server.home / "hostile.jsonl"
    source.write_text("".join(json.dumps(book) + "\n" for book in HOSTILE), encoding="utf-8")
    output = server.cli("import", str(source))
    assert "0 skipped" in output, output
    documents = server.search("onerror")["documents"]
    assert sorted(d["title"] for d in documents) == sorted(b["title"] for b in HOSTILE), documents

    app = AppPage(browser(MOBILE), server).open()
    app.search("onerror")
    titles = {app.find(".book-title", app.row(i)).get_attribute("textContent"): i for i in app.result_ids()}
    assert set(titles) == {book["title"] for book in HOSTILE}, f"rows show {list(titles)}"
    for book_id in titles.values():
        row = app.row(book_id)
        # The only markup in a title is the server's own mark of what matched.
        assert [e.tag_name for e in app.find_all(".book-title *", row)] == ["mark"], "a title became markup"
        assert app.find(".book-title mark", row).text == "onerror"
        heart_label = app.find(".heart", row).get_attribute("aria-label")
        assert heart_label.startswith("‘<img src=x"), heart_label
        cover = app.find("img.cover", row)
        app.wait_for(
            lambda cover=cover: app.js("return arguments[0].complete && arguments[0].naturalWidth > 0", cover),
            f"the generated cover of {book_id} did not load",
        )

    title = HOSTILE[1]["title"]
    book_id = titles[title]
    app.open_detail(book_id)
    assert app.attribute("#detail-title", "textContent") == title
    assert [e.tag_name for e in app.find_all("#detail-title *")] == ["mark"]
    assert app.attribute("#detail .detail", "data-title") == title
    app.press("#detail .heart")
    app.wait_for(lambda: app.attribute("#detail .heart", "aria-pressed") == "true", "책 담기 did not save")
    app.find("#detail .close").click()
    app.wait_detail_closed()
    app.wait_for(lambda: app.recent_ids()[:1] == [book_id], "the book is not first in 최근 본 책")
    recent_item = app.find(f'#recent > li[data-book-id="{book_id}"]')
    assert app.find(".recent-title", recent_item).get_attribute("textContent") == title
    cover_width = app.find(".cover", recent_item).rect["width"]
    assert recent_item.rect["width"] <= cover_width + 1, (
        f"the unbroken title widens its 최근 본 책 item to {recent_item.rect['width']} px (cover {cover_width} px)"
    )
    app.show_tab("saved")
    assert app.find(".book-title", app.row(book_id, "saved")).get_attribute("textContent") == title

    # Nothing ran: no image with src=x was ever created, no handler fired.
    assert app.js("return document.querySelectorAll('img[src=\"x\"]').length") == 0
    assert app.js("return window.__xss") is None, "onerror=window.__xss=1 ran"
    assert app.js("return window.__alerts") == [], "alert(1) ran"
    entries = app.js("return performance.getEntriesByType('resource').map(e => e.name)")
    assert not [name for name in entries if name.endswith("/x")], "the browser fetched src=x"


def test_the_sheets_bar_covers_nothing_and_keeps_its_actions_one_tap_away(server, browser):
    long_book = {
        "title": "긴 소개가 있는 책",
        "authors": ["홍길동"],
        "publisher": "책방",
        "contents": "이 책은 아주 긴 소개를 가지고 있습니다. " * 40,
        "url": "https://example.com/long-contents",
    }
    source = server.home / "long.jsonl"
    source.write_text(json.dumps(long_book, ensure_ascii=False) + "\n", encoding="utf-8")
    server.cli("import", str(source))

    app = AppPage(browser(MOBILE), server).open()
    app.search("긴 소개가")
    book_id = next(
        i for i in app.result_ids() if app.find(".book-title", app.row(i)).get_attribute("textContent") == long_book["title"]
    )
    app.open_detail(book_id)
    sheet = app.find("#detail")
    assert app.js("return arguments[0].scrollHeight > arguments[0].clientHeight", sheet), "the sheet does not scroll"

    def reachable(selector):
        return app.js(
            """
            const element = document.querySelector(arguments[0]);
            const box = element.getBoundingClientRect();
            const x = box.left + box.width / 2, y = box.top + box.height / 2;
            return y < innerHeight && y > 0 && element.contains(document.elementFromPoint(x, y));
            """,
            selector,
        )

    for position in ("0", "arguments[0].scrollHeight / 2", "arguments[0].scrollHeight"):
        app.js(f"arguments[0].scrollTop = {position}", sheet)
        assert reachable("#detail .bar-search") and reachable("#detail .close"), f"the bar scrolled away at {position}"
    # Scrolled to the end, the last line of the description is in view, under nothing.
    last_line = app.js("return document.querySelector('#detail .contents').getBoundingClientRect().bottom")
    assert last_line <= app.js("return arguments[0].getBoundingClientRect().bottom", sheet) + 1
    app.shot("detail-long-bar")
    app.js("arguments[0].scrollTop = 0", sheet)
    app.press("#detail .heart")
    app.wait_for(lambda: app.attribute("#detail .heart", "aria-pressed") == "true", "책 담기 did not save")
    app.press("#detail .bar-search")
    app.wait_detail_closed()
    assert app.active_element_id() == "search-input"


def test_nothing_covers_the_journals_buttons_on_a_phone(server, browser):
    [book_id] = book_ids(server, count=1)
    fill_journal(server, book_id)
    app = AppPage(browser(MOBILE), server).open_book(book_id)
    app.wait_for(lambda: app.find_all("#journal .notes button"), "no notes")
    covered = app.js(
        """
        const covered = [];
        // Radio buttons are drawn by their labels, which are checked themselves.
        for (const control of document.querySelectorAll('#journal button, #journal input:not([type=radio]), #journal textarea, #journal label')) {
          if (!control.getClientRects().length) continue;
          for (const block of ['start', 'end']) {
            control.scrollIntoView({ block });
            const box = control.getBoundingClientRect();
            const y = block === 'start' ? box.top + 2 : box.bottom - 2;
            const hit = document.elementFromPoint(box.left + box.width / 2, y);
            if (hit && !control.contains(hit) && !hit.contains(control) && hit.control !== control && control.control !== hit) {
              covered.push(`${control.id || control.textContent.trim()} (${block}) under ${hit.className || hit.tagName}`);
            }
          }
        }
        return covered;
        """
    )
    assert covered == [], covered
    app.shot("journal-notes-uncovered")
