"""What a new reader meets (issue 16's screens): a first visit that says what Chaek does and where
to start, empty 담은 책 and 기록 that lead somewhere, filters that fit a phone and count what they
would show, and every failure said in Korean."""

import datetime
import re
import urllib.error
import urllib.request

import pytest

from app_page import AppPage
from conftest import DESKTOP, MOBILE, ChaekServer, serving
from journal_setup import book_ids, call, save

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def english_in(text):
    """Latin words in a message meant for the reader (ISBN and Chaek are names, not English)."""
    return [word for word in LATIN_WORD.findall(text) if word not in ("ISBN", "Chaek")]


@pytest.fixture
def own_server():
    """A server of the test's own: nothing viewed or saved in it yet."""
    yield from serving(ChaekServer, "chaek-first-steps-")


def test_a_first_visit_says_what_to_do_and_a_starter_search_runs(own_server, browser):
    app = AppPage(browser(MOBILE), own_server).open("/")
    welcome = app.find(".welcome")
    assert welcome.is_displayed()
    assert not app.find(".recent-section").is_displayed(), "an empty 최근 본 책 heading over nothing"
    app.shot("first-visit")
    starters = [link.text for link in app.find_all(".starter-searches a")]
    assert "ㅎㄹㅍㅌ" in starters, starters
    app.press('.starter-searches a[href="/?query=한강"]')
    app.wait_for(lambda: "‘한강’ 검색 결과" in app.text("#search-status"), lambda: app.text("#search-status"))
    assert app.driver.current_url.endswith("/?query=%ED%95%9C%EA%B0%95&sort=accuracy"), app.driver.current_url
    assert not app.find(".welcome").is_displayed(), "the welcome stays over the results"
    assert app.console_errors() == []


@pytest.mark.parametrize("size", [MOBILE, DESKTOP], ids=["phone", "desktop"])
def test_empty_saved_books_and_stats_lead_somewhere(server, browser, size):
    app = AppPage(browser(size), server).open("/saved")
    empty = app.find(".saved-empty")
    assert empty.is_displayed() and "아직 담은 책이 없어요" in empty.text
    assert not app.find("#clear-all").is_displayed() and not app.find("#saved-sort").is_displayed()
    app.shot("saved-empty-start")
    app.press(".saved-empty a")
    app.wait_for(lambda: app.find("#search-panel").is_displayed(), "책 찾으러 가기 did not go to the search")
    assert app.active_element_id() == "search-input"

    app.show_tab("stats")
    app.wait_for(lambda: app.find_all("#stats .empty-state"), "기록 does not say how to start")
    assert app.find_all("#stats .chart") == [], "empty charts on an empty 기록"
    app.js("scrollTo(0, 0)")
    app.settle()
    app.shot("stats-empty-start")
    app.press("#stats .empty-state a")
    app.wait_for(lambda: app.find("#saved-panel").is_displayed(), "담은 책 보기 did not go to 담은 책")


def test_the_filters_fit_a_phone_and_count_what_they_would_show(server, browser):
    ids = book_ids(server, "the", 6)
    tags = ["여름에 읽은 책", "다시 읽을 책", "영어 원서", "추천받은 책", "독서모임 2026", "소장"]
    for n, book_id in enumerate(ids):
        save(server, book_id, "read" if n < 2 else None)
        call(server, "PATCH", f"api/journal/{book_id}", {"tags": ["소설", tags[n]] if n % 2 == 0 else [tags[n]]})
    app = AppPage(browser(MOBILE), server).open("/saved")
    app.wait_until_live()
    width = app.js("return document.documentElement.clientWidth")
    assert app.js("return document.documentElement.scrollWidth") == width, "the page scrolls sideways"
    row = app.find("#saved-filters .chip-row")
    assert row.rect["height"] < 60, f"the chips take more than one row: {row.rect}"
    assert app.js("return arguments[0].scrollWidth > arguments[0].clientWidth", row), "the row does not scroll"

    # 소설 is on three books, one of them on 읽은 책: choosing it counts the shelves of those three.
    app.retrying(lambda _: app.find('#saved-filters [data-tag="소설"]').click())
    app.wait_for(lambda: len(app.saved_ids()) == 3, lambda: f"{app.saved_ids()}")
    chip = lambda selector: app.text(f"#saved-filters {selector} .chip-count")
    everything = '[data-shelf=""]'
    app.wait_for(lambda: chip(everything) == "3", lambda: f"전체 says {chip(everything)}")
    assert chip('[data-shelf="read"]') == "1" and chip('[data-shelf="want"]') == "2"
    pressed = app.find('#saved-filters [data-tag="소설"]').rect
    assert 0 <= pressed["x"] and pressed["x"] + pressed["width"] <= width, f"the chosen chip is off screen: {pressed}"

    # On 읽은 책, each tag counts its books on that shelf; a tag with none there says 0.
    app.retrying(lambda _: app.find('#saved-filters [data-tag="소설"]').click())
    app.retrying(lambda _: app.find('#saved-filters [data-shelf="read"]').click())
    app.wait_for(lambda: len(app.saved_ids()) == 2, lambda: f"{app.saved_ids()}")
    novels = '[data-tag="소설"]'
    app.wait_for(lambda: chip(novels) == "1", lambda: f"#소설 says {chip(novels)}")
    assert chip('[data-tag="영어 원서"]') == "0"
    app.settle()
    app.shot("saved-chips")
    app.retrying(lambda _: app.find('#saved-filters [data-tag="영어 원서"]').click())
    app.wait_for(lambda: app.saved_ids() == [], "a tag with no book on the shelf lists books")
    assert app.find(".saved-no-match").is_displayed() and not app.find(".saved-empty").is_displayed()
    assert app.console_errors() == []


def test_failures_are_said_in_korean(own_server, browser):
    server = own_server
    # A link that names no book, and one that names no known book: pages in Korean, not JSON.
    for path, status, heading in (("books/%20", 400, "책 주소가 아니에요"), ("books/9780306406157", 404, "책을 찾을 수 없어요")):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(server.url + path, timeout=10)
        assert refused.value.code == status
        assert refused.value.headers["Content-Type"].startswith("text/html")
        assert f"<h1>{heading}</h1>" in refused.value.read().decode()
    app = AppPage(browser(MOBILE), server)
    app.driver.get(server.url + "books/%20")
    app.shot("bad-book-link")

    # The server gone: the results say so in Korean, and 다시 시도 is a button on one line.
    app.open("/")
    app.wait_until_live()
    server.stop()
    app.find("#search-input").send_keys("바다")
    app.wait_for(lambda: app.find_all("#more .retry"), "no 다시 시도")
    message = app.text("#more p")
    assert message.startswith("결과를 불러오지 못했어요.") and english_in(message) == [], message
    retry = app.find("#more .retry")
    assert retry.rect["height"] < 50 and retry.text == "다시 시도", retry.rect
    app.shot("search-server-gone")

    # A journal change the server cannot take: a sentence in Korean in the sheet.
    server.start()
    book_id = book_ids(server, "the", 1)[0]
    save(server, book_id)
    call(server, "POST", f"api/journal/{book_id}/start", {"day": "2024-05-10"})
    app.open_book(book_id)
    session = app.find("#journal [data-session-id]").get_attribute("id")
    app.js(f"document.getElementById('{session}-finished').value = '2024-05-01'")
    app.press(f"#{session}-save")
    app.wait_for(lambda: "다 읽은 날은 시작한 날과 같거나 그 뒤여야 해요" in app.sheet_alert(), lambda: app.sheet_alert())
    # A refusal the page does not foresee (a reading started tomorrow, finished today) is said
    # in the sheet, in Korean, from the server's error type.
    tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
    call(server, "PATCH", f"api/sessions/{session.split('-')[1]}", {"started": tomorrow, "finished": None})
    app.open_book(book_id)
    app.press("#finish-reading")
    app.wait_for(lambda: app.sheet_alert().startswith("저장하지 못했어요:"), lambda: app.sheet_alert())
    alert = app.sheet_alert()
    assert alert == "저장하지 못했어요: 저장할 수 없는 값이에요. 입력한 내용을 확인해 주세요.", alert
    # The refused requests are in the console as failed loads; nothing else is.
    assert [e for e in app.console_errors() if "Failed to load resource" not in e] == []
