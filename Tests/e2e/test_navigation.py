"""Navigation as on a phone: the detail sheet lives in the browser's history (Back closes it,
Forward opens it again), a swipe down closes it, and a wide screen puts it beside the list."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.keys import Keys

from app_page import AppPage
from conftest import DESKTOP, MOBILE


def wait_url(app, url):
    app.wait_for(lambda: app.driver.current_url == url, lambda: f"the address is {app.driver.current_url}, not {url}")


def wait_sheet(app, book_id):
    app.wait_for(
        lambda: app.detail_open() and app.find_all(f'#detail .detail[data-book-id="{book_id}"]'),
        f"the sheet of {book_id} is not open",
    )


def swipe(app, selector, distance):
    """Drags the element found by `selector` down by `distance` px with a finger (W3C touch
    actions, which the page sees as pointer events) and lets go."""
    box = app.find(selector).rect
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    actions = ActionBuilder(app.driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    actions.pointer_action.move_to_location(int(x), int(y)).pointer_down()
    for step in range(1, 9):
        actions.pointer_action.move_to_location(int(x), int(y + distance * step / 8))
    actions.pointer_action.pointer_up()
    actions.perform()


@pytest.mark.parametrize("size", [MOBILE, DESKTOP], ids=["phone", "desktop"])
def test_back_closes_the_sheet_and_forward_opens_it_again(server, browser, size):
    app = AppPage(browser(size), server).open("/?query=the")
    list_url = app.driver.current_url
    book_id = app.result_ids()[1]
    length = app.js("return history.length")

    app.open_detail(book_id)
    wait_url(app, f"{server.url}books/{book_id}")
    app.driver.back()
    app.wait_detail_closed()
    wait_url(app, list_url)
    app.driver.forward()
    wait_sheet(app, book_id)
    wait_url(app, f"{server.url}books/{book_id}")

    # ✕ and Escape close by going back: the list's address, and no pile of entries.
    app.find("#detail .close").click()
    app.wait_detail_closed()
    wait_url(app, list_url)
    app.open_detail(book_id)
    ActionChains(app.driver).send_keys(Keys.ESCAPE).perform()
    app.wait_detail_closed()
    wait_url(app, list_url)
    assert app.js("return history.length") == length + 1, "opening and closing the sheet piles up entries"
    assert app.result_ids()[1] == book_id, "the list did not survive the round trip"

    # A deep link still opens its book, and closing it leaves the search address.
    app.open(f"/books/{book_id}")
    wait_sheet(app, book_id)
    app.find("#detail .close").click()
    app.wait_detail_closed()
    wait_url(app, server.url)
    assert app.console_errors() == []


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_swipe_down_closes_the_sheet_and_a_short_one_snaps_back(server, browser, dark):
    app = AppPage(browser(MOBILE, dark=dark), server).open("/?query=해리포터")
    list_url = app.driver.current_url
    book_id = app.result_ids()[0]
    app.open_detail(book_id)
    assert app.js("return document.getElementById('detail').matches(':modal')"), "a phone's sheet is modal"
    app.settle()
    app.shot("sheet-grabber")

    swipe(app, "#detail .grabber", 40)
    app.settle(0.4)
    assert app.detail_open(), "a short drag closed the sheet"
    assert app.js("return document.getElementById('detail').style.transform") == "", "the sheet did not snap back"

    swipe(app, "#detail .detail-head .cover", 220)
    app.wait_detail_closed()
    wait_url(app, list_url)
    assert app.console_errors() == []


def columns(app, selector):
    return sorted({round(rect["x"]) for rect in app.js(
        f"return [...document.querySelectorAll('{selector}')].slice(0, 6).map(e => e.getBoundingClientRect().toJSON())"
    )})


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_wide_screen_shows_columns_and_the_detail_beside_them(server, browser, dark):
    app = AppPage(browser(DESKTOP, dark=dark), server).open("/?query=the")
    assert len(columns(app, "#results > li")) >= 2, "the results are one column on a wide screen"
    app.shot("results-columns")

    first, second = app.result_ids()[:2]
    app.open_detail(first)
    assert not app.js("return document.getElementById('detail').matches(':modal')"), "the detail is modal"
    panel = app.js("return document.getElementById('detail').getBoundingClientRect().toJSON()")
    results = app.js("return document.getElementById('results').getBoundingClientRect().toJSON()")
    assert results["x"] + results["width"] <= panel["x"] + 1, f"the list {results} runs under the panel {panel}"
    right = app.js("return document.documentElement.clientWidth")  # the page's scroll bar is beside it
    assert panel["width"] >= 360 and panel["x"] + panel["width"] >= right - 1, f"the panel is not at the right: {panel}"
    assert len(columns(app, "#results > li")) >= 2, "the list beside the panel is one column"
    app.settle()
    app.shot("detail-beside-list")

    # The list stays usable: another book takes the panel's place (and its history entry).
    app.open_detail(second)
    wait_url(app, f"{server.url}books/{second}")
    app.driver.back()
    app.wait_detail_closed()
    assert "/books/" not in app.driver.current_url
    app.open_detail(first)
    ActionChains(app.driver).send_keys(Keys.ESCAPE).perform()
    app.wait_detail_closed()
    assert app.console_errors() == []


def test_a_phone_keeps_one_column_and_the_modal_sheet(server, browser):
    app = AppPage(browser(MOBILE), server).open("/?query=the")
    assert len(columns(app, "#results > li")) == 1
    app.open_detail(app.result_ids()[0])
    assert app.js("return document.getElementById('detail').matches(':modal')")
