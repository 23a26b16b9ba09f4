"""A series: its books in volume order in search, and in each book's sheet with the reader's shelves."""

from app_page import AppPage
from conftest import DESKTOP, MOBILE
from journal_setup import call, save, today

VOLUMES = [
    "해리 포터와 마법사의 돌",
    "해리 포터와 비밀의 방",
    "해리 포터와 아즈카반의 죄수",
    "해리 포터와 불의 잔",
    "해리 포터와 불사조 기사단",
    "해리 포터와 혼혈 왕자",
    "해리 포터와 죽음의 성물",
]


def test_a_series_is_searched_in_order_and_each_sheet_lists_it_with_the_next_volume(server, browser):
    documents = server.search("해리포터", size=10)["documents"]
    assert [d["title"] for d in documents][:7] == VOLUMES, "the API lists the series in order too"
    app = AppPage(browser(MOBILE), server, "series").open("/?query=해리포터")
    app.wait_for(lambda: len(app.result_ids()) >= 7, "the search showed no results")
    titles = app.js("return [...document.querySelectorAll('#results .book-title')].map(e => e.textContent)")
    assert titles[:7] == VOLUMES, titles

    # The reader finished the first book and reads the third: the third's sheet says so on each.
    ids = app.result_ids()
    save(server, ids[0], "read")
    save(server, ids[2], "reading")
    # The page hears of the saves and marks their hearts: the sheet opens after that refresh, not
    # during it.
    app.wait_for(
        lambda: app.heart_pressed(ids[0]) == "true" and app.heart_pressed(ids[2]) == "true",
        "the page never marked the saved books",
    )
    app.open_detail(ids[2])
    volumes = app.js(
        "return [...document.querySelectorAll('#detail .series-volumes li')].map(li =>"
        " [li.querySelector('.volume-title').textContent, li.querySelector('.shelf-badge')?.textContent ?? '',"
        " li.classList.contains('current')])"
    )
    assert [v[0] for v in volumes] == VOLUMES, volumes
    assert [v[1] for v in volumes[:4]] == ["읽은 책", "", "읽는 중", ""], volumes
    assert [v[2] for v in volumes].index(True) == 2, "the open book is marked"
    assert app.text("#series-heading").startswith("시리즈 · 해리 포터")
    assert "해리 포터와 불의 잔" in app.text("#detail .series-next")
    facts = app.js("return [...document.querySelectorAll('#detail .facts dt')].map(e => e.textContent)")
    assert "시리즈" in facts, facts
    app.js("document.querySelector('#detail .series').scrollIntoView()")
    app.shot("series-sheet")

    # 시리즈의 다음 책 opens the next volume in the sheet.
    app.tap(app.find("#detail .series-next a"))
    app.wait_for(lambda: app.text("#detail-title") == VOLUMES[3], "the next volume did not open")
    assert app.console_errors() == []


def test_the_series_section_on_a_wide_screen(server, browser):
    book = server.request("GET", "api/books/9780007488322")[1]["book"]  # The Two Towers
    assert book["series"] == "The Lord of the Rings", book
    app = AppPage(browser(DESKTOP), server, "series-wide").open("/?query=lord of the rings")
    app.wait_for(lambda: len(app.result_ids()) >= 3, "the search showed no results")
    titles = app.js("return [...document.querySelectorAll('#results .book-title')].map(e => e.textContent)")
    assert titles[:3] == ["The Fellowship of the Ring", "The Two Towers", "The Return of the King"], titles
    app.open_detail(app.result_ids()[1])
    assert app.js("return document.querySelectorAll('#detail .series-volumes li').length") == 3
    assert "쪽수" in app.text("#detail .facts")
    app.shot("series-sheet-wide")


def test_the_stats_count_a_series_read_to_its_end(server, browser):
    books = [server.request("GET", f"api/books/{isbn}")[1]["book"] for isbn in ("9780007488308", "9780007488322")]
    app = AppPage(browser(MOBILE), server, "series-stats").open("/?query=lord of the rings")
    app.wait_for(lambda: len(app.result_ids()) >= 3, "the search showed no results")
    for book_id in app.result_ids()[:3]:
        save(server, book_id)
        call(server, "POST", f"api/journal/{book_id}/finish", {"day": today()})
    assert books[0]["pages"] > 0 and books[1]["pages"] > 0, "the starter books state their pages"
    app.show_tab("stats")
    app.wait_for(lambda: app.find_all("#series-read-heading"), "the stats show no series read")
    assert app.text("#stats [aria-labelledby=series-read-heading] li") == "The Lord of the Rings 3권"
    app.js("document.getElementById('series-read-heading').scrollIntoView()")
    app.shot("series-stats")


def test_the_next_volume_and_the_authors_books_are_suggested_with_why(server, browser):
    app = AppPage(browser(MOBILE), server, "read-next").open("/")
    app.wait_until_live()
    assert app.find_all("#read-next > li") == [], "nothing is suggested before a book is read"
    # The starter's Korean Harry Potter books have no ISBN: open them through the search.
    app.search("해리포터", press_enter=True)
    app.wait_for(lambda: len(app.result_ids()) >= 7, "the search showed no results")
    harry = app.result_ids()[:2]
    save(server, harry[0], "read")
    save(server, harry[1], "reading")
    save(server, "9788936433598", "read")  # 채식주의자
    app.wait_for(lambda: len(app.find_all("#read-next > li")) >= 3, "the suggestions did not follow the journal")
    items = app.js(
        "return [...document.querySelectorAll('#read-next > li')].map(li =>"
        " [li.querySelector('.recent-title').textContent, li.querySelector('.read-next-why').textContent])"
    )
    assert items[0] == [VOLUMES[2], "읽는 중인 시리즈 ‘해리 포터’의 3권"], items
    assert any(why == "한강의 다른 책" for _, why in items), items
    assert all(title not in (VOLUMES[0], VOLUMES[1], "채식주의자") for title, _ in items), items
    app.js("window.scrollTo(0, 0)")
    app.shot("read-next")
    app.tap(app.find("#read-next > li a"))
    app.wait_for(lambda: app.detail_open() and app.text("#detail-title") == VOLUMES[2], "the suggestion did not open")
