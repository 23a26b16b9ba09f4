"""스캔: a photo of a book's barcode, picked where the browser has no live BarcodeDetector (as on
desktop Chromium on Linux), opens the book's sheet without loading the page again; a barcode of no
book says which ISBN it read and keeps it among the recent searches, to try again online."""

import struct
import zlib

from app_page import AppPage
from conftest import MOBILE
from journal_setup import call

L_CODES = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011",
           "0110111", "0001011"]
PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLG", "LGLGLG", "LGLGGL", "LGGLGL"]


def modules(code):
    """The 95 modules of an EAN-13 code: '1' is a bar."""
    digits = [int(c) for c in code]
    right = lambda d: "".join("1" if b == "0" else "0" for b in L_CODES[d])
    pattern = "101"
    for index, digit in enumerate(digits[1:7]):
        pattern += L_CODES[digit] if PARITY[digits[0]][index] == "L" else right(digit)[::-1]
    pattern += "01010" + "".join(right(d) for d in digits[7:]) + "101"
    return pattern


def barcode_png(code, path):
    """A photo-like PNG: the barcode 3 pixels a module on a gray page, with margins."""
    bars = modules(code)
    width, height, quiet = (len(bars) + 24) * 3 + 80, 260, 12
    rows = []
    for y in range(height):
        row = bytearray([235] * width)
        if 40 <= y < height - 40:
            for index, bar in enumerate(bars):
                if bar == "1":
                    start = 40 + (quiet + index) * 3
                    row[start:start + 3] = b"\x20\x20\x20"
        rows.append(b"\x00" + bytes(row))
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(
        ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b"")
    path.write_bytes(png)
    return path


def test_a_photo_of_the_barcode_opens_the_book_in_place_and_an_unknown_isbn_is_kept(server, browser, tmp_path):
    call(server, "DELETE", "api/searches")
    call(server, "PUT", "api/searches/recording", {"on": True})
    app = AppPage(browser(MOBILE), server).open("/")
    app.wait_until_live()
    assert app.find("#scan-button").accessible_name == "바코드 스캔: 책 뒤표지의 바코드로 찾기"
    app.js("window.__samePage = true")
    app.find("#scan-file").send_keys(str(barcode_png("9788936434120", tmp_path / "unknown.png")))
    app.wait_for(lambda: "9788936434120" in app.text("#search-status"), lambda: app.text("#search-status"))
    said = app.text("#search-status")
    assert "오프라인 목록에 없어요" in said and "최근 검색어에 남겨 두었으니" in said, said
    app.wait_for(
        lambda: "9788936434120" in [s["query"] for s in server.request("GET", "api/searches")[1]["searches"]],
        "the number was not kept among the recent searches",
    )
    app.shot("scan-not-found")

    # The real barcode of a starter book (채식주의자, 창비 2007) opens it: the starter catalog has it.
    app.find("#scan-file").send_keys(str(barcode_png("9788936433598", tmp_path / "back-cover.png")))
    app.wait_for(lambda: app.detail_open() and app.find_all('#detail .detail[data-book-id="9788936433598"]'), "the book did not open")
    assert app.js("return window.__samePage === true"), "the scan reloaded the page"
    assert app.driver.current_url.endswith("/books/9788936433598")
    assert app.console_errors() == []
