"""Autocomplete: the search box is an ARIA 1.2 combobox over /api/suggest; 초성 and half-typed
syllables get suggestions; the keyboard moves, picks and closes; the reader's books are marked."""

import pytest
from selenium.webdriver.common.keys import Keys

from app_page import AppPage
from conftest import DESKTOP, MOBILE

HARRY = "해리 포터와 마법사의 돌"


def options(app):
    return app.js(
        "return [...document.querySelectorAll('#suggestions [role=option]')]"
        ".map(o => [o.querySelector('.suggestion-text').textContent, o.classList.contains('person'),"
        " !!o.querySelector('.suggestion-saved')])"
    )


def type_and_wait(app, text, expected):
    field = app.find("#search-input")
    field.clear()
    field.send_keys(text)
    app.wait_for(
        lambda: any(option[0] == expected for option in options(app)),
        lambda: f"no suggestion {expected!r} for {text!r}: {options(app)}",
    )
    assert field.get_attribute("aria-expanded") == "true"
    return field


def press_down_to(app, field, expected):
    """Presses ↓ until the active option is `expected`; returns it."""
    for _ in range(len(options(app))):
        field.send_keys(Keys.ARROW_DOWN)
        active = field.get_attribute("aria-activedescendant")
        option = app.find(f"#{active}")
        assert option.get_attribute("aria-selected") == "true"
        if app.find(".suggestion-text", option).text == expected:
            return option
    raise AssertionError(f"↓ never reached {expected!r}: {options(app)}")


@pytest.mark.parametrize("size", [MOBILE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_initials_suggest_a_title_and_enter_opens_it(server, browser, size, dark):
    app = AppPage(browser(size, dark=dark), server).open(f"/?query={HARRY}")
    harry = next(i for i in app.result_ids() if app.find(".book-title", app.row(i)).get_attribute("textContent") == HARRY)
    status, _ = server.request("PUT", f"api/library/{harry}")
    assert status in (200, 201)
    app.open()
    field = app.find("#search-input")
    assert field.get_attribute("role") == "combobox" and field.get_attribute("aria-expanded") == "false"
    assert app.attribute(f"#{field.get_attribute('aria-controls')}", "role") == "listbox"

    field = type_and_wait(app, "ㅎㄹㅍㅌ", HARRY)
    assert [o for o in options(app) if o[0] == HARRY][0][2], "a saved book is not marked ♥"
    press_down_to(app, field, HARRY)
    app.settle()
    app.shot("autocomplete-initials")
    field.send_keys(Keys.ENTER)
    app.wait_for(lambda: app.detail_open(), "Enter on a title did not open its book")
    assert app.attribute("#detail .detail", "data-book-id") == harry
    assert app.attribute("#detail-title", "textContent") == HARRY
    assert app.driver.current_url.endswith(f"/books/{harry}")
    assert app.console_errors() == []


def test_a_half_typed_syllable_suggests_and_escape_closes(server, browser):
    app = AppPage(browser(MOBILE), server).open()
    field = type_and_wait(app, "해리ㅍ", HARRY)
    app.shot("autocomplete-half-syllable")
    field.send_keys(Keys.ESCAPE)
    app.wait_for(lambda: field.get_attribute("aria-expanded") == "false", "Escape did not close the list")
    assert app.find("#suggestions").is_displayed() is False
    assert field.get_attribute("value") == "해리ㅍ", "Escape cleared the box"
    # Deleting everything leaves the box to the recent searches: no suggestions.
    field.send_keys(Keys.BACKSPACE * 3)
    app.settle(0.4)
    assert field.get_attribute("aria-expanded") == "false" and options(app) == []


def test_a_person_suggestion_searches_people(server, browser):
    app = AppPage(browser(MOBILE), server).open()
    field = type_and_wait(app, "ㅎㄱ", "한강")
    press_down_to(app, field, "한강")
    field.send_keys(Keys.ENTER)
    app.wait_for(lambda: "한강" in app.text("#search-status") and app.result_ids(), "no search for 한강")
    assert app.attribute("#search-target", "value") == "person"
    assert field.get_attribute("value") == "한강"
    assert "target=person" in app.driver.current_url
    app.shot("autocomplete-person-search")


def test_a_click_picks_a_suggestion(server, browser):
    app = AppPage(browser(DESKTOP), server).open()
    type_and_wait(app, "채식", "채식주의자")
    option = next(o for o in app.find_all("#suggestions [role=option]") if "채식주의자" in o.text)
    option.click()
    app.wait_for(lambda: app.detail_open(), "a click on a title did not open its book")
    assert app.attribute("#detail-title", "textContent") == "채식주의자"
