"""256 keep-alive connections for N seconds (searches and library reads, spread over 32 loopback
source addresses) while one writer PUTs and DELETEs books in /api/library. A failed request is a
connection error, no answer within 10 s, or a status other than the expected one (5xx included)."""

import asyncio
import random
import time
from collections import Counter

from harness import (
    HOST,
    Result,
    Server,
    book_body,
    isbn13,
    log,
    megabytes,
    percentile,
    put_book,
    search_path,
    seconds,
    source_address,
    temp_home,
)

CONNECTIONS = 256
ADDRESSES = 32
REQUEST_TIMEOUT = 10.0
QUERIES = ["사랑", "love", "the", "한강", "해리", "war", "채식", "소년", "time", "바다", "mockingbird", "소설"]
SEEDED = [isbn13(900000 + i) for i in range(20)]


class Stats:
    def __init__(self):
        self.ok = 0
        self.failures = Counter()
        self.latencies = []

    def fail(self, reason):
        self.failures[reason] += 1


def read_request():
    roll = random.random()
    if roll < 0.45:
        return "search", search_path(random.choice(QUERIES), page=random.choice([1, 1, 2]), size=10)
    if roll < 0.65:
        return "library", random.choice(["/api/library", "/api/library?sort=added"])
    if roll < 0.80:
        return "book", f"/api/books/{random.choice(SEEDED)}"
    if roll < 0.90:
        return "recent", "/api/recent"
    return "healthz", "/healthz"


async def exchange(reader, writer, port, method, path, body=b""):
    """One request on a kept-alive connection: returns (status, keep_alive)."""
    head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
    if body:
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    elif method in ("PUT", "POST", "DELETE"):
        head += "Content-Length: 0\r\n"
    writer.write(head.encode() + b"\r\n" + body)
    await writer.drain()
    raw = await reader.readuntil(b"\r\n\r\n")
    lines = raw.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
    if "chunked" in headers.get("transfer-encoding", "").lower():
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            await reader.readexactly(size + 2)
            if size == 0:
                break
    elif "content-length" in headers:
        await reader.readexactly(int(headers["content-length"]))
    keep = headers.get("connection", "").lower() != "close"
    return status, keep


async def connection_loop(port, source, deadline, stats, next_request, expected):
    reader = writer = None
    while time.monotonic() < deadline:
        if writer is None:
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection(HOST, port, local_addr=(source, 0), limit=1 << 22), 5
                )
            except Exception as error:
                stats.fail(f"connect: {type(error).__name__}")
                await asyncio.sleep(0.2)
                continue
        kind, method, path, body = next_request()
        started = time.monotonic()
        try:
            status, keep = await asyncio.wait_for(exchange(reader, writer, port, method, path, body), REQUEST_TIMEOUT)
        except Exception as error:
            name = "timeout" if isinstance(error, asyncio.TimeoutError) else type(error).__name__
            stats.fail(f"{kind}: {name}")
            writer.close()
            writer = None
            continue
        stats.latencies.append(time.monotonic() - started)
        if status in expected(kind):
            stats.ok += 1
        else:
            stats.fail(f"{kind}: HTTP {status}")
        if not keep:
            writer.close()
            writer = None
    if writer is not None:
        writer.close()


async def run_load(port, duration):
    deadline = time.monotonic() + duration
    readers, writes = Stats(), Stats()

    def next_read():
        kind, path = read_request()
        return kind, "GET", path, b""

    cycle = {"n": 0}

    def next_write():
        # PUT then DELETE the same book, over a pool of 50 books of its own.
        n = cycle["n"]
        cycle["n"] += 1
        isbn = isbn13(800000 + (n // 2) % 50)
        if n % 2 == 0:
            return "PUT", "PUT", f"/api/library/{isbn}", book_body(isbn)
        return "DELETE", "DELETE", f"/api/library/{isbn}", b""

    expected_reads = lambda kind: (200,)  # noqa: E731
    expected_writes = lambda kind: (200, 201) if kind == "PUT" else (200,)  # noqa: E731
    tasks = [
        connection_loop(port, source_address(i % ADDRESSES), deadline, readers, next_read, expected_reads)
        for i in range(CONNECTIONS)
    ]
    tasks.append(connection_loop(port, HOST, deadline, writes, next_write, expected_writes))
    await asyncio.wait_for(asyncio.gather(*tasks), duration + REQUEST_TIMEOUT + 30)
    return readers, writes


def check_load(binary, duration):
    log(f"[load] {CONNECTIONS} keep-alive connections for {duration} s (searches, library, books, "
        f"recent, healthz) from {ADDRESSES} source addresses + 1 writer doing PUT/DELETE /api/library")
    server = Server(binary, temp_home("load"), source="local").start()
    try:
        for isbn in SEEDED:
            put_book(server.port, isbn)
        started = time.monotonic()
        try:
            readers, writes = asyncio.run(run_load(server.port, duration))
        except asyncio.TimeoutError:
            return [Result("load", f"0 failed requests at {CONNECTIONS} connections", False,
                           "the load run itself did not end in time")]
        elapsed = time.monotonic() - started
        alive = server.healthy(timeout=2)
        rss = server.peak_rss_mb()
        threads = server.status_field("Threads")
    finally:
        server.close()
    total = readers.ok + sum(readers.failures.values())
    failed = sum(readers.failures.values())
    write_total = writes.ok + sum(writes.failures.values())
    write_failed = sum(writes.failures.values())
    figures = (f"{failed}/{total} reads failed, {write_failed}/{write_total} writes failed; "
               f"{total / elapsed:.0f} req/s, p50 {seconds(percentile(readers.latencies, 0.5))}, "
               f"p99 {seconds(percentile(readers.latencies, 0.99))}, max {seconds(max(readers.latencies, default=None))}; "
               f"writer {write_total / elapsed:.0f} ops/s; peak RSS {megabytes(rss)}, {threads} threads"
               + ("" if alive else "; /healthz silent afterwards"))
    details = [f"{count} × {reason}" for reason, count in (readers.failures + writes.failures).most_common(8)]
    log(f"  {figures}")
    for line in details:
        log(f"    {line}")
    passed = failed == 0 and write_failed == 0 and total > 0 and alive
    return [Result("load", f"0 failed requests at {CONNECTIONS} connections for {duration} s", passed,
                   figures, details)]
