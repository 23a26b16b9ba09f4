"""A new reader arrives with a Goodreads export of a few hundred books: uploads it on the 기록 tab,
finds their 읽은 책 and the year's stats, keeps a quote with its page, and finds it again by a
two-syllable word. Uploading the same file again changes nothing."""

import csv
import datetime
import io
import re

from app_page import AppPage
from conftest import DESKTOP, MOBILE

WORDS = ["바다", "별빛", "정원", "여름", "편지", "기차", "안개", "등대"]
NAMES = ["김하늘", "이도윤", "박서연", "최지우", "정민준"]
HEADER = (
    "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,"
    "Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,"
    "Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"
).split(",")


def isbn13(number):
    body = f"97911990{number:04d}"
    total = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(body))
    return body + str((10 - total % 10) % 10)


def goodreads_export(count, this_year):
    """`count` books as Goodreads exports them: a third read this year, the rest to read."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for n in range(count):
        read = n % 3 == 0
        title = f"가져온 {WORDS[n % len(WORDS)]} {n:03d}"
        author = NAMES[n % len(NAMES)]
        finished = datetime.date(this_year, 1 + n % 12, 1 + n % 28) if read else None
        finished = min(finished, datetime.date.today()) if finished else None
        writer.writerow([
            5_000_000 + n, title, author, author, "", f'="{""}"', f'="{isbn13(n)}"',
            1 + n % 5 if read else 0, "3.9", "책방", "Paperback", 200 + n, 2020, 2020,
            finished.strftime("%Y/%m/%d") if finished else "", "2025/01/02",
            "" if read else "to-read", "" if read else "to-read (#1)", "read" if read else "to-read",
            f"{title}: 오래 기억하고 싶은 책. " * 5 if read else "", "", "", 1 if read else 0, 0,
        ])
    return out.getvalue()


def upload(app, path):
    app.find("#import-file").send_keys(str(path))
    app.press("#import-form button[type=submit]")


def status_text(app):
    return app.text("#import-status")


def test_a_new_reader_imports_a_goodreads_export_and_finds_a_quote_again(server, browser, tmp_path):
    year = datetime.date.today().year
    export = tmp_path / "goodreads_library_export.csv"
    export.write_text(goodreads_export(300, year), encoding="utf-8")
    assert export.stat().st_size > 64 * 1024, "more than the API's ordinary body limit"

    app = AppPage(browser(MOBILE), server).open("/stats")
    app.wait_until_live()
    upload(app, export)
    app.wait_for(lambda: "새로 담은 책 300권" in status_text(app), lambda: f"the import says {status_text(app)!r}")
    assert "책 300권" in status_text(app), status_text(app)
    app.shot("import-done")

    # 담은 책 shows a page of 100 rows; scrolling to its end brings the next ones.
    app.show_tab("saved")
    app.wait_for(
        lambda: len(app.saved_ids()) == 100,
        lambda: f"{len(app.saved_ids())} rows at first: " + app.js("return document.querySelector('#saved-panel').outerHTML.slice(0, 1500)"))
    assert app.find("#saved-more").is_displayed()
    for shown in (200, 300):
        app.js("document.querySelector('#saved-more').scrollIntoView()")
        app.wait_for(lambda: len(app.saved_ids()) == shown, lambda: f"{len(app.saved_ids())} rows, not {shown}")
    app.wait_for(lambda: not app.find("#saved-more").is_displayed(), "더 보기 stayed after the last row")
    # On a screen so tall that 더 보기 stays in sight after each page, every page comes by itself:
    # the list looks again after each one, as its observer tells only when 더 보기 comes into sight.
    # The live stream's catch-up refresh on connecting lands amid those pages: no row is lost to it.
    tall = AppPage(browser((390, 40_000)), server).open("/saved")
    tall.wait_for(lambda: len(tall.saved_ids()) == 300, lambda: f"{len(tall.saved_ids())} rows on a tall screen")
    assert len(set(app.saved_ids())) == 300
    assert tall.saved_ids() == app.saved_ids(), "the tall screen shows the same rows in the same order"

    chip = '#saved-filters [data-shelf="read"]'
    app.wait_for(lambda: "100" in app.text(chip), lambda: f"the 읽은 책 chip says {app.text(chip)!r}")
    app.retrying(lambda _: app.find(chip).click())
    app.wait_for(lambda: len(app.saved_ids()) == 100, lambda: f"{len(app.saved_ids())} books on 읽은 책")

    finished_this_year = sum(
        1 for n in range(0, 300, 3) if datetime.date(year, 1 + n % 12, 1 + n % 28) <= datetime.date.today()
    )
    app.show_tab("stats")
    chart_title = lambda: app.attribute("#chart-books-title", "textContent")
    app.wait_for(lambda: f"모두 {finished_this_year}권" in chart_title(), lambda: chart_title())

    # A quote with its page, found again by a two-syllable word inside a longer one.
    status, listing = server.request("GET", "api/library?shelf=read")
    assert status == 200, listing
    book_id = listing["books"][0]["id"]
    app.open_book(book_id)
    app.type_into("#quote-new-text", "바람이 불어오는 곳으로 천천히 걸었다.")
    app.type_into("#quote-new-page", "42")
    app.press("#quote-new-add")
    app.wait_entry(book_id, lambda e: e["quotes"][0]["page"] == 42, "the quote with its page")
    app.open("/stats")
    app.wait_until_live()
    app.type_into("#note-query", "불어")
    app.press("#note-search button[type=submit]")
    app.wait_for(lambda: app.find_all("#note-results li"), "the quote was not found by 불어")
    hit = app.text("#note-results li")
    assert "바람이 불어오는 곳으로" in hit and "42" in hit, hit
    app.shot("import-quote-found")

    # The same file again changes nothing.
    upload(app, export)
    app.wait_for(
        lambda: status_text(app) == "책 300권 모두 이미 가져온 그대로라 바뀐 것이 없어요.",
        lambda: f"the import says {status_text(app)!r}")
    assert app.console_errors() == []


def test_a_file_that_is_no_export_says_why(server, browser, tmp_path):
    junk = tmp_path / "books.txt"
    junk.write_text("title;author\nDune;Frank Herbert\n", encoding="utf-8")
    app = AppPage(browser(DESKTOP, dark=True), server).open("/stats")
    app.wait_until_live()
    upload(app, junk)
    app.wait_for(lambda: "가져오지 못했어요" in status_text(app), lambda: f"the import says {status_text(app)!r}")
    assert "이 파일에서 가져올 책을 찾지 못했어요" in status_text(app), status_text(app)
    # In Korean only: the server's English message stays out of the page.
    assert not re.search(r"[A-Za-z]", re.sub(r"Goodreads|StoryGraph|CSV|JSON", "", status_text(app))), status_text(app)
    app.shot("import-refused")
