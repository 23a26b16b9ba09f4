#!/usr/bin/env python3
"""Checks the relevance set against its catalogs before anyone scores an engine with it.

Usage: python3 Tests/Relevance/check.py [--books ../shared/data/goodbooks-10k/books.csv]

- korean-catalog.json: 90+ Kakao documents with the expected fields and types, NFC text,
  valid ISBN check digits, year-only or full Kakao dates;
- queries.json: 70+ queries with unique ids, known catalogs, kinds and targets, non-empty
  expected lists;
- every expected title exists (exactly, NFC) in its catalog: the fixture for "korean", the
  `title` column of goodbooks' books.csv for "goodbooks";
- ISBN queries are valid ISBNs of expected[0] (goodbooks: from the zero-padded `isbn` column);
- 초성 queries hold only initial consonants and match expected[0]'s title or people;
- NFD queries really are decomposed;
- typo queries: no book holds every query word exactly, and each unmatched word (5+ letters)
  is one edit away from a word of expected[0]'s title or authors.

Exits 1 with one line per problem, 0 with a summary.
"""

import argparse
import csv
import json
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DEFAULT_BOOKS = ROOT.parent / "shared" / "data" / "goodbooks-10k" / "books.csv"
FIELDS = {
    "title": str, "contents": str, "url": str, "isbn": str, "datetime": str, "authors": list,
    "publisher": str, "translators": list, "price": int, "sale_price": int, "thumbnail": str,
    "status": str,
}
# Chaek's members beside Kakao's, where a source states them (see Book.pages and Book.series).
OPTIONAL_FIELDS = {"pages": int, "series": str, "series_volume": str}
KINDS = {
    "korean": {"fragment", "exact", "spacing", "particle", "nfd", "chosung", "person", "publisher",
               "title", "isbn", "keyboard", "series", "edition"},
    "goodbooks": {"exact", "case", "prefix", "series", "words", "author", "diacritics", "typo",
                  "isbn", "keyboard"},
}
TARGETS = {None, "title", "person", "publisher", "isbn"}
CHOSUNG = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
VOWELS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
FINALS = "ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"
# 2-beolsik: the letters typed as two keys, and the Latin key of each letter.
TWO_KEYS = {"ㅘ": "ㅗㅏ", "ㅙ": "ㅗㅐ", "ㅚ": "ㅗㅣ", "ㅝ": "ㅜㅓ", "ㅞ": "ㅜㅔ", "ㅟ": "ㅜㅣ", "ㅢ": "ㅡㅣ",
            "ㄳ": "ㄱㅅ", "ㄵ": "ㄴㅈ", "ㄶ": "ㄴㅎ", "ㄺ": "ㄹㄱ", "ㄻ": "ㄹㅁ", "ㄼ": "ㄹㅂ", "ㄽ": "ㄹㅅ",
            "ㄾ": "ㄹㅌ", "ㄿ": "ㄹㅍ", "ㅀ": "ㄹㅎ", "ㅄ": "ㅂㅅ"}
LATIN_KEYS = dict(zip("ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔㅁㄴㅇㄹㅎㅗㅓㅏㅣㅋㅌㅊㅍㅠㅜㅡㅃㅉㄸㄲㅆㅒㅖ",
                      "qwertyuiopasdfghjklzxcvbnmqwertop"))
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+09:00$")

problems: list[str] = []


def problem(text: str) -> None:
    problems.append(text)


# MARK: - ISBN

def isbn13(text: str) -> str | None:
    """The ISBN-13 of a valid ISBN-10 or ISBN-13 (hyphens and spaces allowed), else None."""
    digits = text.replace("-", "").replace(" ", "").upper()
    if len(digits) == 10 and re.fullmatch(r"\d{9}[\dX]", digits):
        values = [10 if c == "X" else int(c) for c in digits]
        if sum((10 - i) * v for i, v in enumerate(values)) % 11 != 0:
            return None
        body = "978" + digits[:9]
    elif len(digits) == 13 and digits.isdigit():
        body = digits[:12]
    else:
        return None
    check = (10 - sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body)) % 10) % 10
    result = body + str(check)
    return result if len(digits) == 10 or result == digits else None


# MARK: - Text

def chosung(text: str) -> str:
    """Initial consonants of the Hangul syllables of text, other characters dropped."""
    out = []
    for ch in unicodedata.normalize("NFC", text):
        code = ord(ch) - 0xAC00
        if 0 <= code < 11172:
            out.append(CHOSUNG[code // 588])
    return "".join(out)


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words(text: str) -> list[str]:
    return re.findall(r"\w+", fold(text))


def one_edit(a: str, b: str) -> bool:
    """True when a and b differ by exactly one insertion, deletion or substitution."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    return a[i + (len(a) == len(b)):] == b[i + 1:]


# MARK: - Catalogs

def load_fixture() -> list[dict]:
    books = json.loads((HERE / "korean-catalog.json").read_text(encoding="utf-8"))
    if len(books) < 90:
        problem(f"korean-catalog.json: {len(books)} books, want 90+")
    for index, book in enumerate(books, 1):
        where = f"korean-catalog.json #{index} ({book.get('title')})"
        if not set(FIELDS) <= set(book) <= set(FIELDS) | set(OPTIONAL_FIELDS):
            problem(f"{where}: fields {sorted(set(book) ^ set(FIELDS))} differ from Kakao's")
        for field, kind in OPTIONAL_FIELDS.items():
            if field in book and not isinstance(book[field], kind):
                problem(f"{where}: {field} is not {kind.__name__}")
        for field, kind in FIELDS.items():
            if not isinstance(book.get(field), kind):
                problem(f"{where}: {field} is not {kind.__name__}")
        for field in ("title", "contents", "publisher"):
            if unicodedata.normalize("NFC", book[field]) != book[field]:
                problem(f"{where}: {field} is not NFC")
        if not book["title"].strip() or not book["authors"] or not book["contents"].strip():
            problem(f"{where}: title, authors and contents are required")
        if book["datetime"] and not DATE.match(book["datetime"]):
            problem(f"{where}: datetime {book['datetime']!r} is not Kakao's format")
        for part in book["isbn"].split():
            if isbn13(part) is None:
                problem(f"{where}: invalid ISBN {part}")
        if book["sale_price"] != -1 or book["price"] < 0:
            problem(f"{where}: unknown prices are 0 and -1")
    for title, count in Counter(b["title"] for b in books).items():
        publishers = {b["publisher"] for b in books if b["title"] == title}
        if count > 1 and len(publishers) < count:
            problem(f"korean-catalog.json: {title} appears {count} times with the same publisher")
    return books


def load_goodbooks(path: Path) -> list[dict] | None:
    if not path.exists():
        print(f"check.py: {path} not found; goodbooks titles not checked", file=sys.stderr)
        return None
    with path.open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file))
    books = []
    for row in rows:
        isbn = row["isbn"].strip()
        books.append({
            "title": row["title"],
            "authors": [a.strip() for a in row["authors"].split(",")],
            "isbn13": isbn13(isbn.zfill(10)) if isbn else None,
            "popularity": int(row["ratings_count"] or 0),
        })
    return books


# MARK: - Queries

def check_queries(queries: list[dict], catalogs: dict[str, list[dict] | None]) -> None:
    if len(queries) < 70:
        problem(f"queries.json: {len(queries)} queries, want 70+")
    for qid, count in Counter(q.get("id") for q in queries).items():
        if count > 1:
            problem(f"queries.json: id {qid} is used {count} times")
    for query in queries:
        where = f"queries.json {query.get('id')} ({query.get('query')!r})"
        catalog = query.get("catalog")
        if catalog not in KINDS:
            problem(f"{where}: unknown catalog {catalog!r}")
            continue
        if query.get("kind") not in KINDS[catalog]:
            problem(f"{where}: unknown kind {query.get('kind')!r} for {catalog}")
        if query.get("target") not in TARGETS:
            problem(f"{where}: unknown target {query.get('target')!r}")
        expected = query.get("expected") or []
        if not expected or not query.get("note") or not str(query.get("query", "")).strip():
            problem(f"{where}: query, expected and note are required")
            continue
        if len(expected) > 10:
            problem(f"{where}: more than 10 expected titles cannot all be in the top 10")
        books = catalogs[catalog]
        if books is None:
            continue
        by_title: dict[str, list[dict]] = {}
        for book in books:
            title = unicodedata.normalize("NFC", book["title"])
            by_title.setdefault(title, []).append(book)
            # An edition of a title several books share is named "title|publisher".
            by_title.setdefault(f"{title}|{unicodedata.normalize('NFC', book.get('publisher', ''))}", []).append(book)
        for title in expected:
            if unicodedata.normalize("NFC", title) not in by_title:
                problem(f"{where}: expected title {title!r} is not in the {catalog} catalog")
            elif "|" in title and len(by_title[unicodedata.normalize("NFC", title)]) != 1:
                problem(f"{where}: expected edition {title!r} names no single book")
        if query.get("kind") == "edition" and not all("|" in title for title in expected):
            problem(f"{where}: an edition query expects editions, as title|publisher")
        first = by_title.get(unicodedata.normalize("NFC", expected[0]), [])
        check_kind(query, where, first, books)


def latin_keys(text: str) -> str:
    """The Latin keys that type text's Hangul on a 2-beolsik keyboard (안녕 → dkssud)."""
    letters = []
    for char in unicodedata.normalize("NFC", text):
        if 0xAC00 <= ord(char) <= 0xD7A3:
            index = ord(char) - 0xAC00
            final = index % 28
            letters += [CHOSUNG[index // 588], VOWELS[index % 588 // 28]] + ([FINALS[final - 1]] if final else [])
        else:
            letters.append(char)
    return "".join(LATIN_KEYS.get(key, key) for letter in letters for key in TWO_KEYS.get(letter, letter))


def check_kind(query: dict, where: str, first: list[dict], books: list[dict]) -> None:
    text, kind = query["query"], query["kind"]
    if not first:
        return
    if kind == "isbn":
        wanted = isbn13(text)
        have = {book.get("isbn13") or next((isbn13(p) for p in book.get("isbn", "").split()), None)
                for book in first}
        if wanted is None or wanted not in have:
            problem(f"{where}: {text} is not an ISBN of {query['expected'][0]!r}")
    elif kind == "chosung":
        if any(c not in CHOSUNG for c in text):
            problem(f"{where}: a 초성 query holds only initial consonants")
        fields = [first[0]["title"]] + first[0]["authors"] + first[0].get("translators", [])
        if not any(chosung(field).startswith(text) or text in chosung(field) for field in fields):
            problem(f"{where}: {text} is not the initials of {query['expected'][0]!r}")
    elif kind == "nfd":
        if unicodedata.normalize("NFC", text) == text:
            problem(f"{where}: an NFD query must be decomposed")
    elif kind == "keyboard":
        # Typed in the other mode: the keys of the query are those of the book's words.
        fields = " ".join([first[0]["title"]] + first[0]["authors"]).lower()
        hangul = any(0x3131 <= ord(c) <= 0x318E or 0xAC00 <= ord(c) <= 0xD7A3 for c in text)
        typed, meant = (latin_keys(text), fields) if hangul else (text.lower(), latin_keys(fields))
        if any(word not in meant for word in typed.split()):
            problem(f"{where}: {text} is not {query['expected'][0]!r} typed in the other keyboard mode")
    elif kind == "typo":
        query_words = words(text)
        for book in books:
            book_words = set(words(book["title"] + " " + " ".join(book["authors"])))
            if all(word in book_words for word in query_words):
                problem(f"{where}: {book['title']!r} matches every word exactly, so no typo fallback")
                break
        first_words = set(words(first[0]["title"] + " " + " ".join(first[0]["authors"])))
        for word in query_words:
            if word in first_words:
                continue
            if len(word) < 5 or not any(one_edit(word, w) for w in first_words if len(w) >= 5):
                problem(f"{where}: {word!r} is not a one-letter typo of a 5+ letter word")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--books", type=Path, default=DEFAULT_BOOKS, help="goodbooks-10k books.csv")
    arguments = parser.parse_args()
    fixture = load_fixture()
    goodbooks = load_goodbooks(arguments.books)
    queries = json.loads((HERE / "queries.json").read_text(encoding="utf-8"))
    check_queries(queries, {"korean": fixture, "goodbooks": goodbooks})
    for line in problems:
        print(line)
    if problems:
        print(f"check.py: {len(problems)} problems")
        return 1
    kinds = Counter((q["catalog"], q["kind"]) for q in queries)
    summary = ", ".join(f"{c}/{k} {n}" for (c, k), n in sorted(kinds.items()))
    print(f"check.py: {len(fixture)} Korean books, {len(queries)} queries ({summary}): all good")
    return 0


if __name__ == "__main__":
    sys.exit(main())
