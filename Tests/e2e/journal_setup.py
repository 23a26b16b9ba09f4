"""Books and journals made through the JSON API, for the journal's browser tests."""

import datetime
import re
import urllib.request


def today():
    """The reader's day: this machine's local date, as the browser's (same machine, same zone)."""
    return datetime.date.today().isoformat()


def day_text(day):
    """How the sheet writes a day: `2026. 3. 14.`"""
    return f"{day.year}. {day.month}. {day.day}."


def book_ids(server, query="the", count=3):
    """The ids of the first results of a search, as the page shows them."""
    with urllib.request.urlopen(server.url + f"fragments/results?query={query}", timeout=10) as response:
        ids = re.findall(r'<li class="book" data-book-id="([^"]+)"', response.read().decode())
    assert len(ids) >= count, ids
    return ids[:count]


def call(server, method, path, body=None, expect=(200, 201)):
    status, reply = server.request(method, path, body)
    assert status in expect, f"{method} {path} → {status} {reply}"
    return reply


def save(server, book_id, shelf=None):
    call(server, "PUT", f"api/library/{book_id}")
    if shelf:
        call(server, "PATCH", f"api/journal/{book_id}", {"shelf": shelf, "day": today()})


def fill_journal(server, book_id):
    """A book being read with a rating, a review, tags, two notes, two quotes and progress."""
    save(server, book_id)
    call(server, "POST", f"api/journal/{book_id}/start", {"day": today()})
    call(server, "POST", f"api/journal/{book_id}/progress", {"progress": "120/352", "day": today()})
    call(
        server,
        "PATCH",
        f"api/journal/{book_id}",
        {"rating": 4.5, "review": "밤새 읽었다. 끝이 오는 게 아까웠던 책.", "tags": ["소설", "여름에 읽은 책"]},
    )
    for kind, text, page in (
        ("note", "주인공이 도서관에서 고른 삶마다 후회가 조금씩 다르게 생긴다.", None),
        ("note", "다시 읽고 싶은 장: 체스 두는 장면.", None),
        ("quote", "You don't have to understand life. You just have to live it.", 288),
        ("quote", "그는 아무것도 아닌 것들이 모여 하루가 된다는 걸 알았다.", 43),
    ):
        body = {"kind": kind, "text": text, "day": today()}
        if page:
            body["page"] = page
        call(server, "POST", f"api/journal/{book_id}/notes", body)
