"""담은 책 across reloads, windows and processes."""

from selenium.webdriver.support.ui import Select

from app_page import LIVE, AppPage
from conftest import MOBILE
from journal_setup import book_ids, call, fill_journal, save


def test_a_heart_survives_a_reload_and_pressing_it_again_unsaves(server, browser):
    app = AppPage(browser(MOBILE), server).open()
    app.search("the")
    book_id = app.result_ids()[2]
    title = app.find(".book-title", app.row(book_id)).get_attribute("textContent")
    heart = app.find(".heart", app.row(book_id))
    assert heart.get_attribute("aria-pressed") == "false"
    assert title in heart.get_attribute("aria-label")

    app.tap(heart)
    app.wait_for(lambda: app.heart_pressed(book_id) == "true", "the heart did not turn on")
    app.wait_for(lambda: app.saved_count() == "1", lambda: f"the count is {app.saved_count()} after one heart")
    assert [entry["id"] for entry in server.request("GET", "api/library")[1]["books"]] == [book_id]

    # The address follows the search, so a reload shows the same results with the server's state.
    assert "query=the" in app.driver.current_url
    app.reload()
    assert book_id in app.result_ids(), "the reloaded page lost the search results"
    assert app.heart_pressed(book_id) == "true", "the heart is off after a reload"
    assert app.saved_count() == "1"
    assert app.saved_ids() == [book_id]
    app.show_tab("saved")
    assert app.find(".book-title", app.row(book_id, "saved")).get_attribute("textContent") == title
    app.show_tab("search")

    app.tap(app.find(".heart", app.row(book_id)))
    app.wait_for(lambda: app.heart_pressed(book_id) == "false", "pressing the heart again did not unsave")
    app.wait_for(lambda: app.saved_count() == "0" and app.saved_ids() == [], "담은 책 still lists the book")
    assert server.request("GET", "api/library")[1]["count"] == 0
    app.reload()
    assert app.heart_pressed(book_id) == "false", "the heart is back on after a reload"
    assert app.console_errors() == []


def wait_live(app, condition, what):
    """Waits up to ~2 s, without a reload, for a window to follow a change made elsewhere."""
    app.wait_for(
        condition,
        lambda: f"window {app.name} did not show {what} without a reload: hearts on {app.pressed_hearts()}, "
        f"담은 책 {app.saved_ids()}, count {app.saved_count()}",
        timeout=LIVE,
    )


def test_a_second_window_follows_saves_and_deletes_live(server, browser):
    a = AppPage(browser(MOBILE), server, "A").open("/?query=the")
    b = AppPage(browser(MOBILE), server, "B").open("/?query=the")
    for app in (a, b):
        app.wait_until_live()
    ids = b.result_ids()
    first, second = ids[0], ids[1]
    assert b.heart_pressed(first) == "false" and b.saved_count() == "0"

    # Saved with a heart in window A.
    a.tap(a.find(".heart", a.row(first)))
    wait_live(
        b,
        lambda: b.heart_pressed(first) == "true" and b.saved_count() == "1" and b.saved_ids() == [first],
        "the heart, count and 담은 책 row of a book saved in window A",
    )

    # Saved by the command line, another process on the same CHAEK_HOME.
    output = server.cli("save", second)
    assert "Saved" in output, output
    for app in (a, b):
        wait_live(
            app,
            lambda app=app: app.heart_pressed(second) == "true"
            and app.saved_count() == "2"
            and set(app.saved_ids()) == {first, second},
            "a book saved by `chaek save`",
        )

    # Taken out with its heart on window A's 담은 책 tab.
    a.show_tab("saved")
    a.tap(a.find(".heart", a.row(first, "saved")))
    wait_live(
        b,
        lambda: b.heart_pressed(first) == "false" and b.saved_count() == "1" and b.saved_ids() == [second],
        "a book deleted in window A",
    )

    # Removed by the command line.
    server.cli("remove", second)
    for app in (a, b):
        wait_live(
            app,
            lambda app=app: app.saved_count() == "0" and app.saved_ids() == [],
            "a book removed by `chaek remove`",
        )
    assert b.heart_pressed(second) == "false"
    assert a.console_errors() == [] and b.console_errors() == []


def test_undo_after_delete_all_brings_back_the_books_and_their_notes(server, browser):
    """One mis-tap loses nothing: 전체 삭제 says what goes, and 되돌리기 puts it all back."""
    first, second = book_ids(server, count=2)
    fill_journal(server, first)
    save(server, second)
    before = {book: server.request("GET", f"api/journal/{book}")[1] for book in (first, second)}
    app = AppPage(browser(MOBILE), server).open("/saved")
    app.wait_for(lambda: set(app.saved_ids()) == {first, second}, "담은 책 does not list both books")

    app.find("#clear-all").click()
    app.wait_for(
        lambda: app.text("#confirm-clear-detail") == "담은 책 2권과 메모 2개, 문장 2개, 독서 기록 1개가 지워져요. 10분 안에는 되돌릴 수 있어요.",
        lambda: f"the confirmation says {app.text('#confirm-clear-detail')!r}")
    app.settle()
    app.shot("confirm-clear-counts")
    app.button("삭제", app.find("#confirm-clear")).click()
    app.wait_for(lambda: app.saved_ids() == [], "삭제 did not empty 담은 책")
    app.wait_toast("담은 책 2권을 모두 삭제했어요")
    app.shot("undo-toast")
    assert server.request("GET", "api/library")[1]["count"] == 0

    app.press("#toast .toast-action")
    app.wait_toast("책 2권을 되돌렸어요")
    app.wait_for(lambda: set(app.saved_ids()) == {first, second}, "되돌리기 did not bring the books back")
    for book in (first, second):
        status, entry = server.request("GET", f"api/journal/{book}")
        assert status == 200
        for field in ("shelf", "rating", "review", "tags", "pages"):
            assert entry[field] == before[book][field], field
        assert [n["text"] for n in entry["notes"]] == [n["text"] for n in before[book]["notes"]]
        assert [q["text"] for q in entry["quotes"]] == [q["text"] for q in before[book]["quotes"]]
        assert [(s["started"], s.get("finished")) for s in entry["sessions"]] == [
            (s["started"], s.get("finished")) for s in before[book]["sessions"]]


def test_removing_one_book_can_be_undone_with_its_journal(server, browser):
    [book] = book_ids(server, count=1)
    fill_journal(server, book)
    app = AppPage(browser(MOBILE), server).open("/saved")
    app.wait_for(lambda: app.saved_ids() == [book], "담은 책 does not list the book")
    # No red 삭제 on every row: its pressed heart takes the book out, and 전체 삭제 is below the list.
    assert app.find_all("#saved .delete") == []
    assert app.find("#clear-all").location["y"] > app.row(book, "saved").location["y"], "전체 삭제 is above the list"
    app.press(f'#saved li[data-book-id="{book}"] .heart')
    app.wait_for(lambda: app.js("return document.getElementById('confirm-remove').open"), "no confirmation")
    app.button("삭제", app.find("#confirm-remove")).click()
    app.wait_toast("담은 책에서 삭제했어요")
    app.press("#toast .toast-action")
    app.wait_for(lambda: app.saved_ids() == [book], "되돌리기 did not bring the book back")
    entry = server.request("GET", f"api/journal/{book}")[1]
    assert len(entry["notes"]) == 2 and len(entry["quotes"]) == 2 and entry["rating"] == 4.5


def test_saved_books_sort_by_rating_and_keep_the_order_chosen(server, browser):
    ids = book_ids(server, "the", 3)
    for book_id, rating in zip(ids, (3, 5, 4)):
        save(server, book_id)
        call(server, "PATCH", f"api/journal/{book_id}", {"rating": rating})
    by_rating = [ids[1], ids[2], ids[0]]

    app = AppPage(browser(MOBILE), server).open("/saved")
    app.wait_for(lambda: len(app.saved_ids()) == 3, lambda: f"{app.saved_ids()} saved")
    menu = Select(app.find("#saved-sort"))
    assert [option.text for option in menu.options] == ["제목순", "담은 순", "다 읽은 순", "별점순", "저자순"]
    menu.select_by_visible_text("별점순")
    app.wait_for(lambda: app.saved_ids() == by_rating, lambda: f"{app.saved_ids()} by rating, not {by_rating}")
    app.wait_for(
        lambda: server.request("GET", "api/library")[1]["books"][0]["id"] == ids[1], "the order was not kept")
    app.shot("saved-by-rating")

    # Another window, or this one reloaded, shows 담은 책 in the order chosen last.
    other = AppPage(browser(MOBILE), server).open("/saved")
    assert Select(other.find("#saved-sort")).first_selected_option.text == "별점순"
    assert other.saved_ids() == by_rating
    assert app.console_errors() == [] and other.console_errors() == []
