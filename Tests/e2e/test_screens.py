"""Every screen on a desktop window, and the phone in dark mode: they render, and are saved as
screenshots for a person to look at."""

import pytest

from app_page import AppPage
from conftest import DESKTOP, MOBILE

LUMINANCE = """
const rgb = getComputedStyle(arguments[0])[arguments[1]].match(/[\\d.]+/g).slice(0, 3).map(Number);
const [r, g, b] = rgb.map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
return 0.2126 * r + 0.7152 * g + 0.0722 * b;
"""


def contrast(app, element, background_element=None):
    text = app.js(LUMINANCE, element, "color")
    background = app.js(LUMINANCE, background_element or element, "backgroundColor")
    lighter, darker = max(text, background), min(text, background)
    return (lighter + 0.05) / (darker + 0.05)


def visit_every_screen(app):
    """Search, scroll, detail with the FAB menu, toast, 최근 본 책, 담은 책, confirmation, empty."""
    app.search("the")
    app.js("scrollTo(0, document.documentElement.scrollHeight)")
    app.wait_for(lambda: len(app.result_ids()) > 10, "no second page")
    app.wait_until_idle()
    app.js("scrollTo(0, 0)")
    app.wait_for(
        lambda: app.js(
            "return [...document.querySelectorAll('#results img.cover')].slice(0, 4)"
            ".every(img => img.complete && img.naturalWidth > 0)"
        ),
        "the first covers did not load",
    )
    app.shot("search-results")

    book_id = app.result_ids()[0]
    title = app.find(".book-title", app.row(book_id)).get_attribute("textContent")
    app.open_detail(book_id)
    # Where it is on screen (Selenium's rect counts from the top of the document).
    sheet = app.js("return document.getElementById('detail').getBoundingClientRect().toJSON()")
    app.settle()
    app.shot("detail-bar")
    viewport = app.js("return [document.documentElement.clientWidth, document.documentElement.clientHeight]")
    for selector in ("#detail .bar-search", "#detail .close", "#detail .heart"):
        box = app.find(selector).rect
        assert box["y"] + box["height"] <= viewport[1] and box["x"] + box["width"] <= viewport[0], (
            f"{selector} is off screen: {box}, viewport {viewport}"
        )
    app.press("#detail .heart")
    app.wait_toast(f"‘{title}’ 담았어요")
    app.wait_toast_on_top("the toast is hidden behind the detail sheet")
    app.shot("toast")
    app.find("#detail .close").click()
    app.wait_detail_closed()
    app.wait_for(lambda: app.recent_ids()[:1] == [book_id], "최근 본 책 does not start with the book")
    app.js("scrollTo(0, 0)")
    app.settle()
    app.shot("recent-strip")

    app.show_tab("saved")
    app.wait_for(lambda: app.saved_ids() == [book_id], lambda: f"담은 책 lists {app.saved_ids()}")
    app.shot("saved-list")
    app.find("#clear-all").click()
    app.wait_for(lambda: app.js("return document.getElementById('confirm-clear').open"), "no confirmation")
    app.settle()
    app.shot("confirm-clear")
    for label in ("취소", "삭제"):
        ratio = contrast(app, app.button(label, app.find("#confirm-clear")))
        assert ratio >= 4.5, f"the {label} button's text has contrast {ratio:.1f}"
    app.button("삭제", app.find("#confirm-clear")).click()
    app.wait_for(lambda: app.saved_ids() == [] and app.saved_count() == "0", "삭제 did not empty 담은 책")
    app.settle()
    app.shot("saved-empty")
    return sheet, viewport


def test_the_desktop_layout_renders_search_detail_and_saved(server, browser):
    app = AppPage(browser(DESKTOP), server).open()
    main = app.find("main").rect
    width, height = app.js("return [document.documentElement.clientWidth, document.documentElement.clientHeight]")
    # The tabs are a rail down the left side, and the page uses the rest of the width.
    rail = app.find(".tabbar").rect
    assert rail["x"] == 0 and rail["y"] == 0 and 72 <= rail["width"] <= 120 and rail["height"] >= height - 1, rail
    assert main["x"] >= rail["width"] and main["width"] >= 1000, f"main does not use the width beside the rail: {main}"
    assert app.find(".brand").is_displayed()
    sheet, viewport = visit_every_screen(app)
    # On a wide screen the sheet is a panel at the right, from the top to the bottom.
    assert 360 <= sheet["width"] <= 480, sheet
    assert abs(sheet["x"] + sheet["width"] - viewport[0]) <= 1 and sheet["y"] <= 1, f"the panel is not at the right: {sheet}"
    assert abs(sheet["y"] + sheet["height"] - viewport[1]) <= 1, f"the panel does not reach the bottom: {sheet}"
    assert app.console_errors() == []


def test_dark_mode_is_dark_and_readable(server, browser):
    app = AppPage(browser(MOBILE, dark=True), server).open()
    body = app.find("body")
    assert app.js(LUMINANCE, body, "backgroundColor") < 0.05, "the page is not dark in dark mode"
    visit_every_screen(app)
    app.show_tab("search")
    app.js("scrollTo(0, 0)")
    row = app.row(app.result_ids()[0])
    for selector in (".book-title", ".book-authors"):
        ratio = contrast(app, app.find(selector, row), body)
        assert ratio >= 4.5, f"{selector} has contrast {ratio:.1f} on the dark page"
    field = app.find("#search-input")
    assert contrast(app, field) >= 4.5, "the search field is unreadable in dark mode"
    assert app.console_errors() == []


def fill_library(server):
    """Three books: one being read with a full journal, one read and rated, one wanted; a goal."""
    from journal_setup import book_ids, call, fill_journal, save, today

    reading, read, wanted = book_ids(server)
    fill_journal(server, reading)
    save(server, read)
    call(server, "POST", f"api/journal/{read}/progress", {"progress": "320/320", "day": today()})
    call(server, "POST", f"api/journal/{read}/finish", {"day": today()})
    call(server, "PATCH", f"api/journal/{read}", {"rating": 5, "tags": ["소설"]})
    save(server, wanted)
    call(server, "PUT", f"api/goals/{today()[:4]}", {"books": 24})
    return reading


@pytest.mark.parametrize("size", [MOBILE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_journal_screens_render_and_are_saved(server, browser, size, dark):
    reading = fill_library(server)
    app = AppPage(browser(size, dark=dark), server).open_book(reading)
    app.wait_for(lambda: app.find_all("#journal .quote-text"), "the journal did not render")
    app.settle()
    app.shot("journal-sheet")
    app.js("document.getElementById('notes-heading').scrollIntoView({block: 'start'})")
    app.settle()
    app.shot("journal-notes")
    viewport = app.js("return document.documentElement.clientWidth")
    overflowing = app.js(
        "return [...document.querySelectorAll('#detail *')].filter(e => e.getBoundingClientRect().right > arguments[0] + 1)"
        ".map(e => e.className || e.tagName)",
        viewport,
    )
    assert overflowing == [], f"the sheet overflows the screen: {overflowing[:5]}"
    app.find("#detail .close").click()
    app.wait_detail_closed()

    app.show_tab("saved")
    app.wait_for(lambda: len(app.saved_ids()) == 3, "담은 책 does not list three books")
    app.js("scrollTo(0, 0)")
    app.settle()
    app.shot("saved-filters")
    body = app.find("body")
    for selector in (".chip", ".shelf-badge"):
        ratio = contrast(app, app.find(selector), app.find(selector) if selector == ".chip" else body)
        assert ratio >= 4.5, f"{selector} has contrast {ratio:.1f}"

    app.show_tab("stats")
    app.wait_for(lambda: app.find_all("#stats .cover-grid li"), "기록 shows no finished book")
    app.js("scrollTo(0, 0)")
    app.settle()
    app.shot("stats")
    app.js("document.getElementById('books-heading').scrollIntoView({block: 'start'})")
    app.settle()
    app.shot("stats-charts")
    card = app.find("#stats .chart").find_element("xpath", "./ancestor::section[1]")
    for selector in (".chart-label", ".chart-value"):
        text = app.js(LUMINANCE, app.find(f"#stats {selector}"), "fill")
        background = app.js(LUMINANCE, card, "backgroundColor")
        ratio = (max(text, background) + 0.05) / (min(text, background) + 0.05)
        assert ratio >= 4.5, f"the charts' {selector} has contrast {ratio:.1f}"
    assert app.console_errors() == []
