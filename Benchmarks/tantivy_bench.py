#!/usr/bin/env python3
"""tantivy side of the catalog search benchmark: index a corpus, time a query set, print JSON.

Usage:
  python3 Benchmarks/tantivy_bench.py CORPUS.jsonl QUERIES.json [--rounds 20] [--heap-mb 256]
                                      [--threads 0] [--no-popularity] [--no-prefix] [--details]
                                      [--suggest SUGGEST.json] [--suggest-rounds 2] [--stored-books BOOKS.jsonl]
  python3 Benchmarks/tantivy_bench.py --self-test

Needs `pip install tantivy` (PyPI wheels, nothing else downloaded).

CORPUS is JSON lines, one book each, text ALREADY ANALYZED by the Swift side's
`SearchText.indexed` (lower-case Latin words, Hangul as bigrams plus single syllables,
space-separated tokens):
  {"id": "9788936433598", "title": "...", "people": "...", "publisher": "...", "contents": "...",
   "published": 1191164400, "popularity": 4780653}
`id` is any string or number (it is stored and returned); `published` is an integer that sorts by
date (epoch seconds or yyyymmdd), or an ISO 8601 date such as Kakao's
`2014-11-17T00:00:00.000+09:00`, or null/"" when unknown (sorted last by `latest`);
`popularity` is an integer (0 when unknown). Optional `suggest_key` and `suggest_initials` are
lists of completion keys (the Swift side's `Analyzer.completionKey`: folded, Hangul as 2-beolsik
keys) and 초성 keys of the title and each person, indexed whole (raw) for completion.

BOOKS (with --stored-books) holds each corpus row's book as the catalog stores it (its JSON), a
line each in the corpus's order: the corpus is indexed a second time storing them too, and that
build's time and size are reported as "stored_books". They are a file apart so that the first
build reads the corpus alone.

SUGGEST (with --suggest) is a JSON array of keystroke requests, already analyzed:
  [{"key": "ㅎㅐㄹㅣㅍ", "field": "suggest_key"}, {"key": "ㅎㄹㅍ", "field": "suggest_initials"}]
each answered as tantivy's completion: a prefix query (`PhrasePrefixQuery` of one term on the raw
field), the top 8 documents by popularity and their stored ids; timed like the searches and
reported as "suggest_latency_ms".

QUERIES is a JSON array:
  [{"kind": "1-word", "text": "해리 리포 포터", "field": null, "sort": "accuracy", "page": 1, "size": 10}]
`text` holds already-analyzed query terms separated by spaces. Every term must match (AND).
Consecutive Hangul bigrams that chain (해리 리포 포터: each one starts with the last syllable of
the one before) form one phrase, as the Swift side matches one space-separated Hangul word; a
chain is broken where the next bigram does not continue it (해리 포터 is two terms).
The last term, if it is a Latin word, matches as a prefix unless --no-prefix (tantivy expands it
into at most 50 words, as the Swift side does).
`field` is null (any of title, people, publisher, contents, with bm25 weights 10/5/2/1 as
boosts, the catalog's field order) or one of "title", "people", "publisher". `sort` is "accuracy" (bm25,
multiplied by log2(2 + popularity) unless --no-popularity) or "latest" (published, newest
first). `page` and `size` are Kakao's (offset = (page - 1) * size); every search also counts
all matches, as Kakao's total_count needs.

It builds the index in a temporary directory (removed at the end), runs every query once to
warm up, then `--rounds` times, timing each search plus the fetch of its hits' stored ids, and
prints ONE JSON object on stdout:
  {"engine": "tantivy", "tantivy": "0.27.0", "documents": N, "build_seconds": s,
   "index_bytes": b, "rounds": R, "queries": Q, "warm_up_seconds": s,
   "latency_ms": {"accuracy": {"count", "p50", "p95", "p99", "max", "mean"},
                  "latest": {...}, "accuracy@page50x50": {...}, ...},
   "latency_ms_by_kind": {"1-word": {...}, ...},
   "found_fraction": f, "settings": {...}, "results": [...] (only with --details)}
Latency groups: the sort for page-1 queries, "<sort>@page<P>x<S>" for deeper pages.
Progress goes to stderr.
"""

import argparse
import json
import math
import os
import shutil
import sys
import tempfile
import time
from datetime import datetime

try:
    import tantivy
    from tantivy import Document, Index, Occur, Order, Query, SchemaBuilder
    from tantivy import Filter, TextAnalyzerBuilder, Tokenizer
except ImportError:  # pragma: no cover - a setup problem, reported plainly
    sys.exit("tantivy_bench.py: the tantivy package is missing: pip install tantivy")

TEXT_FIELDS = ("title", "people", "publisher", "contents")
WEIGHTS = {"title": 10.0, "people": 5.0, "publisher": 2.0, "contents": 1.0}
TOKENIZER = "chaek"
SUGGEST_FIELDS = ("suggest_key", "suggest_initials")
UNKNOWN_DATE = -(2**62)


def log(message: str) -> None:
    print(f"tantivy_bench: {message}", file=sys.stderr, flush=True)


# MARK: - Index

def analyzer() -> "tantivy.TextAnalyzer":
    """Splits at whitespace only, so our tokens are never re-split; folds case and diacritics
    the way the catalog's `unicode61 remove_diacritics 2` does."""
    return (
        TextAnalyzerBuilder(Tokenizer.whitespace())
        .filter(Filter.lowercase())
        .filter(Filter.ascii_fold())
        .build()
    )


def schema(stored_books: bool = False) -> "tantivy.Schema":
    builder = SchemaBuilder()
    if stored_books:
        builder.add_bytes_field("book", stored=True, indexed=False, fast=False)
    builder.add_text_field("id", stored=True, tokenizer_name="raw")
    for name in TEXT_FIELDS:
        builder.add_text_field(name, stored=False, tokenizer_name=TOKENIZER, index_option="position")
    for name in SUGGEST_FIELDS:
        builder.add_text_field(name, stored=False, tokenizer_name="raw", index_option="basic")
    builder.add_integer_field("published", fast=True, indexed=False)
    builder.add_integer_field("popularity", fast=True, indexed=False)
    return builder.build()


def published_value(value) -> int:
    if value is None or value == "":
        return UNKNOWN_DATE
    if isinstance(value, (int, float)):
        return int(value)
    text = str(value).strip()
    if text.lstrip("-").isdigit():
        return int(text)
    return int(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp())


def build(documents, directory: str, heap_mb: int, threads: int,
          stored_books: bool = False) -> tuple["tantivy.Index", int, float]:
    """Indexes an iterable of corpus rows, and with `stored_books` stores each row's `book` (the
    catalog's stored JSON of the book, as bytes) as well; returns the index, the row count and the
    seconds."""
    index = Index(schema(stored_books), path=directory)
    index.register_tokenizer(TOKENIZER, analyzer())
    start = time.perf_counter()
    writer = index.writer(heap_size=heap_mb * 1_000_000, num_threads=threads)
    count = 0
    for row in documents:
        writer.add_document(Document(
            id=str(row["id"]),
            title=row.get("title") or "",
            people=row.get("people") or "",
            publisher=row.get("publisher") or "",
            contents=row.get("contents") or "",
            published=published_value(row.get("published")),
            popularity=int(row.get("popularity") or 0),
            **{name: row[name] for name in SUGGEST_FIELDS if row.get(name)},
            **({"book": row["book"]} if stored_books else {}),
        ))
        count += 1
        if count % 100_000 == 0:
            log(f"{count:,} documents added")
    writer.commit()
    writer.wait_merging_threads()
    index.reload()
    return index, count, time.perf_counter() - start


def directory_bytes(path: str) -> int:
    return sum(os.path.getsize(os.path.join(root, name))
               for root, _, names in os.walk(path) for name in names)


def read_corpus(path: str):
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            if line.strip():
                try:
                    yield json.loads(line)
                except json.JSONDecodeError as error:
                    sys.exit(f"tantivy_bench.py: {path}:{number}: {error}")


# MARK: - Queries

def is_hangul_bigram(token: str) -> bool:
    return len(token) == 2 and all("\uac00" <= c <= "\ud7a3" for c in token)


def groups(terms: list[str]) -> list[list[str]]:
    """Splits analyzed terms into phrases: chained Hangul bigrams join, anything else stands alone."""
    result: list[list[str]] = []
    for term in terms:
        previous = result[-1] if result else None
        if (previous and is_hangul_bigram(term) and is_hangul_bigram(previous[-1])
                and previous[-1][1] == term[0]):
            previous.append(term)
        else:
            result.append([term])
    return result


def is_latin_word(term: str) -> bool:
    return term.isalnum() and not any("\uac00" <= c <= "\ud7a3" for c in term)


class QueryBuilder:
    def __init__(self, index: "tantivy.Index", prefix_last: bool):
        self.schema = index.schema
        self.analyzer = analyzer()
        self.prefix_last = prefix_last

    def one_field(self, field: str, words: list[str], prefix: bool) -> "tantivy.Query":
        if prefix:
            return Query.phrase_prefix_query(self.schema, field, words)
        if len(words) == 1:
            return Query.term_query(self.schema, field, words[0])
        return Query.phrase_query(self.schema, field, words)

    def build(self, text: str, field: str | None) -> "tantivy.Query | None":
        terms = [token for raw in text.split() for token in self.analyzer.analyze(raw)]
        if not terms:
            return None
        fields = [field] if field else list(TEXT_FIELDS)
        musts = []
        phrases = groups(terms)
        for position, words in enumerate(phrases):
            prefix = (self.prefix_last and position == len(phrases) - 1 and len(words) == 1
                      and is_latin_word(words[0]))
            alternatives = [
                (Occur.Should, Query.boost_query(self.one_field(name, words, prefix), WEIGHTS[name]))
                for name in fields
            ]
            musts.append((Occur.Must, Query.boolean_query(alternatives)))
        return musts[0][1] if len(musts) == 1 else Query.boolean_query(musts)


def validate(query: dict, number: int) -> dict:
    field = query.get("field")
    if field not in (None, "title", "people", "publisher"):
        sys.exit(f"tantivy_bench.py: query {number}: field must be null, title, people or publisher")
    sort = query.get("sort", "accuracy")
    if sort not in ("accuracy", "latest"):
        sys.exit(f"tantivy_bench.py: query {number}: sort must be accuracy or latest")
    page, size = int(query.get("page", 1)), int(query.get("size", 10))
    if not (1 <= page <= 50 and 1 <= size <= 50):
        sys.exit(f"tantivy_bench.py: query {number}: page and size must lie in 1...50")
    return {"kind": query.get("kind", "-"), "text": str(query["text"]), "field": field,
            "sort": sort, "page": page, "size": size}


def search(searcher, built, query: dict, popularity: bool) -> tuple[int, list[str]]:
    if built is None:
        return 0, []
    options = {"limit": query["size"], "offset": (query["page"] - 1) * query["size"], "count": True}
    if query["sort"] == "latest":
        options.update(order_by_field="published", order=Order.Desc)
    elif popularity:
        options["weight_by_field"] = "popularity"
    result = searcher.search(built, **options)
    return result.count, [searcher.doc(address)["id"][0] for _, address in result.hits]


# MARK: - Measuring

def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(len(ordered) * fraction) - 1))]


def summary(values: list[float]) -> dict:
    return {
        "count": len(values),
        "p50": round(percentile(values, 0.50), 4),
        "p95": round(percentile(values, 0.95), 4),
        "p99": round(percentile(values, 0.99), 4),
        "max": round(max(values), 4),
        "mean": round(sum(values) / len(values), 4),
    }


def group_name(query: dict) -> str:
    if query["page"] == 1:
        return query["sort"]
    return f"{query['sort']}@page{query['page']}x{query['size']}"


def run(index, queries: list[dict], rounds: int, popularity: bool, prefix_last: bool, details: bool):
    builder = QueryBuilder(index, prefix_last)
    built = [builder.build(query["text"], query["field"]) for query in queries]
    searcher = index.searcher()
    start = time.perf_counter()
    first = [search(searcher, b, q, popularity) for b, q in zip(built, queries)]
    warm_up = time.perf_counter() - start
    by_group: dict[str, list[float]] = {}
    by_kind: dict[str, list[float]] = {}
    for _ in range(rounds):
        for b, query in zip(built, queries):
            start = time.perf_counter_ns()
            search(searcher, b, query, popularity)
            elapsed = (time.perf_counter_ns() - start) / 1e6
            by_group.setdefault(group_name(query), []).append(elapsed)
            by_kind.setdefault(query["kind"], []).append(elapsed)
    report = {
        "warm_up_seconds": round(warm_up, 3),
        "latency_ms": {name: summary(values) for name, values in sorted(by_group.items())},
        "latency_ms_by_kind": {name: summary(values) for name, values in sorted(by_kind.items())},
        "found_fraction": round(sum(1 for total, _ in first if total) / max(1, len(first)), 4),
    }
    if details:
        report["results"] = [dict(query, total=total, ids=ids) for query, (total, ids) in zip(queries, first)]
    return report


def run_suggest(index, requests: list[dict], rounds: int) -> dict:
    """Times each completion request: a one-term phrase prefix on its raw field, top 8 by popularity."""
    schema, searcher = index.schema, index.searcher()
    built = [Query.phrase_prefix_query(schema, r["field"], [r["key"]]) for r in requests if r["key"]]

    def complete(query):
        result = searcher.search(query, limit=8, order_by_field="popularity", order=Order.Desc)
        return [searcher.doc(address)["id"][0] for _, address in result.hits]

    found = sum(1 for query in built if complete(query))
    times = []
    for _ in range(rounds):
        for query in built:
            start = time.perf_counter_ns()
            complete(query)
            times.append((time.perf_counter_ns() - start) / 1e6)
    return {"suggest_latency_ms": summary(times), "suggest_found_fraction": round(found / max(1, len(built)), 4)}


def benchmark(arguments) -> dict:
    with open(arguments.queries, encoding="utf-8") as file:
        queries = [validate(q, n) for n, q in enumerate(json.load(file), 1)]
    directory = tempfile.mkdtemp(prefix="tantivy-bench-")
    try:
        log(f"indexing {arguments.corpus} into {directory}")
        index, count, seconds = build(read_corpus(arguments.corpus), directory, arguments.heap_mb,
                                      arguments.threads)
        size = directory_bytes(directory)
        log(f"{count:,} documents in {seconds:.1f} s, {size / 1_048_576:.1f} MiB; "
            f"{len(queries)} queries x {arguments.rounds} rounds")
        measured = run(index, queries, arguments.rounds, not arguments.no_popularity,
                       not arguments.no_prefix, arguments.details)
        if arguments.suggest:
            with open(arguments.suggest, encoding="utf-8") as file:
                measured.update(run_suggest(index, json.load(file), arguments.suggest_rounds))
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    if arguments.stored_books:
        measured["stored_books"] = build_with_books(arguments)
    return {
        "engine": "tantivy",
        "tantivy": tantivy.__version__.split(",")[0].removeprefix("tantivy v"),
        "documents": count,
        "build_seconds": round(seconds, 3),
        "index_bytes": size,
        "rounds": arguments.rounds,
        "queries": len(queries),
        **measured,
        "settings": {
            "tokenizer": "whitespace + lowercase + ascii_fold",
            "field_boosts": WEIGHTS,
            "accuracy": "bm25" + ("" if arguments.no_popularity else " x log2(2 + popularity)"),
            "latest": "published desc",
            "last_latin_term_prefix": not arguments.no_prefix,
            "heap_mb": arguments.heap_mb,
            "writer_threads": arguments.threads or "auto",
            "timed": "search with count + stored id of each hit",
        },
    }


def rows_with_books(corpus: str, books: str):
    """The corpus rows, each with its line of BOOKS as `book`."""
    with open(books, "rb") as lines:
        for row, line in zip(read_corpus(corpus), lines, strict=True):
            row["book"] = line.rstrip(b"\n")
            yield row


def build_with_books(arguments) -> dict:
    """The index built again storing every book as well (its doc store, compressed in blocks), as
    a catalog does: its time and size."""
    directory = tempfile.mkdtemp(prefix="tantivy-bench-books-")
    try:
        _, _, seconds = build(rows_with_books(arguments.corpus, arguments.stored_books), directory,
                              arguments.heap_mb, arguments.threads, stored_books=True)
        size = directory_bytes(directory)
        log(f"with the books stored: {seconds:.1f} s, {size / 1_048_576:.1f} MiB")
        return {"build_seconds": round(seconds, 3), "index_bytes": size}
    finally:
        shutil.rmtree(directory, ignore_errors=True)


# MARK: - Self-test

SELF_TEST_CORPUS = [
    {"id": "harry", "title": "해리 리포 포터 터와 마법 법사 사의 의돌 해 리 포 터 와 마 법 사 의 돌",
     "people": "j k 롤링 롤 링", "publisher": "문학 학수 수첩 문 학 수 첩", "contents": "마법 법학 학교",
     "published": "1999-01-01T00:00:00.000+09:00", "popularity": 10},
    {"id": "reporter", "title": "리포 포터 터의 의하 하루 리 포 터 의 하 루", "people": "김기 기자 김 기 자",
     "publisher": "", "contents": "기자 이야기", "published": "2010-01-01T00:00:00.000+09:00",
     "popularity": 0},
    {"id": "vegetarian", "title": "채식 식주 주의 의자 채 식 주 의 자", "people": "한강 한 강",
     "publisher": "창비 창 비", "contents": "", "published": 2007, "popularity": 5},
    {"id": "gatsby", "title": "the great gatsby", "people": "f scott fitzgerald", "publisher": "scribner",
     "contents": "", "published": 1925, "popularity": 100},
    {"id": "miserables", "title": "les misérables", "people": "victor hugo", "publisher": "", "contents": "",
     "published": None, "popularity": 50},
]
SELF_TEST_QUERIES = [
    ({"text": "해리 리포 포터", "field": None}, ["harry"]),  # a chained run is a phrase
    ({"text": "리포 포터", "field": None}, ["harry", "reporter"]),
    ({"text": "채식", "field": None}, ["vegetarian"]),
    ({"text": "한강", "field": "people"}, ["vegetarian"]),
    ({"text": "한강", "field": "title"}, []),
    ({"text": "창비", "field": "publisher"}, ["vegetarian"]),
    ({"text": "great gats", "field": None}, ["gatsby"]),  # the last Latin word is a prefix
    ({"text": "gats great", "field": None}, []),  # only the last one
    ({"text": "les miserables", "field": "title"}, ["miserables"]),  # diacritics folded
    ({"text": "해리 마법", "field": None}, ["harry"]),  # two words: AND
    ({"text": "기자 마법", "field": None}, []),
]


def self_test() -> int:
    directory = tempfile.mkdtemp(prefix="tantivy-bench-self-test-")
    failures = []
    try:
        index, count, _ = build(SELF_TEST_CORPUS, directory, 50, 1)
        builder = QueryBuilder(index, prefix_last=True)
        searcher = index.searcher()
        for query, expected in SELF_TEST_QUERIES:
            full = dict(query, sort="accuracy", page=1, size=10)
            total, ids = search(searcher, builder.build(full["text"], full["field"]), full, True)
            if sorted(ids) != sorted(expected) or total != len(expected):
                failures.append(f"{query}: got {ids} (total {total}), want {expected}")
        newest = {"text": "포터", "field": None, "sort": "latest", "page": 1, "size": 10}
        latest = search(searcher, builder.build("포터", None), newest, True)[1]
        if latest != ["reporter", "harry"]:
            failures.append(f"latest sort: got {latest}, want ['reporter', 'harry']")
        paged = search(searcher, builder.build("포터", None), dict(newest, page=2, size=1), True)
        if paged != (2, ["harry"]):
            failures.append(f"page 2 of size 1: got {paged}, want (2, ['harry'])")
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    checks = len(SELF_TEST_QUERIES) + 2
    print(json.dumps({"self_test": "failed" if failures else "ok", "documents": count,
                      "checks": checks, "failures": failures}, ensure_ascii=False))
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(
        description="Index an analyzed corpus with tantivy and time a query set; prints one JSON object.")
    parser.add_argument("corpus", nargs="?", help="JSON lines of analyzed books")
    parser.add_argument("queries", nargs="?", help="JSON array of analyzed queries")
    parser.add_argument("--rounds", type=int, default=20, help="timed runs of the whole query set (20)")
    parser.add_argument("--heap-mb", type=int, default=256, help="index writer heap in MB (256)")
    parser.add_argument("--threads", type=int, default=0, help="index writer threads; 0 = auto")
    parser.add_argument("--no-popularity", action="store_true", help="accuracy is bm25 alone")
    parser.add_argument("--no-prefix", action="store_true", help="the last Latin term matches exactly")
    parser.add_argument("--details", action="store_true", help="add each query's total and hit ids")
    parser.add_argument("--suggest", help="JSON array of completion requests to time as well")
    parser.add_argument("--suggest-rounds", type=int, default=2, help="timed runs of the requests (2)")
    parser.add_argument("--stored-books", metavar="BOOKS",
                        help="JSON lines of the corpus's books: also build an index storing them")
    parser.add_argument("--self-test", action="store_true", help="index 5 books and check the queries")
    arguments = parser.parse_args()
    if arguments.self_test:
        return self_test()
    if not arguments.corpus or not arguments.queries:
        parser.error("CORPUS and QUERIES are required (or --self-test)")
    if arguments.rounds < 1:
        parser.error("--rounds must be at least 1")
    print(json.dumps(benchmark(arguments), ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
