"""Offline (issue 11 item 2): the service worker keeps the app shell and the last synced lists,
the page says when it shows them, and saves made offline are sent when the server is back, without
bringing back a book removed elsewhere meanwhile. Each test has a server of its own that it stops
and starts again on the same port and home."""

import re
import shutil
import time
import urllib.request

import pytest
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from app_page import AppPage
from conftest import MOBILE, ChaekServer, serving
from journal_setup import book_ids as first_books
from journal_setup import save

NOTICE = "오프라인 — 마지막으로 동기화한 내용을 보여 주고 있어요"
BACK = 20  # seconds the page may take to notice the server is back (the event stream's retry)


class RestartableServer(ChaekServer):
    """A `chaek serve` that can be stopped and started again on the same port and home, as a
    release of another binary."""

    def restart(self, binary=None):
        self.port = int(re.search(r":(\d+)/", self.url).group(1))
        if binary:
            self.binary = binary
        deadline = time.monotonic() + 15
        while True:
            try:
                return self.start()
            except RuntimeError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)  # the port may still be held by the stopped server


@pytest.fixture
def offline_server():
    yield from serving(RestartableServer, "chaek-offline-")


def open_controlled(driver, server, path=""):
    """Opens the page and waits until the service worker controls it (registered, installed,
    activated and claimed)."""
    page = AppPage(driver, server).open(path)
    page.wait_for(lambda: page.js("return !!navigator.serviceWorker.controller"), "the service worker never took control")
    return page


def cache_names(page):
    return page.driver.execute_async_script("caches.keys().then(arguments[arguments.length - 1])")


def notice_text(page):
    return page.js(
        "const notice = document.getElementById('offline-notice');"
        "return notice && !notice.hidden ? notice.textContent : ''"
    )


def book_ids(server, query):
    """The identities of the books found for `query`, as the page's results show them."""
    with urllib.request.urlopen(server.url + "fragments/results?query=" + query) as response:
        return re.findall(r'data-book-id="([^"]+)"', response.read().decode())


def saved_ids(server):
    status, body = server.request("GET", "api/library/ids")
    assert status == 200, body
    return body["ids"]


def test_the_worker_keeps_the_shell_and_saved_books_for_offline(offline_server, browser):
    first, second = book_ids(offline_server, "the")[:2]
    assert offline_server.request("PUT", f"api/library/{first}")[0] == 201
    pages = [open_controlled(browser(MOBILE, dark=dark), offline_server, "/saved") for dark in (False, True)]
    with urllib.request.urlopen(offline_server.url + "sw.js") as response:
        version = re.search(r'const VERSION = "([^"]+)"', response.read().decode()).group(1)
    for page in pages:
        assert cache_names(page) == [f"chaek-{version}"]
        page.wait_until_live()
    # A book saved elsewhere reaches the page through the event stream; the worker keeps the list.
    assert offline_server.request("PUT", f"api/library/{second}")[0] == 201
    for page in pages:
        page.wait_for(lambda: set(page.saved_ids()) == {first, second}, "the page never showed the second book")

    offline_server.stop()
    for page in pages:
        page.reload()
        page.wait_for(lambda: notice_text(page) == NOTICE, lambda: f"no offline notice: {notice_text(page)!r}")
        assert page.attribute("#offline-notice", "role") == "status"
        # The page came from the shell, 담은 책 from the last sync.
        page.wait_for(lambda: set(page.saved_ids()) == {first, second}, lambda: f"saved: {page.saved_ids()}")
        assert page.js("return getComputedStyle(document.body).backgroundColor") != "rgba(0, 0, 0, 0)"
        page.settle(0.5)
        page.shot("offline-saved")

    offline_server.restart()
    for page in pages:
        page.wait_for(lambda: notice_text(page) == "", "the offline notice stayed after the server came back", timeout=BACK)


def save_offline(offline_server, browser):
    """Searches online, stops the server and taps a result's heart: the save is queued."""
    page = open_controlled(browser(MOBILE), offline_server)
    page.wait_until_live()
    page.search("the")
    book = page.result_ids()[0]
    offline_server.stop()
    page.tap(page.find(".heart", page.row(book)))
    page.wait_for(lambda: "보내지 못한 변경 1건" in notice_text(page), lambda: f"no pending change: {notice_text(page)!r}")
    assert page.heart_pressed(book) == "true"
    assert page.row(book).get_attribute("data-offline-pending") == "save"
    page.shot("offline-pending-save")
    return page, book


def test_a_save_made_offline_is_sent_when_the_server_is_back(offline_server, browser):
    page, book = save_offline(offline_server, browser)
    offline_server.restart()
    page.wait_for(lambda: notice_text(page) == "", lambda: f"still: {notice_text(page)!r}", timeout=BACK)
    assert saved_ids(offline_server) == [book]
    # The lists are fetched again once the change is sent: wait for the screen to show it.
    page.wait_for(lambda: page.heart_pressed(book) == "true", "the heart does not say saved")
    page.wait_for(
        lambda: page.row(book).get_attribute("data-offline-pending") is None, "the row is still marked pending")


def test_an_order_chosen_offline_is_not_queued(offline_server, browser):
    # 담은 책's order is a preference, not a change of the library to send later.
    for book in first_books(offline_server, "the")[:2]:
        save(offline_server, book)
    by_title = [entry["id"] for entry in offline_server.request("GET", "api/library")[1]["books"]]
    for book, rating in zip(by_title, (3, 5)):
        assert offline_server.request("PATCH", f"api/journal/{book}", {"rating": rating})[0] == 200
    page = open_controlled(browser(MOBILE), offline_server, "/saved")
    page.wait_for(lambda: page.saved_ids() == by_title, lambda: f"{page.saved_ids()} by title")
    offline_server.stop()
    Select(page.find("#saved-sort")).select_by_visible_text("별점순")
    page.wait_for(
        lambda: any("saved order" in entry["message"] for entry in page.driver.get_log("browser")),
        "the order was not tried on the network")
    page.wait_for(lambda: "오프라인" in notice_text(page), "no offline notice")
    assert "보내지 못한" not in notice_text(page), notice_text(page)
    offline_server.restart()
    # Back online, the order the server keeps is still the one chosen online.
    assert [entry["id"] for entry in offline_server.request("GET", "api/library")[1]["books"]] == by_title


def test_a_save_made_offline_does_not_bring_back_a_book_removed_elsewhere_meanwhile(offline_server, browser):
    page, book = save_offline(offline_server, browser)
    time.sleep(0.05)
    offline_server.restart()
    # Another client saves the book and removes it, after the offline save was made.
    assert offline_server.request("PUT", f"api/library/{book}")[0] in (200, 201)
    assert offline_server.request("DELETE", f"api/library/{book}")[0] == 200
    page.wait_for(lambda: notice_text(page) == "", lambda: f"still: {notice_text(page)!r}", timeout=BACK)
    assert saved_ids(offline_server) == []
    page.wait_for(lambda: page.heart_pressed(book) == "false", "the heart still says saved")


def test_a_new_release_replaces_the_old_shell_and_its_caches(offline_server, browser, tmp_path):
    # Release 2: the same binary next to its resources, with a changed stylesheet.
    binary = offline_server.binary
    release = tmp_path / "release"
    release.mkdir()
    shutil.copy2(binary, release / binary.name)
    for bundle in binary.parent.glob("*.resources"):
        shutil.copytree(bundle, release / bundle.name)
    stylesheet = next(release.glob("*ChaekWeb.resources")) / "static" / "app.css"
    stylesheet.write_text(stylesheet.read_text() + "\n/* release 2 */\n")

    page = open_controlled(browser(MOBILE), offline_server)
    [old] = cache_names(page)
    offline_server.stop()
    offline_server.restart(release / binary.name)
    page.reload()
    page.wait_for(lambda: cache_names(page) not in ([old], []), "the new release's worker never installed")
    page.wait_for(lambda: len(cache_names(page)) == 1, lambda: f"old caches kept: {cache_names(page)}")
    css = page.driver.execute_async_script(
        "fetch('/static/app.css').then(r => r.text()).then(arguments[arguments.length - 1])")
    assert "release 2" in css
    offline_server.stop()
    page.reload()
    page.wait_for(lambda: notice_text(page) == NOTICE, "no offline notice")
    css = page.driver.execute_async_script(
        "fetch('/static/app.css').then(r => r.text()).then(arguments[arguments.length - 1])")
    assert "release 2" in css, "the shell served offline is the old release's"


def journal_offline(offline_server, browser, count):
    """Saves the first `count` books found, opens the first one's journal online, then stops the
    server: the page and the books."""
    books = first_books(offline_server, count=count)
    for book in books:
        save(offline_server, book)
    page = open_controlled(browser(MOBILE), offline_server)
    page.wait_until_live()
    page.open_book(books[0])
    page.wait_for(lambda: page.find_all("#rating-1"), "no journal")
    offline_server.stop()
    return page, books


def test_a_rating_a_note_and_delete_all_made_offline_are_applied_when_the_server_is_back(offline_server, browser):
    """Every journal write made offline is queued and sent in order: on the subway, nothing typed
    is lost."""
    page, (book, other) = journal_offline(offline_server, browser, 2)
    page.press('label[for="rating-8"]')
    page.wait_for(lambda: "보내지 못한 변경 1건" in notice_text(page), lambda: f"no pending change: {notice_text(page)!r}")
    page.type_into("#note-new-text", "지하철에서 쓴 메모")
    page.press("#note-new-add")
    page.wait_for(lambda: "보내지 못한 변경 2건" in notice_text(page), lambda: f"not queued: {notice_text(page)!r}")
    page.wait_for(lambda: "연결되면 보낼게요" in page.text("#journal-alert"), "the sheet does not say the note waits")
    page.shot("offline-journal-queued")

    offline_server.restart()
    page.wait_for(lambda: notice_text(page) == "", lambda: f"still: {notice_text(page)!r}", timeout=BACK)
    entry = offline_server.request("GET", f"api/journal/{book}")[1]
    assert entry["rating"] == 4 and [n["text"] for n in entry["notes"]] == ["지하철에서 쓴 메모"]

    # 전체 삭제 offline removes, once sent, the books saved before it, not one saved after.
    page.open("/saved")
    page.wait_for(lambda: set(page.saved_ids()) == {book, other}, "담은 책 does not list both")
    offline_server.stop()
    page.find("#clear-all").click()
    page.wait_for(lambda: page.js("return document.getElementById('confirm-clear').open"), "no confirmation")
    page.button("삭제", page.find("#confirm-clear")).click()
    page.wait_for(lambda: "보내지 못한 변경 1건" in notice_text(page), lambda: f"not queued: {notice_text(page)!r}")
    time.sleep(0.05)
    offline_server.restart()
    [later] = [b for b in first_books(offline_server, count=3) if b not in (book, other)][:1]
    assert offline_server.request("PUT", f"api/library/{later}")[0] == 201
    page.wait_for(lambda: notice_text(page) == "", lambda: f"still: {notice_text(page)!r}", timeout=BACK)
    assert saved_ids(offline_server) == [later]


def test_a_stale_edit_made_offline_is_shown_not_dropped(offline_server, browser):
    page, (book,) = journal_offline(offline_server, browser, 1)
    page.press('label[for="rating-4"]')
    page.wait_for(lambda: "보내지 못한 변경 1건" in notice_text(page), lambda: f"not queued: {notice_text(page)!r}")
    offline_server.restart()
    # Another window rated the book meanwhile: the queued edit was made on an older version.
    assert offline_server.request("PATCH", f"api/journal/{book}", {"rating": 5})[0] == 200
    page.wait_for(lambda: "적용하지 못했어요" in notice_text(page), lambda: f"not shown: {notice_text(page)!r}", timeout=BACK)
    page.wait_for(lambda: "적용되지 않았어요" in page.text("#journal-alert"), "the sheet does not say it")
    page.shot("offline-refused")
    assert offline_server.request("GET", f"api/journal/{book}")[1]["rating"] == 5
    page.keys(Keys.ESCAPE)
    page.wait_detail_closed()
    page.press("#offline-notice .offline-seen")
    page.wait_for(lambda: notice_text(page) == "", "the notice stayed after 확인")
