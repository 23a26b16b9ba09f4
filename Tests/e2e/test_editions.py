"""Works and editions: a work listed once with its editions a tap away, and a second edition of a
saved work that offers to take its place, the journal following."""

import json
import urllib.request
from urllib.parse import quote

from selenium.webdriver.support.ui import Select

from app_page import AppPage
from conftest import MOBILE
from journal_setup import call, save

# Three editions of one work (the same title, its binding's note aside, and the same author) and a
# book of the same title by someone else: what Kakao answers for 데미안.
EDITIONS = [
    ("데미안", "9791100000014", "민음사", "2009-01-20"),
    ("데미안 (양장)", "9791100000021", "문학동네", "2013-05-10"),
    ("데미안", "9791100000038", "더스토리", "2017-02-01"),
]


def import_editions(server, tmp_path):
    documents = [
        {"title": title, "isbn": isbn, "authors": ["헤르만 헤세"], "translators": ["전영애"], "publisher": publisher,
         "datetime": f"{day}T00:00:00.000+09:00", "contents": "새는 알에서 나오려고 투쟁한다."}
        for title, isbn, publisher, day in EDITIONS
    ] + [{"title": "데미안", "isbn": "9791100000045", "authors": ["다른 작가"], "publisher": "창비"}]
    path = tmp_path / "demian.json"
    path.write_text(json.dumps({"documents": documents}, ensure_ascii=False))
    server.cli("import", str(path))


def test_a_work_is_listed_once_and_another_edition_of_it_takes_the_saved_ones_place(server, browser, tmp_path):
    import_editions(server, tmp_path)
    app = AppPage(browser(MOBILE), server, "editions").open("/?query=데미안")
    app.wait_until_live()
    app.wait_for(lambda: len(app.result_ids()) >= 2, "the search showed no results")
    rows = app.js(
        "return [...document.querySelectorAll('#results > li')].map(li =>"
        " [li.dataset.bookId, li.dataset.work, li.querySelector('.book-editions')?.textContent ?? ''])"
    )
    ours = [row for row in rows if row[0] in {isbn for _, isbn, _, _ in EDITIONS}]
    assert len(ours) == 1, f"the work has one row: {rows}"
    assert ours[0][2] == "판본 3개", rows
    assert len({row[1] for row in rows}) == len(rows), "no work twice"
    app.shot("editions-results")

    # Its editions are a tap away, in the sheet.
    first = ours[0][0]
    app.open_detail(first)
    listed = app.js(
        "return [...document.querySelectorAll('#detail .edition-list li')].map(li =>"
        " [li.querySelector('a').dataset.bookId, li.querySelector('.edition-meta').textContent])"
    )
    assert sorted(book for book, _ in listed) == sorted(isbn for _, isbn, _, _ in EDITIONS), listed
    assert "민음사 · 2009 · 9791100000014" in [meta for _, meta in listed], listed
    assert app.text("#editions-heading") == "판본 3개"

    # The reader keeps one edition and has read it; another edition's sheet says so.
    kept = "9791100000014"
    chosen = "9791100000021"
    save(server, kept, "read")
    app.tap(app.find(f'#detail .edition-list a[data-book-id="{kept}"]'))
    app.wait_for(lambda: app.find_all(f'#detail .detail[data-book-id="{kept}"][data-saved="true"]'),
                 "the saved edition's sheet did not open")
    app.tap(app.find(f'#detail .edition-list a[data-book-id="{chosen}"]'))
    app.wait_for(lambda: app.find_all(f'#detail .detail[data-book-id="{chosen}"] .edition-note'),
                 "the other edition's sheet does not say which edition is saved")
    assert "민음사 · 2009" in app.text("#detail .edition-note"), app.text("#detail .edition-note")
    assert "읽은 책" in app.text("#detail .edition-note")
    assert not app.find("#journal").is_displayed(), "the journal of the work is the saved edition's"

    # Saving it beside the other is refused, in words.
    app.tap(app.find("#detail .heart.labelled"))
    app.wait_for(lambda: "다른 판본을 이미 담았어요" in app.toast_text(), lambda: f"the toast says {app.toast_text()!r}")
    assert call(server, "GET", "api/library/ids")["ids"] == [kept]
    app.js("document.querySelector('#detail .edition-note').scrollIntoView({block: 'center'})")
    app.shot("editions-other-saved")

    # 이 판본으로 바꾸기: the journal moves to the open edition.
    app.tap(app.find("#detail [data-action=switch-edition]"))
    app.wait_toast("이 판본으로 바꿨어요")
    app.wait_for(lambda: app.find_all(f'#detail .detail[data-book-id="{chosen}"][data-saved="true"]'),
                 "the sheet did not become the saved edition's")
    assert not app.find_all("#detail .edition-note")
    app.wait_for(lambda: app.js("return document.getElementById('shelf-read')?.checked === true"),
                 "the sheet does not show the journal that came along")
    assert call(server, "GET", "api/library/ids")["ids"] == [chosen]
    assert app.entry(chosen)["shelf"] == "read", "the journal came along"
    app.js("document.querySelector('#editions-heading').scrollIntoView({block: 'start'})")
    app.shot("editions-switched")

    # The reading came along as read in the edition kept before; the reader says which one it was.
    select = "#detail .sessions select[name=edition]"
    app.wait_for(lambda: app.find_all(select), "the reading offers no choice of the edition read")
    assert app.js(f"return document.querySelector('{select}').value") == kept, "read in the edition kept then"
    other = "9791100000038"
    app.js(f"document.querySelector('{select}').scrollIntoView({{block: 'center'}})")
    Select(app.find(select)).select_by_value(other)
    app.wait_for(lambda: [s.get("edition") for s in app.entry(chosen)["sessions"]] == [other],
                 lambda: f"the reading names {app.entry(chosen)['sessions']}")
    app.wait_for(lambda: app.js(f"return document.querySelector('{select}').value") == other,
                 "the sheet does not show the edition picked")
    assert "더스토리" in app.js(f"return document.querySelector('{select}').selectedOptions[0].textContent")
    app.shot("editions-reading")
    refused = f"/api/library/{chosen} - Failed to load resource: the server responded with a status of 409"
    assert [error for error in app.console_errors() if refused not in error] == []


def test_a_reader_merges_a_translation_into_its_work_and_splits_it_off(server, browser, tmp_path):
    # *Norwegian Wood* under its two Korean titles: two works by the catalog's rules.
    norwegian, lost = "9791100000052", "9791100000069"
    documents = [
        {"title": "노르웨이의 숲", "isbn": norwegian, "authors": ["무라카미 하루키"], "publisher": "민음사",
         "datetime": "2013-07-01T00:00:00.000+09:00"},
        {"title": "상실의 시대", "isbn": lost, "authors": ["무라카미 하루키"], "publisher": "문학사상사",
         "datetime": "2000-10-30T00:00:00.000+09:00"},
    ]
    path = tmp_path / "wood.json"
    path.write_text(json.dumps({"documents": documents}, ensure_ascii=False))
    server.cli("import", str(path))
    save(server, lost, "read")

    app = AppPage(browser(MOBILE), server, "merge").open_book(norwegian)
    app.js("document.querySelector('#detail .merge-open').scrollIntoView({block: 'center'})")
    app.tap(app.find("#detail [data-action=open-merge]"))
    app.wait_for(lambda: app.js("return document.getElementById('merge-dialog').open"), "the merge dialog did not open")
    app.type_into("#merge-query", "상실의 시대")
    app.wait_for(lambda: app.find_all(f'#merge-results li[data-book-id="{lost}"]'), "the other title was not offered")
    assert not app.find_all(f'#merge-results li[data-book-id="{norwegian}"]'), "the book's own work is not offered"
    app.shot("merge-dialog")
    app.tap(app.find(f'#merge-results li[data-book-id="{lost}"] [data-action=merge-into]'))
    app.wait_toast("같은 작품으로 합쳤어요")
    app.wait_for(lambda: app.find_all("#detail .edition-list [data-action=split-work]"),
                 "the sheet does not list the merged editions")
    assert app.text("#editions-heading") == "판본 2개"
    assert "문학사상사" in app.text("#detail .edition-note"), "the saved edition holds the work's journal"
    app.js("document.querySelector('#editions-heading').scrollIntoView({block: 'start'})")
    app.shot("merge-merged")

    # One work in search results now, by the edition saved.
    with urllib.request.urlopen(server.url + "fragments/results?query=" + quote("무라카미 하루키"), timeout=10) as response:
        rows = response.read().decode()
    assert lost in rows and norwegian not in rows and "판본 2개" in rows, rows
    app.js("document.querySelector('#detail [data-action=split-work]').scrollIntoView({block: 'center'})")
    app.tap(app.find("#detail [data-action=split-work]"))
    app.wait_toast("작품을 나눴어요")
    app.wait_for(lambda: not app.find_all("#detail .edition-note") and not app.find_all("#detail .edition-list"),
                 "the sheet still shows the merge")
    assert call(server, "GET", "api/library/ids")["ids"] == [lost]
