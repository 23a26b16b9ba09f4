"""책 직접 추가: a book no provider has, typed with a cover photo, then searched, exported and edited."""

import struct
import urllib.request
import zlib

from app_page import AppPage
from conftest import MOBILE

TITLE = "우리 동네 책방 이야기"


def cover_png(path, width=600, height=900):
    """A PNG photo stand-in: a warm gradient with a dark band, as a camera would not make it."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            band = 40 if height // 3 < y < height // 2 else 0
            rows += bytes((200 - band, (x * 120 // width) + 60, (y * 100 // height) + 40))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows))) + chunk(b"IEND", b"")
    )
    return path


def alert_text(app):
    return app.text("#add-book-alert")


def test_a_book_added_by_hand_with_a_photo_is_saved_searched_exported_and_edited(server, browser, tmp_path):
    app = AppPage(browser(MOBILE), server, "add-book").open(f"/?query={TITLE}")
    app.wait_until_live()
    app.tap(app.find(".add-book-offer button"))
    app.wait_for(lambda: app.js("return document.getElementById('add-book').open"), "the form did not open")
    assert app.find("#add-title").get_attribute("value") == TITLE, "the search is the title"

    app.type_into("#add-authors", "김서점, 이동네")
    app.type_into("#add-publisher", "동네책방")
    app.type_into("#add-isbn", "979-11-88862-29-1")
    app.type_into("#add-pages", "180")
    app.find("#add-book-form button[value=save]").click()
    app.wait_for(lambda: "ISBN이 맞지 않아요" in alert_text(app), lambda: f"the form says {alert_text(app)!r}")
    assert app.active_element_id() == "add-isbn"

    app.find("#add-isbn").clear()
    app.find("#add-book-cover").send_keys(str(cover_png(tmp_path / "cover.png")))
    app.wait_for(lambda: app.js("const p = document.getElementById('add-book-preview'); return !p.hidden && p.naturalWidth > 0"),
                 "the photo has no preview")
    app.shot("add-book-form")
    app.find("#add-book-form button[value=save]").click()

    app.wait_for(lambda: app.detail_open() and app.text("#detail-title") == TITLE, "the new book's sheet did not open")
    app.wait_for(lambda: app.js("const c = document.querySelector('#detail .cover'); return c.complete && c.naturalWidth > 0 "
                                "&& c.getAttribute('src').startsWith('/covers/hand/')"), "the sheet does not show the photo")
    width, height = app.js("const c = document.querySelector('#detail .cover'); return [c.naturalWidth, c.naturalHeight]")
    assert (width, height) == (533, 800), "the photo was reduced to 800 pixels on its longer side"
    app.wait_toast("직접 추가한 책을 담았어요.")
    facts = app.text("#detail .facts")
    assert "김서점, 이동네" in facts and "동네책방" in facts and "180쪽" in facts, facts
    app.shot("add-book-sheet")

    # Searched and exported as any other book.
    documents = server.search("동네 책방")["documents"]
    assert [d["title"] for d in documents] == [TITLE], documents
    with urllib.request.urlopen(server.url + "api/export?format=goodreads", timeout=10) as response:
        assert TITLE in response.read().decode()

    # Edited from its sheet: an ISBN added gives it that identity.
    app.tap(app.find("#detail [data-action=edit-book]"))
    app.wait_for(lambda: app.js("return document.getElementById('add-book').open"), "the edit form did not open")
    assert app.find("#add-publisher").get_attribute("value") == "동네책방"
    app.find("#add-title").clear()
    app.type_into("#add-title", "우리 동네 작은 책방")
    app.type_into("#add-isbn", "979-11-88862-29-0")
    app.find("#add-book-form button[value=save]").click()
    app.wait_for(lambda: app.text("#detail-title") == "우리 동네 작은 책방", "the sheet kept the old title")
    assert app.find("#detail .detail").get_attribute("data-book-id") == "9791188862290"
    assert "/covers/hand/" in app.find("#detail .cover").get_attribute("src"), "the photo stays"
    assert app.saved_count() == "1"
    assert app.console_errors() == []


def test_a_known_isbn_opens_the_known_book_instead_of_a_second_copy(server, browser):
    app = AppPage(browser(MOBILE), server).open("/")
    app.wait_until_live()
    app.tap(app.find(".add-book-offer button"))
    app.wait_for(lambda: app.js("return document.getElementById('add-book').open"), "the form did not open")
    app.type_into("#add-title", "채식주의자")
    app.type_into("#add-isbn", "9788936433598")
    app.find("#add-book-form button[value=save]").click()
    app.wait_for(lambda: app.detail_open() and app.text("#detail-title") == "채식주의자", "the known book did not open")
    app.wait_toast("이미 있는 책이에요: 채식주의자")
    assert app.saved_count() == "0"
