"""The reading journal in the detail sheet: shelf, stars by keyboard, review, tags, notes, quotes,
the reading log, two windows following each other, and a stale edit refused with the draft kept."""

import datetime

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from app_page import LIVE, AppPage
from conftest import MOBILE
from journal_setup import book_ids, call, day_text, save, today


def test_the_shelf_picker_saves_and_stars_review_and_tags_are_kept(server, browser):
    app = AppPage(browser(MOBILE), server).open("/?query=the")
    book_id = app.result_ids()[0]
    app.open_detail(book_id)
    assert app.entry(book_id) is None
    assert app.find_all("#journal [name=rating]") == [], "an unsaved book shows more than its shelves"

    # Picking a shelf saves the book there, and the rest of the journal appears.
    app.press('label[for="shelf-reading"]')
    app.wait_entry(book_id, lambda e: e["shelf"] == "reading", "the book on 읽는 중")
    app.wait_for(lambda: app.find_all("#rating-1") and app.find("#shelf-reading").is_selected(), "no journal")
    app.wait_for(lambda: app.attribute("#detail .heart", "aria-pressed") == "true", "the heart is off")
    app.wait_for(lambda: app.saved_count() == "1", "the tab's count did not follow")

    # Stars: a click on 4, then the arrow key for 4.5; the focus stays on the stars.
    app.press('label[for="rating-8"]')
    app.wait_entry(book_id, lambda e: e["rating"] == 4, "a rating of 4")
    app.wait_for(lambda: app.active_element_id() == "rating-8", lambda: f"focus is on {app.active_element_id()}")
    ActionChains(app.driver).send_keys(Keys.ARROW_RIGHT).perform()
    app.wait_entry(book_id, lambda e: e["rating"] == 4.5, "a rating of 4.5 from the arrow key")
    app.wait_for(lambda: app.text(".rating-value") == "4.5점", "the sheet does not say 4.5점")
    app.wait_for(lambda: app.find("#rating-9").is_selected(), "the 4.5 star is not checked")
    assert app.active_element_id() == "rating-9", app.active_element_id()
    assert app.find("#rating-9").accessible_name == "4.5점"
    app.press("#rating-clear")
    app.wait_entry(book_id, lambda e: e["rating"] is None, "the rating cleared")
    app.wait_for(lambda: app.text(".rating-value") == "별점 없음", "the stars were not cleared")

    # Review.
    app.type_into("#review-text", "밤새 읽었다.")
    app.press("#review-save")
    app.wait_entry(book_id, lambda e: e["review"] == "밤새 읽었다.", "the review")
    app.wait_for(lambda: app.value("#review-text") == "밤새 읽었다.", "the review left the field")

    # Tags: typed and Enter, removed with ×; the focus stays in the tag field.
    app.type_into("#tag-new", "소설", Keys.ENTER)
    app.wait_entry(book_id, lambda e: e["tags"] == ["소설"], "the tag 소설")
    app.wait_for(lambda: app.find_all('.tag-chip[data-tag="소설"]'), "no 소설 chip")
    assert app.active_element_id() == "tag-new" and app.value("#tag-new") == ""
    app.type_into("#tag-new", "여름", Keys.ENTER)
    app.wait_entry(book_id, lambda e: e["tags"] == ["소설", "여름"], "the tag 여름")
    app.wait_for(lambda: len(app.find_all(".tag-chip")) == 2, "no second chip")
    remove = '.tag-chip[data-tag="소설"] button'
    assert app.retrying(lambda _: app.find(remove).accessible_name) == "태그 ‘소설’ 지우기"
    app.press(remove)
    app.wait_entry(book_id, lambda e: e["tags"] == ["여름"], "only the tag 여름")
    assert app.console_errors() == []


def test_notes_and_quotes_are_added_edited_and_deleted(server, browser):
    book_id = book_ids(server)[1]
    save(server, book_id)
    app = AppPage(browser(MOBILE), server).open_book(book_id)

    app.type_into("#note-new-text", "첫 메모")
    app.press("#note-new-add")
    entry = app.wait_entry(book_id, lambda e: [n["text"] for n in e["notes"]] == ["첫 메모"], "the note")
    note_id = entry["notes"][0]["id"]
    assert entry["notes"][0]["day"] == today()
    app.wait_for(lambda: app.find_all(f"#note-{note_id}"), "the note is not listed")
    assert app.text(f"#note-{note_id} time") == day_text(datetime.date.today())
    assert app.value("#note-new-text") == "", "the new-note field kept the saved text"

    app.press(f"#note-{note_id}-edit")
    app.wait_for(lambda: app.active_element_id() == f"note-{note_id}-text", "편집 did not focus the text")
    app.type_into(f"#note-{note_id}-text", Keys.CONTROL, "a", Keys.NULL, "고친 메모")
    app.press(f"#note-{note_id}-save")
    app.wait_entry(book_id, lambda e: [n["text"] for n in e["notes"]] == ["고친 메모"], "the edited note")
    app.wait_for(lambda: app.text(f"#note-{note_id} .note-text") == "고친 메모", "the note did not change")
    app.wait_for(lambda: not app.find(f"#note-{note_id}-form").is_displayed(), "the editor stayed open")
    assert app.active_element_id() == f"note-{note_id}-edit"

    app.type_into("#quote-new-text", "아무것도 아닌 것들이 모여 하루가 된다.")
    app.type_into("#quote-new-page", "123")
    app.press("#quote-new-add")
    entry = app.wait_entry(book_id, lambda e: len(e["quotes"]) == 1, "the quote")
    quote = entry["quotes"][0]
    assert quote["page"] == 123 and quote["kind"] == "quote"
    app.wait_for(lambda: app.find_all(f"#note-{quote['id']} blockquote"), "the quote is not shown")
    assert app.text(f"#note-{quote['id']} .quote-page") == "p. 123"

    app.press(f"#note-{note_id}-delete")
    app.wait_entry(book_id, lambda e: e["notes"] == [], "the note deleted")
    app.wait_for(lambda: not app.find_all(f"#note-{note_id}"), "the deleted note is still listed")
    assert app.active_element_id() == "notes-heading", "the focus was lost with the deleted note"
    assert app.console_errors() == []


def test_progress_and_finishing_move_the_book_to_read(server, browser):
    book_id = book_ids(server)[2]
    save(server, book_id)
    app = AppPage(browser(MOBILE), server).open_book(book_id)

    app.press("#start-reading")
    app.wait_entry(book_id, lambda e: e["shelf"] == "reading" and len(e["sessions"]) == 1, "a reading started")
    app.wait_for(lambda: app.find("#shelf-reading").is_selected(), "읽기 시작 did not move the shelf")
    app.type_into("#progress-input", "120/352", Keys.ENTER)
    app.wait_entry(book_id, lambda e: e["sessions"][0]["progress"][-1]["page"] == 120, "the progress")
    app.wait_for(lambda: app.find_all("#journal .progress[role=progressbar]"), "no progress bar")
    bar = "#journal .progress[role=progressbar]"
    assert app.attribute(bar, "aria-valuenow") == "34.1"
    assert app.attribute(bar, "aria-valuetext") == "120/352쪽 (34.1%)"

    app.press("#finish-reading")
    entry = app.wait_entry(book_id, lambda e: e["shelf"] == "read", "the book on 읽은 책")
    assert entry["sessions"][0]["finished"] == today() and entry["sessions"][0]["started"] == today()
    app.wait_for(lambda: app.find("#shelf-read").is_selected(), "다 읽음 did not move the shelf")
    session = entry["sessions"][0]["id"]
    assert app.value(f"#session-{session}-finished") == today()

    # The reading's days are edited with date fields, and a reading can be deleted.
    app.js(f"document.getElementById('session-{session}-started').value = '2020-01-02'")
    app.press(f"#session-{session}-save")
    app.wait_entry(book_id, lambda e: e["sessions"][0]["started"] == "2020-01-02", "the edited start")
    app.press(f"#session-{session}-delete")
    app.wait_entry(book_id, lambda e: e["sessions"] == [], "the reading deleted")
    assert app.console_errors() == []


def test_a_second_window_follows_the_journal_without_losing_its_draft(server, browser):
    book_id = book_ids(server)[0]
    save(server, book_id)
    a = AppPage(browser(MOBILE), server, "A").open_book(book_id)
    b = AppPage(browser(MOBILE), server, "B").open_book(book_id)
    b.type_into("#review-text", "B가 쓰는 중")

    a.type_into("#note-new-text", "A의 메모")
    a.press("#note-new-add")
    a.wait_for(lambda: a.find_all("#journal .note-text"), "A's note is not listed")
    a.press('label[for="rating-6"]')
    a.wait_for(lambda: a.text(".rating-value") == "3점", "A's stars did not change")
    a.press('label[for="shelf-reading"]')
    b.wait_for(
        lambda: [n.text for n in b.find_all("#journal .note-text")] == ["A의 메모"]
        and b.find("#rating-6").is_selected()
        and b.find("#shelf-reading").is_selected(),
        "window B did not show A's note, stars and shelf",
        timeout=LIVE,
    )
    assert b.value("#review-text") == "B가 쓰는 중", "B's draft was lost when the sheet followed A"
    assert b.active_element_id() == "review-text", "B's focus left the field it was typing in"
    b.wait_for(
        lambda: b.attribute("#filter-shelf-reading .chip-count", "textContent") == "1",
        "B's 담은 책 counts did not follow",
        timeout=LIVE,
    )
    assert a.console_errors() == [] and b.console_errors() == []


def test_a_stale_edit_is_refused_and_the_draft_is_kept(server, browser):
    book_id = book_ids(server)[0]
    save(server, book_id)
    a = AppPage(browser(MOBILE), server, "A").open_book(book_id)
    b = AppPage(browser(MOBILE), server, "B").open_book(book_id)

    a.type_into("#review-text", "A의 오래된 초안")
    b.type_into("#review-text", "B가 먼저 저장한 리뷰")
    b.press("#review-save")
    b.wait_entry(book_id, lambda e: e["review"] == "B가 먼저 저장한 리뷰", "B's review")

    a.press("#review-save")
    a.wait_for(lambda: "다른 창에서 먼저 바뀌었어요" in a.sheet_alert(), lambda: f"A's alert says {a.sheet_alert()!r}")
    assert a.attribute("#journal-alert", "role") == "alert"
    assert a.js("const r = document.getElementById('journal-alert').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight"), (
        "the alert is out of sight where the reader saved"
    )
    a.settle()
    a.shot("journal-conflict")
    assert "B가 먼저 저장한 리뷰" in a.sheet_alert(), "the alert does not show what is saved now"
    assert a.value("#review-text") == "A의 오래된 초안", "A's draft was replaced"
    assert a.entry(book_id)["review"] == "B가 먼저 저장한 리뷰", "A's stale draft overwrote B's review"

    # Having seen the current review, A may save the draft on purpose.
    a.press("#review-save")
    a.wait_entry(book_id, lambda e: e["review"] == "A의 오래된 초안", "A's second save")
    a.wait_for(lambda: a.sheet_alert() == "", "the alert stayed after a save that worked")
    # The browser logs the refused request itself; nothing else may go wrong.
    assert [e for e in a.console_errors() if "409 (Conflict)" not in e] == [] and b.console_errors() == []


def test_deleting_a_book_with_notes_asks_first_with_the_counts(server, browser):
    book_id = book_ids(server)[0]
    save(server, book_id)
    for kind, text in (("note", "하나"), ("note", "둘"), ("quote", "셋")):
        call(server, "POST", f"api/journal/{book_id}/notes", {"kind": kind, "text": text, "day": today()})
    call(server, "POST", f"api/journal/{book_id}/start", {"day": today()})
    app = AppPage(browser(MOBILE), server).open("/saved")
    app.wait_for(lambda: app.saved_ids() == [book_id], "the book is not in 담은 책")

    app.tap(app.find(".heart", app.row(book_id, "saved")))
    dialog = app.find("#confirm-remove")
    app.wait_for(lambda: app.js("return arguments[0].open", dialog), "deleting did not ask first")
    assert app.text("#confirm-remove-detail") == "메모 2개와 문장 1개, 독서 기록 1개도 함께 지워져요."
    app.button("취소", dialog).click()
    app.wait_for(lambda: not app.js("return arguments[0].open", dialog), "취소 did not close")
    assert app.entry(book_id) is not None and app.saved_ids() == [book_id]

    app.tap(app.find(".heart", app.row(book_id, "saved")))
    app.wait_for(lambda: app.js("return arguments[0].open", dialog), "deleting did not ask again")
    app.button("삭제", dialog).click()
    app.wait_for(lambda: app.saved_ids() == [] and app.saved_count() == "0", "삭제 did not remove the book")
    assert app.entry(book_id) is None
    assert app.console_errors() == []
