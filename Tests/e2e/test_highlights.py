"""Matches marked in results and the detail: by the search's own analysis, on the server."""

import pytest

from app_page import AppPage
from conftest import DESKTOP, MOBILE


def marks(app, selector):
    return app.js(f"return [...document.querySelectorAll('{selector} mark')].map(m => m.textContent)")


def row_titled(app, title):
    return next(
        i for i in app.result_ids() if app.find(".book-title", app.row(i)).get_attribute("textContent") == title
    )


@pytest.mark.parametrize(
    "query,title,marked",
    [
        ("채식", "채식주의자", ["채식"]),
        ("해리포터", "해리 포터와 마법사의 돌", ["해리", "포터"]),
        ("ㅊㅅㅈㅇㅈ", "채식주의자", ["채식주의자"]),
        ("les miserables", "Les Misérables", ["Les", "Misérables"]),
    ],
)
def test_result_titles_mark_what_matched(server, browser, query, title, marked):
    app = AppPage(browser(MOBILE), server).open()
    app.search(query)
    book_id = row_titled(app, title)
    assert marks(app, f'#results > li[data-book-id="{book_id}"] .book-title') == marked
    assert app.find(".book-title", app.row(book_id)).get_attribute("textContent") == title


def test_a_query_typed_in_the_other_keyboard_mode_finds_and_marks_its_reading(server, browser):
    app = AppPage(browser(MOBILE), server).open()
    app.search("cotlrwndmlwk")  # 채식주의자 typed with the keyboard in English mode
    book_id = row_titled(app, "채식주의자")
    assert app.result_ids()[0] == book_id
    assert marks(app, f'#results > li[data-book-id="{book_id}"] .book-title') == ["채식주의자"]
    app.settle()
    app.shot("results-keyboard-slip")


@pytest.mark.parametrize("size", [MOBILE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_detail_marks_the_search_it_was_opened_from(server, browser, size, dark):
    app = AppPage(browser(size, dark=dark), server).open()
    app.search("한강")
    app.shot("results-marked")
    book_id = row_titled(app, "채식주의자")
    assert marks(app, f'#results > li[data-book-id="{book_id}"] .book-authors') == ["한강"]
    app.open_detail(book_id)
    assert "한강" in marks(app, "#detail .facts")
    app.settle()
    app.shot("detail-marked")
    # The same book from its address (no search) has no marks.
    app.open(f"/books/{book_id}")
    app.wait_for(lambda: app.detail_open(), "no detail")
    assert marks(app, "#detail") == []
