"""A corpus of hostile requests, each sent raw: every one must be answered 4xx (slow clients may
instead be closed or refused), 담은 책 and 최근 본 책 must be exactly as before each request, and
the server must still answer afterwards. A request that changes the library is reported and the
library restored, so the next request is judged on its own."""

import random
import select
import socket
import string
import struct
import threading
import time
import zlib

from harness import (
    HOST,
    Result,
    Server,
    book_body,
    isbn13,
    log,
    put_book,
    request,
    seconds,
    source_address,
    temp_home,
)

SAVED = "9780439554930"  # saved before the corpus: the NUL-byte DELETE must not remove it
SEEDS = [SAVED, isbn13(700001), isbn13(700002)]
NEW = isbn13(700099)  # never saved: a PUT of it that succeeds changes the library


# ---- sending raw requests --------------------------------------------------------------------


def exchange(port, data, timeout=5.0, source=None):
    """Sends `data` (bytes, or a list of pieces sent in turn) and reads the answer.
    Returns (outcome, status, body): outcome is 'status', 'closed', 'reset', 'timeout', 'refused'."""
    sock = socket.socket()
    sock.settimeout(timeout)
    try:
        if source:
            sock.bind((source, 0))
        sock.connect((HOST, port))
    except OSError:
        sock.close()
        return "refused", None, b""
    received = b""
    try:
        for piece in data if isinstance(data, list) else [data]:
            try:
                sock.sendall(piece)
            except (BrokenPipeError, ConnectionResetError):
                break  # answered and closed before taking everything: read what it said
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and len(received) < (1 << 20):
            if b"\r\n\r\n" in received:
                head, _, body = received.partition(b"\r\n\r\n")
                length = None
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":", 1)[1])
                if length is not None and len(body) >= length:
                    break
            sock.settimeout(max(0.05, deadline - time.monotonic()))
            chunk = sock.recv(65536)
            if not chunk:
                break
            received += chunk
    except socket.timeout:
        if not received:
            return "timeout", None, b""
    except OSError:
        if not received:
            return "reset", None, b""
    finally:
        sock.close()
    if received.startswith(b"HTTP/1.") and len(received) >= 12:
        try:
            return "status", int(received[9:12]), received
        except ValueError:
            pass
    return ("closed", None, received) if not received else ("garbage", None, received)


def http(method, target, port, headers=(), body=b"", host=None, version=b"HTTP/1.1", close=True):
    """A raw request; `target` and header values may be bytes with anything in them. With
    `close=False` the connection stays open, so a request smuggled in the body would be served."""
    host = host if host is not None else f"{HOST}:{port}"
    lines = [method.encode() + b" " + (target if isinstance(target, bytes) else target.encode()) + b" " + version]
    if host is not False:
        lines.append(b"Host: " + (host if isinstance(host, bytes) else host.encode()))
    for name, value in headers:
        lines.append((name if isinstance(name, bytes) else name.encode()) + b": "
                     + (value if isinstance(value, bytes) else value.encode()))
    if body and not any((n if isinstance(n, str) else n.decode()).lower() in ("content-length", "transfer-encoding")
                        for n, _ in headers):
        lines.append(f"Content-Length: {len(body)}".encode())
    if close:
        lines.append(b"Connection: close")
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


def words(count, length, alphabet=string.ascii_lowercase):
    rng = random.Random(8)
    return " ".join("".join(rng.choice(alphabet) for _ in range(length)) for _ in range(count))


def search_target(query):
    from urllib.parse import quote

    return "/v3/search/book?query=" + quote(query)


# ---- the corpus ------------------------------------------------------------------------------


def png(width, height, rows=None):
    """A grayscale PNG of `width` × `height`: white unless `rows` (the filtered image data) is given."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    if rows is None:
        rows = (b"\x00" + b"\xff" * width) * height
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9))
            + chunk(b"IEND", b""))


def corpus(port):
    """(group, name, raw request[, timeout[, also refused]]) for every hostile request but the
    slow ones."""
    json_headers = [("Content-Type", "application/json")]
    new_body = book_body(NEW)
    chunks = b"".join(b"10000\r\n" + b"a" * 0x10000 + b"\r\n" for _ in range(32)) + b"0\r\n\r\n"
    cases = [
        ("traversal", "GET /static/../../../../etc/passwd", http("GET", "/static/../../../../etc/passwd", port)),
        ("traversal", "GET /static/..%2f..%2f..%2f..%2fetc%2fpasswd",
         http("GET", "/static/..%2f..%2f..%2f..%2fetc%2fpasswd", port)),
        ("traversal", "GET /static/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
         http("GET", "/static/%2e%2e/%2e%2e/%2e%2e/etc/passwd", port)),
        ("traversal", "GET /static/%252e%252e%252f..%252fetc%252fpasswd (double-encoded)",
         http("GET", "/static/%252e%252e%252f..%252fetc%252fpasswd", port)),
        ("traversal", "GET /static/..%5c..%5c..%5cetc%5cpasswd", http("GET", "/static/..%5c..%5c..%5cetc%5cpasswd", port)),
        ("traversal", "GET /static/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd (overlong UTF-8)",
         http("GET", "/static/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd", port)),
        ("traversal", "GET /covers/..%2f..%2f..%2fetc%2fpasswd", http("GET", "/covers/..%2f..%2f..%2fetc%2fpasswd", port)),
        ("traversal", "GET /../../../../etc/passwd", http("GET", "/../../../../etc/passwd", port)),
        ("invalid UTF-8", "GET /v3/search/book?query=%C3%28", http("GET", "/v3/search/book?query=%C3%28", port)),
        ("invalid UTF-8", "GET /v3/search/book?query=%FF%FE%FD", http("GET", "/v3/search/book?query=%FF%FE%FD", port)),
        ("invalid UTF-8", "GET /v3/search/book?query=<raw bytes FF FE>",
         http("GET", b"/v3/search/book?query=\xff\xfe", port)),
        ("invalid UTF-8", "GET /api/books/%ED%A0%80 (a UTF-16 surrogate)", http("GET", "/api/books/%ED%A0%80", port)),
        ("invalid UTF-8", "GET /fragments/results?query=%80%80", http("GET", "/fragments/results?query=%80%80", port)),
        ("invalid UTF-8", f"PUT /api/library/{NEW} with an invalid UTF-8 body",
         http("PUT", f"/api/library/{NEW}", port, json_headers,
              b'{"title":"\xff\xfe bad","isbn":"' + NEW.encode() + b'"}')),
        ("invalid UTF-8", "GET /healthz with header bytes FF FE", http("GET", "/healthz", port, [("X-Soak", b"\xff\xfe")])),
        ("NUL", f"DELETE /api/library/{SAVED}%00junk", http("DELETE", f"/api/library/{SAVED}%00junk", port)),
        ("NUL", f"PUT /api/library/{NEW}%00junk (with the book's body)",
         http("PUT", f"/api/library/{NEW}%00junk", port, json_headers, new_body)),
        ("NUL", f"POST /api/recent/{SAVED}%00junk", http("POST", f"/api/recent/{SAVED}%00junk", port)),
        ("NUL", f"GET /api/books/{SAVED}%00", http("GET", f"/api/books/{SAVED}%00", port)),
        ("NUL", "GET /v3/search/book?query=love%00junk", http("GET", "/v3/search/book?query=love%00junk", port)),
        ("NUL", "GET /v3/search/book?query=love&target=title%00", http("GET", "/v3/search/book?query=love&target=title%00", port)),
        ("NUL", "GET /healthz<raw NUL> in the request line", http("GET", b"/healthz\x00", port)),
        ("NUL", "GET /healthz with a raw NUL in a header value", http("GET", "/healthz", port, [("X-Soak", b"a\x00b")])),
        ("oversized", "GET /healthz with one 100 KB header", http("GET", "/healthz", port, [("X-Soak", "a" * 100_000)])),
        ("oversized", "GET /healthz with 500 headers of 200 bytes",
         http("GET", "/healthz", port, [(f"X-Soak-{i}", "a" * 200) for i in range(500)])),
        ("oversized", "GET /api/books/<200 KB path>", http("GET", "/api/books/" + "a" * 200_000, port)),
        ("oversized", f"PUT /api/library/{NEW} with a 10 MB body",
         http("PUT", f"/api/library/{NEW}", port, json_headers, new_body[:-1] + b',"x":"' + b"a" * 10_000_000 + b'"}')),
        ("oversized", f"PUT /api/library/{NEW} declaring Content-Length 99999999999",
         http("PUT", f"/api/library/{NEW}", port, [("Content-Length", "99999999999")])),
        ("oversized", f"PUT /api/library/{NEW} with a 2 MB chunked body",
         http("PUT", f"/api/library/{NEW}", port, [("Transfer-Encoding", "chunked")], chunks)),
        ("oversized", f"PUT /api/library/{NEW} with 30,000 nested JSON arrays",
         http("PUT", f"/api/library/{NEW}", port, json_headers, b"[" * 30_000 + b"]" * 30_000)),
        ("CL/TE", "PUT with Content-Length and Transfer-Encoding: chunked (smuggles DELETE /api/library)",
         http("PUT", f"/api/library/{NEW}", port, [("Content-Length", "4"), ("Transfer-Encoding", "chunked")],
              b"0\r\n\r\n" + http("DELETE", "/api/library", port), close=False)),
        ("CL/TE", "PUT with Transfer-Encoding: chunked and Content-Length (TE first)",
         http("PUT", f"/api/library/{NEW}", port, [("Transfer-Encoding", "chunked"), ("Content-Length", "60")],
              f"{len(new_body):x}\r\n".encode() + new_body + b"\r\n0\r\n\r\n")),
        ("CL/TE", "PUT with two different Content-Length headers",
         http("PUT", f"/api/library/{NEW}", port, [("Content-Length", str(len(new_body))), ("Content-Length", "5")],
              new_body)),
        ("CL/TE", "PUT with Content-Length: -1", http("PUT", f"/api/library/{NEW}", port, [("Content-Length", "-1")])),
        ("CL/TE", "PUT with Transfer-Encoding: chunked, chunked",
         http("PUT", f"/api/library/{NEW}", port, [("Transfer-Encoding", "chunked, chunked")], b"0\r\n\r\n")),
        ("Host", "GET /api/library with Host: evil.example", http("GET", "/api/library", port, host="evil.example")),
        ("Host", f"DELETE /api/library with Host: rebind.attacker.example:{port}",
         http("DELETE", "/api/library", port, host=f"rebind.attacker.example:{port}")),
        ("Host", f"PUT /api/library/{NEW} with Host: evil.example",
         http("PUT", f"/api/library/{NEW}", port, json_headers, new_body, host="evil.example")),
        ("Host", "GET /v3/search/book?query=love with Host: 127.0.0.1.evil.example",
         http("GET", "/v3/search/book?query=love", port, host="127.0.0.1.evil.example")),
        ("Host", f"GET / with Host: evil.example:{port}", http("GET", "/", port, host=f"evil.example:{port}")),
        ("Host", "GET http://evil.example/api/library (absolute form)",
         http("GET", "http://evil.example/api/library", port, host="evil.example")),
        ("Host", "GET /healthz without Host (HTTP/1.1)", http("GET", "/healthz", port, host=False)),
        ("query", "GET /v3/search/book?query=" + "a×20,000", http("GET", search_target("a" * 20_000), port), 15.0),
        ("query", "GET /v3/search/book?query=<500 one-letter words>", http("GET", search_target(words(500, 1)), port), 15.0),
        ("query", "GET /v3/search/book?query=<200 rare words>", http("GET", search_target(words(200, 9)), port), 15.0),
        ("query", "GET /fragments/results?query=" + "a×20,000",
         http("GET", "/fragments/results?query=" + "a" * 20_000, port), 15.0),
        ("journal", f"PATCH /api/journal/{SAVED} with a rating of 1e19",
         http("PATCH", f"/api/journal/{SAVED}", port, json_headers, b'{"rating":1e19}')),
        ("journal", f"PATCH /api/journal/{SAVED} with 9223372036854775807 pages",
         http("PATCH", f"/api/journal/{SAVED}", port, json_headers, b'{"pages":9223372036854775807}')),
        ("journal", f"POST /api/journal/{SAVED}/progress of 1/9223372036854775807",
         http("POST", f"/api/journal/{SAVED}/progress", port, json_headers,
              b'{"progress":"1/9223372036854775807"}')),
        ("journal", f"POST /api/journal/{SAVED}/notes: a quote on page 9223372036854775807",
         http("POST", f"/api/journal/{SAVED}/notes", port, json_headers,
              b'{"kind":"quote","text":"x","page":9223372036854775807}')),
        ("replay", f"PUT /api/library/{NEW} changed at 9223372036854775807 ms",
         http("PUT", f"/api/library/{NEW}", port, json_headers + [("X-Chaek-Changed-At", "9223372036854775807")],
              new_body)),
        ("replay", f"DELETE /api/library/{SAVED} changed a year from now",
         http("DELETE", f"/api/library/{SAVED}", port,
              [("X-Chaek-Changed-At", str(int((time.time() + 366 * 86400) * 1000)))])),
        ("scan", "POST /api/scan: a PNG claiming 100,000 × 100,000 pixels",
         http("POST", "/api/scan", port, [("Content-Type", "image/png")], png(100_000, 100_000, rows=b"\x00"))),
        ("scan", "POST /api/scan: a 4,096 × 4,096 PNG in a few kilobytes (16 MB decoded)",
         http("POST", "/api/scan", port, [("Content-Type", "image/png")], png(4_096, 4_096))),
        ("scan", "POST /api/scan?width=100000&height=100000 with 1 byte",
         http("POST", "/api/scan?width=100000&height=100000", port, [], b"\x00")),
        ("query", "GET /fragments/notes?query=" + "a×20,000",
         http("GET", "/fragments/notes?query=" + "a" * 20_000, port)),
        ("query", "GET /api/suggest?q=" + "a×20,000", http("GET", "/api/suggest?q=" + "a" * 20_000, port)),
        ("protocol", "TRACE /", http("TRACE", "/", port)),
        ("protocol", "a TLS ClientHello on the HTTP port (closing is fine too)",
         bytes.fromhex("16030100a5010000a10303") + bytes(range(32)) + b"\x00\x02\x13\x01\x01\x00",
         5.0, {"closed", "reset"}),
        ("protocol", "GET /healthz with a header name containing a space",
         http("GET", "/healthz", port, [("Bad Header", "x")])),
        ("protocol", "GET /healthz HTTP/9.9 (505 is fine too)", http("GET", "/healthz", port, version=b"HTTP/9.9"),
         5.0, {505}),
    ]
    # (group, name, raw request, timeout, other outcomes that count as a refusal)
    return [(*case, 5.0, set()) if len(case) == 3 else (*case, set()) if len(case) == 4 else case
            for case in cases]


# ---- the run ---------------------------------------------------------------------------------


class Target:
    """The server under attack, its baseline library, and a restart when it dies."""

    def __init__(self, binary):
        self.binary = binary
        self.home = temp_home("hostile")
        self.server = None
        self.restarts = 0
        self.start()

    def start(self):
        if self.server:
            self.server.kill()
        self.server = Server(self.binary, self.home, source="local").start()

    @property
    def port(self):
        return self.server.port

    def seed(self):
        request(self.port, "DELETE", "/api/library", timeout=10)
        for isbn in SEEDS:
            status, _, _ = put_book(self.port, isbn, timeout=10)
            assert status in (200, 201), status
        request(self.port, "POST", f"/api/recent/{SAVED}", timeout=10)
        self.baseline = self.snapshot()

    def snapshot(self):
        parts = []
        for path in ("/api/library?sort=added", "/api/recent"):
            status, _, body = request(self.port, "GET", path, timeout=10)
            parts.append((status, body))
        return parts

    def after(self, timed_out=False):
        """(server answered, library unchanged) after a request; restores what was broken. After a
        request that got no answer the server is restarted anyway, so work it may still be doing
        does not slow down the next request and each is judged on its own."""
        answered = self.server.alive() and self.server.healthy(timeout=2)
        if not answered:
            self.restarts += 1
        if not answered or timed_out:
            self.start()
        try:
            unchanged = self.snapshot() == self.baseline
        except Exception:
            unchanged = False
        if not unchanged:
            self.seed()
        return answered, unchanged


def judge(outcome, status, body, slow=False):
    if outcome == "status" and 400 <= status < 500:
        return True
    return slow and outcome in ("closed", "reset", "refused")


def describe(outcome, status):
    return str(status) if outcome == "status" else outcome


def check_hostile(binary, quick):
    budget = 15.0 if quick else 30.0
    target = Target(binary)
    target.seed()
    cases = corpus(target.port)
    log(f"[hostile] {len(cases)} hostile requests + 3 slow-client attacks ({budget:g} s each); "
        "each must be answered 4xx with 담은 책 and 최근 본 책 unchanged and the server up")
    rows, failures = [], []
    built_for = target.port
    for index in range(len(cases)):
        if target.port != built_for:  # restarted on another port: the Host headers must name it
            cases, built_for = corpus(target.port), target.port
        group, name, data, timeout, also = cases[index]
        started = time.monotonic()
        outcome, status, body = exchange(target.port, data, timeout=timeout)
        elapsed = time.monotonic() - started
        answered, unchanged = target.after(timed_out=outcome == "timeout")
        problems = []
        if not (judge(outcome, status, body) or outcome in also or status in also):
            problems.append(f"answered {describe(outcome, status)}")
        if b"root:x:0:0" in body:
            problems.append("served /etc/passwd")
        if not unchanged:
            problems.append("CHANGED the library")
        if not answered:
            problems.append("/healthz silent for 2 s afterwards (restarted)")
        line = f"{'ok  ' if not problems else 'FAIL'} [{group}] {name}: {describe(outcome, status)} in {seconds(elapsed)}"
        if problems:
            line += " — " + "; ".join(problems)
            failures.append(f"[{group}] {name}: " + "; ".join(problems))
        log("  " + line)
        rows.append(line)

    log(f"  slow clients ({budget:g} s budget each, at once):")
    slow = slow_attacks(target.port, budget)
    for name, passed, figures in slow:
        line = f"{'ok  ' if passed else 'FAIL'} [slow] {name}: {figures}"
        log("  " + line)
        rows.append(line)
        if not passed:
            failures.append(f"[slow] {name}: {figures}")
    answered, unchanged = target.after()
    if not unchanged:
        failures.append("[slow] the library changed during the slow-client attacks")
    up = target.server.alive() and target.server.healthy(timeout=2)
    try:
        search_status = request(target.port, "GET", search_target("love"), timeout=5)[0]
    except Exception as error:
        search_status = type(error).__name__
    target.server.close()
    total = len(cases) + len(slow)
    figures = (f"{total - len(failures)}/{total} answered 4xx (or closed, for slow clients) with nothing changed; "
               f"server restarted {target.restarts}×; afterwards /healthz {'ok' if up else 'SILENT'}, "
               f"search {search_status}")
    passed = not failures and up and search_status == 200 and target.restarts == 0
    return [Result("hostile", f"hostile corpus ({total} requests) all refused, nothing changed", passed, figures,
                   failures)]


# ---- slow clients ----------------------------------------------------------------------------


def trickle(port, head, piece_every, budget, source):
    """Sends `head`, then one byte of an endless header every `piece_every` seconds, until the server
    closes the connection or answers (returns what and when) or `budget` runs out."""
    sock = socket.socket()
    sock.settimeout(2)
    try:
        sock.bind((source, 0))
        sock.connect((HOST, port))
        sock.sendall(head)
    except OSError:
        sock.close()
        return "refused", 0.0
    started = time.monotonic()
    filler = b"X-Slow: " + b"a" * 10_000
    index = 0
    try:
        while time.monotonic() - started < budget:
            readable, _, _ = select.select([sock], [], [], piece_every)
            if readable:
                try:
                    data = sock.recv(4096)
                except OSError:
                    return "reset", time.monotonic() - started
                if not data:
                    return "closed", time.monotonic() - started
                return describe(*_status(data)), time.monotonic() - started
            try:
                sock.sendall(filler[index % len(filler):][:1])
                index += 1
            except OSError:
                return "reset", time.monotonic() - started
        return "still open", budget
    finally:
        sock.close()


def _status(data):
    if data.startswith(b"HTTP/1.") and len(data) >= 12 and data[9:12].isdigit():
        return "status", int(data[9:12])
    return "garbage", None


def slow_attacks(port, budget):
    results = {}

    def single_header():
        head = f"GET /healthz HTTP/1.1\r\nHost: {HOST}:{port}\r\n".encode()
        what, when = trickle(port, head, 0.5, budget, source_address(300))
        results["slowloris: one header byte every 0.5 s"] = (
            what in ("closed", "reset", "refused") or what.startswith("4"), f"{what} after {seconds(when)}")

    def slow_body():
        head = (f"PUT /api/library/{NEW} HTTP/1.1\r\nHost: {HOST}:{port}\r\nContent-Type: application/json\r\n"
                "Content-Length: 100000\r\n\r\n").encode()
        what, when = trickle(port, head, 0.5, budget, source_address(301))
        results["slow body: one byte every 0.5 s of a 100 KB PUT"] = (
            what in ("closed", "reset", "refused") or what.startswith("4"), f"{what} after {seconds(when)}")

    def pack():
        results["slowloris pack: 300 connections from one address"] = slowloris_pack(port, 300, budget)

    threads = [threading.Thread(target=f, daemon=True) for f in (single_header, slow_body, pack)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=budget + 60)
    return [(name, *results.get(name, (False, "did not finish"))) for name in (
        "slowloris: one header byte every 0.5 s", "slow body: one byte every 0.5 s of a 100 KB PUT",
        "slowloris pack: 300 connections from one address")]


def slowloris_pack(port, count, budget):
    """`count` connections from one address send half a request head and trickle; /healthz from
    127.0.0.1 must answer within 2 s throughout, and every one of them must be closed or refused."""
    source = source_address(302)
    open_socks, refused = [], 0
    for _ in range(count):
        sock = socket.socket()
        sock.settimeout(1)
        try:
            sock.bind((source, 0))
            sock.connect((HOST, port))
            sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: {HOST}:{port}\r\nX-Slow: ".encode())
            sock.setblocking(False)
            open_socks.append(sock)
        except OSError:
            refused += 1
            sock.close()
    started = time.monotonic()
    closed, health_misses, health_max = 0, 0, 0.0
    try:
        while open_socks and time.monotonic() - started < budget:
            readable, _, _ = select.select(open_socks, [], [], 1.0)
            for sock in readable:
                open_socks.remove(sock)
                sock.close()
                closed += 1
            for sock in list(open_socks):
                try:
                    sock.send(b"a")
                except OSError:
                    open_socks.remove(sock)
                    sock.close()
                    closed += 1
            began = time.monotonic()
            try:
                status = request(port, "GET", "/healthz", timeout=2, source=HOST)[0]
            except Exception:
                status = None
            health_max = max(health_max, time.monotonic() - began)
            if status != 200:
                health_misses += 1
    finally:
        still_open = len(open_socks)
        for sock in open_socks:
            sock.close()
    passed = still_open == 0 and health_misses == 0
    return passed, (f"{refused} refused, {closed} closed by the server, {still_open} still open after "
                    f"{budget:g} s; /healthz missed {health_misses}×, max {seconds(health_max)}")
