"""The 기록 tab: the year's finished books, the goal and its pace, the charts, another window
following, and the search over notes and quotes."""

from selenium.webdriver.common.keys import Keys

from app_page import LIVE, AppPage
from conftest import MOBILE
from journal_setup import book_ids, call, save, today


def finish(server, book_id):
    save(server, book_id)
    call(server, "POST", f"api/journal/{book_id}/progress", {"progress": "352/352", "day": today()})
    call(server, "POST", f"api/journal/{book_id}/finish", {"day": today()})


def goal_text(app):
    return app.text("#stats .goal")


def test_the_stats_show_the_finished_book_the_goal_and_its_pace(server, browser):
    year = today()[:4]
    call(server, "DELETE", f"api/goals/{year}")
    book_id = book_ids(server)[0]
    finish(server, book_id)
    app = AppPage(browser(MOBILE), server).open("/")
    app.wait_until_live()
    app.show_tab("stats")
    assert app.driver.current_url.endswith("/stats")
    app.wait_for(lambda: app.find_all(f'#stats .cover-grid li[data-book-id="{book_id}"]'), "the finished book is missing")
    title = app.attribute("#chart-books-title", "textContent")
    assert title == "월별 읽은 책, 모두 1권", title
    month = int(today()[5:7])
    row = app.find_all("#stats .chart table tbody tr")[month - 1]
    assert row.get_attribute("textContent") == f"{month}월1권"
    assert app.attribute("#stats .chart svg", "role") == "img"

    # A goal far away says what is left, in the text's colour (no scolding red); one book is the
    # goal reached; and it can be cleared.
    app.type_into("#goal-input", "10000")
    app.press("#goal-save")
    app.wait_for(lambda: "1 / 10,000권" in goal_text(app), lambda: f"the goal says {goal_text(app)!r}")
    assert "목표까지 9,999권 남았어요" in goal_text(app), goal_text(app)
    pace_colour = app.js("return getComputedStyle(document.querySelector('#stats .pace')).color")
    assert pace_colour == app.js("return getComputedStyle(document.querySelector('#stats .goal-text')).color"), pace_colour
    bar = app.find("#stats .goal [role=progressbar]")
    assert bar.get_attribute("aria-valuetext") == "1 / 10,000권"
    app.type_into("#goal-input", Keys.CONTROL, "a", Keys.NULL, "1")
    app.press("#goal-save")
    app.wait_for(lambda: "목표를 이뤘어요" in goal_text(app), lambda: f"the goal says {goal_text(app)!r}")
    assert server.request("GET", f"api/stats?year={year}&today={today()}")[1]["goal"] == 1
    app.press("#goal-clear")
    app.wait_for(lambda: "몇 권 읽을지" in goal_text(app), lambda: f"the goal says {goal_text(app)!r}")
    assert app.console_errors() == []


def test_another_window_follows_goals_and_finished_books(server, browser):
    year = today()[:4]
    call(server, "DELETE", f"api/goals/{year}")
    a = AppPage(browser(MOBILE), server, "A").open("/stats")
    a.wait_until_live()
    book_id = book_ids(server)[1]
    finish(server, book_id)
    a.wait_for(
        lambda: a.find_all(f'#stats .cover-grid li[data-book-id="{book_id}"]'),
        "window A did not show a book finished elsewhere",
        timeout=LIVE,
    )
    call(server, "PUT", f"api/goals/{year}", {"books": 12})
    a.wait_for(lambda: "1 / 12권" in goal_text(a), "window A did not show a goal set elsewhere", timeout=LIVE)
    call(server, "DELETE", f"api/goals/{year}")
    assert a.console_errors() == []


def test_notes_and_quotes_are_found_from_the_stats_tab(server, browser):
    book_id = book_ids(server)[2]
    save(server, book_id)
    call(server, "POST", f"api/journal/{book_id}/notes", {"kind": "quote", "text": "고래는 바다의 시간을 산다", "page": 77, "day": today()})
    call(server, "POST", f"api/journal/{book_id}/notes", {"kind": "note", "text": "전혀 다른 이야기", "day": today()})
    app = AppPage(browser(MOBILE), server).open("/stats")
    app.type_into("#note-query", "고래")
    app.wait_for(lambda: len(app.find_all("#note-results li")) == 1, "the quote was not found")
    hit = app.find("#note-results li")
    assert hit.get_attribute("data-book-id") == book_id
    assert "p. 77" in hit.text and app.find("mark", hit).text == "고래"
    assert app.text("#note-status") == "‘고래’ 1개 찾았어요"
    app.press("#note-results li a")
    app.wait_for(lambda: app.detail_open() and app.find_all(f'#detail .detail[data-book-id="{book_id}"]'), "no sheet")
    assert app.console_errors() == []
