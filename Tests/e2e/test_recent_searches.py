"""최근 검색어: the panel under the empty search box, its buttons and keys, recording off, and two
windows (and the command line) kept in step."""

import pytest
from selenium.webdriver.common.keys import Keys

from app_page import LIVE, AppPage
from conftest import DESKTOP, MOBILE


@pytest.fixture(autouse=True)
def no_recent_searches(server):
    """Every test starts with no recent searches, recording on."""
    assert server.request("DELETE", "api/searches")[0] == 200
    assert server.request("PUT", "api/searches/recording", {"on": True})[0] == 200
    yield


def stored(server):
    return [search["query"] for search in server.request("GET", "api/searches")[1]["searches"]]


def panel_queries(app):
    return app.js(
        "return [...document.querySelectorAll('#recent-searches .recent-search-query')].map(b => b.textContent)"
    )


def panel_shown(app):
    return app.find("#recent-searches").is_displayed()


def focus_empty_box(app):
    field = app.find("#search-input")
    field.clear()
    app.js("arguments[0].dispatchEvent(new Event('input'))", field)
    app.js("arguments[0].blur()", field)
    app.js("scrollTo(0, 0)")
    field.click()
    app.wait_for(lambda: panel_shown(app), "the panel of recent searches did not open on the empty box")


def panel_button(app, text):
    return app.button(text, app.find("#recent-searches"))


def test_searching_records_and_the_panel_runs_and_deletes(server, browser):
    app = AppPage(browser(MOBILE), server).open()
    app.wait_until_live()
    app.search("the")  # typing searches live, but records nothing
    assert stored(server) == []
    app.search("해리포터", press_enter=True)
    app.search("채식", press_enter=True)
    app.search("해리포터", press_enter=True)  # again: moves to the front, once
    app.wait_for(lambda: stored(server) == ["해리포터", "채식"], lambda: f"stored {stored(server)}")
    assert not panel_shown(app), "the panel shows over the results of a search"

    focus_empty_box(app)
    app.wait_for(lambda: panel_queries(app) == ["해리포터", "채식"], lambda: f"the panel lists {panel_queries(app)}")
    app.retrying(lambda _: app.find('#recent-searches button[aria-label="‘해리포터’ 지우기"]').click())
    app.wait_for(lambda: panel_queries(app) == ["채식"], lambda: f"after ×, the panel lists {panel_queries(app)}")
    assert stored(server) == ["채식"]
    assert app.active_element_id() == "search-input", "a tap on × took the focus from the box"

    panel_button(app, "채식").click()
    app.wait_for(lambda: "채식" in app.text("#search-status"), "picking a recent search did not search it")
    assert app.attribute("#search-input", "value") == "채식"
    assert not panel_shown(app)

    focus_empty_box(app)
    panel_button(app, "전체 삭제").click()
    app.wait_for(lambda: stored(server) == [], "전체 삭제 left searches")
    app.wait_for(lambda: not panel_shown(app), "the panel stayed open with nothing in it")
    assert app.console_errors() == []


def test_the_keyboard_moves_through_the_panel_and_escape_closes_it(server, browser):
    server.request("POST", "api/searches", {"query": "해리포터"})
    server.request("POST", "api/searches", {"query": "Dune"})
    app = AppPage(browser(DESKTOP), server).open()
    focus_empty_box(app)
    field = app.find("#search-input")
    field.send_keys(Keys.ARROW_DOWN)
    focused = lambda: app.js("return document.activeElement.textContent")  # noqa: E731
    app.wait_for(lambda: focused() == "Dune", lambda: f"↓ focused {focused()!r}")
    app.keys(Keys.ARROW_DOWN)
    assert app.js("return document.activeElement.getAttribute('aria-label')") == "‘Dune’ 지우기"
    app.keys(Keys.ARROW_UP, Keys.ARROW_UP)
    assert app.active_element_id() == "search-input"
    field.send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ENTER)  # × on the focused search
    app.wait_for(lambda: stored(server) == ["해리포터"], lambda: f"stored {stored(server)}")
    assert app.js("return document.activeElement.textContent") == "해리포터", "the focus left the list"
    app.keys(Keys.ESCAPE)
    app.wait_for(lambda: not panel_shown(app), "Escape did not close the panel")
    assert app.active_element_id() == "search-input"
    field.send_keys("a")
    field.send_keys(Keys.BACKSPACE)
    app.wait_for(lambda: panel_shown(app), "emptying the box again did not reopen the panel")


def test_recording_off_keeps_nothing_and_offers_to_clear(server, browser):
    app = AppPage(browser(MOBILE), server).open()
    app.wait_until_live()
    app.search("해리포터", press_enter=True)
    app.wait_for(lambda: stored(server) == ["해리포터"], lambda: f"stored {stored(server)}")
    focus_empty_box(app)
    panel_button(app, "검색어 저장 끄기").click()
    app.wait_for(
        lambda: "검색어 저장이 꺼져 있어요." in app.text("#recent-searches"), "turning off said nothing"
    )
    assert server.request("GET", "api/searches")[1]["recording"] is False
    app.settle()
    app.shot("recent-searches-off")

    app.search("채식", press_enter=True)
    assert stored(server) == ["해리포터"], "a search was recorded while recording was off"

    focus_empty_box(app)
    panel_button(app, "저장된 검색어도 지우기").click()
    app.wait_for(lambda: stored(server) == [] and panel_queries(app) == [], "the offer to clear did not clear")
    panel_button(app, "검색어 저장 켜기").click()
    app.wait_for(lambda: server.request("GET", "api/searches")[1]["recording"] is True, "recording stayed off")
    assert app.console_errors() == []


def test_two_windows_and_the_command_line_stay_in_step(server, browser):
    left = AppPage(browser(MOBILE), server, "A").open()
    right = AppPage(browser(MOBILE), server, "B").open()
    left.wait_until_live()
    right.wait_until_live()
    server.request("POST", "api/searches", {"query": "첫 검색"})
    focus_empty_box(right)

    left.search("채식", press_enter=True)
    right.wait_for(
        lambda: panel_queries(right) == ["채식", "첫 검색"],
        lambda: f"window B lists {panel_queries(right)} without a reload",
        timeout=LIVE,
    )
    server.cli("searches", "--off")
    right.wait_for(
        lambda: "검색어 저장 켜기" in right.text("#recent-searches"),
        "window B did not see recording turned off by the command line",
        timeout=LIVE,
    )
    assert "채식" in server.cli("searches")
    server.cli("searches", "--clear", "--on")
    right.wait_for(lambda: not panel_shown(right), "window B still shows cleared searches", timeout=LIVE)


@pytest.mark.parametrize("size", [MOBILE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_panel_renders(server, browser, size, dark):
    for query in ["해리 포터와 마법사의 돌", "채식주의자", "Dune", "소년이 온다"]:
        server.request("POST", "api/searches", {"query": query})
    app = AppPage(browser(size, dark=dark), server).open()
    focus_empty_box(app)
    app.wait_for(lambda: len(panel_queries(app)) == 4, "the panel did not list the searches")
    box = app.find("#recent-searches").rect
    field = app.find("#search-input").rect
    assert abs(box["y"] - (field["y"] + field["height"])) < 12, "the panel is not right under the box"
    assert box["width"] >= field["width"] - 2
    app.settle()
    app.shot("recent-searches")
    assert app.console_errors() == []
