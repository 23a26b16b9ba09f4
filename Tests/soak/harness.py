"""Shared pieces of the soak suite: the `chaek serve` process, stub providers, an HTTP client
where every call has its own timeout, figures, and cleanup of everything started.

Nothing here waits without a deadline: the suite must report a frozen server, never freeze itself.
"""

import atexit
import http.client
import json
import os
import queue
import random
import re
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
# A recognisable fake key: it must never come back in any response.
KAKAO_KEY = "SOAKKEY-" + "".join(random.choice("0123456789abcdef") for _ in range(24))

# ---- cleanup of everything the suite starts ---------------------------------------------------

_live = []  # servers, stubs, temp dirs: stopped or removed at exit whatever happens
_live_lock = threading.RLock()  # RLock: the signal handler may run while the main thread holds it


def track(thing):
    with _live_lock:
        _live.append(thing)
    return thing


def untrack(thing):
    with _live_lock:
        if thing in _live:
            _live.remove(thing)


def cleanup_all(fast=False):
    """Stops every server and stub and removes every temporary directory; `fast` kills servers
    at once instead of asking them to stop."""
    with _live_lock:
        things = list(reversed(_live))
        _live.clear()
    for thing in things:
        try:
            if isinstance(thing, Path):
                shutil.rmtree(thing, ignore_errors=True)
            elif fast and isinstance(thing, Server):
                thing.kill()
            else:
                thing.close()
        except Exception:
            pass


def remove_home(path):
    """Removes a temporary CHAEK_HOME as soon as its check is done with it."""
    untrack(path)
    shutil.rmtree(path, ignore_errors=True)


def exit_on_signals():
    """Ctrl-C, SIGTERM or SIGHUP: kill what the suite started, remove its files, exit 130 at once
    (threads still waiting on a frozen server are abandoned, not joined)."""

    def handler(number, _frame):
        print(f"\nsoak: {signal.Signals(number).name}: stopping everything it started", flush=True)
        cleanup_all(fast=True)
        os._exit(130)

    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, handler)


atexit.register(cleanup_all)


def temp_home(label):
    """A fresh CHAEK_HOME, removed at the end."""
    return track(Path(tempfile.mkdtemp(prefix=f"chaek-soak-{label}-")))


def raise_nofile():
    """Raises this process's open-file limit to its hard limit (streams and 256 connections)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def source_address(index):
    """The index-th loopback source address, 127.0.0.2 onwards (Linux routes all of 127/8 to lo)."""
    index += 2
    return f"127.0.{index // 250}.{index % 250 + 1}" if index >= 250 else f"127.0.0.{index}"


# ---- the server ------------------------------------------------------------------------------


class ServerError(RuntimeError):
    pass


def _die_with_parent():
    """In the child before exec: SIGKILL when the suite dies, even by kill -9 (Linux prctl)."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except Exception:
        pass


class Server:
    """A `chaek serve --port 0` process on a CHAEK_HOME, started as a person would (with a raised
    `ulimit -n`)."""

    def __init__(self, binary, home, source="local", env=None):
        self.binary = Path(binary)
        self.home = Path(home)
        self.source = source
        self.env = {k: v for k, v in os.environ.items() if k not in ("KAKAO_REST_API_KEY", "CHAEK_TOKEN")}
        self.env["CHAEK_HOME"] = str(self.home)
        self.env.update(env or {})
        self.process = None
        self.port = None
        self.output = []  # stdout and stderr lines, for diagnostics
        self.on_close = None  # called once the process is gone (removes a temporary home)

    @property
    def pid(self):
        return self.process.pid if self.process else None

    def start(self, timeout=30):
        def raised_limit():
            soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            _die_with_parent()

        self.process = subprocess.Popen(
            [str(self.binary), "serve", "--port", "0", "--source", self.source],
            env=self.env,
            cwd=str(self.home),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            preexec_fn=raised_limit,
            start_new_session=True,  # a Ctrl-C on the suite reaches the suite only; it cleans up
        )
        track(self)
        first_lines = queue.Queue()

        def drain(stream, is_stdout):
            for raw in iter(stream.readline, b""):
                line = raw.decode("utf-8", "replace")
                if is_stdout:
                    first_lines.put(line)
                if len(self.output) < 2000:
                    self.output.append(line)
            stream.close()

        threading.Thread(target=drain, args=(self.process.stdout, True), daemon=True).start()
        threading.Thread(target=drain, args=(self.process.stderr, False), daemon=True).start()
        try:
            first = first_lines.get(timeout=timeout)
        except queue.Empty:
            self.kill()
            raise ServerError(f"chaek serve printed nothing in {timeout} s: {self.tail()}")
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", first)
        if not match:
            self.kill()
            raise ServerError(f"unexpected first line from chaek serve: {first!r} {self.tail()}")
        self.port = int(match.group(1))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServerError(f"chaek serve exited {self.process.returncode}: {self.tail()}")
            if self.healthy(timeout=2):
                return self
            time.sleep(0.05)
        self.kill()
        raise ServerError(f"chaek serve never answered /healthz: {self.tail()}")

    def tail(self, lines=5):
        return " | ".join(line.strip() for line in self.output[-lines:])

    def alive(self):
        return self.process is not None and self.process.poll() is None

    def healthy(self, timeout=2.0, source=None):
        try:
            status, _, body = request(self.port, "GET", "/healthz", timeout=timeout, source=source)
            return status == 200 and b'"ok"' in body
        except Exception:
            return False

    def status_field(self, name):
        """A figure from /proc/PID/status in kB (VmHWM is the peak resident set), or None."""
        try:
            for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
                if line.startswith(name + ":"):
                    return int(line.split()[1])
        except (OSError, ValueError, TypeError):
            return None
        return None

    def peak_rss_mb(self):
        kb = self.status_field("VmHWM")
        return None if kb is None else kb / 1024

    def terminate(self, timeout=10.0):
        """SIGTERM; returns the seconds it took to exit, or None when it did not within `timeout`
        (then it is killed)."""
        if not self.alive():
            return 0.0
        started = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=timeout)
            return time.monotonic() - started
        except subprocess.TimeoutExpired:
            self.kill()
            return None

    def kill(self):
        if self.process and self.process.poll() is None:
            self.process.kill()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        untrack(self)
        if self.on_close:
            on_close, self.on_close = self.on_close, None
            on_close()

    def close(self):
        if self.alive():
            self.terminate(timeout=5)
        self.kill()


# ---- HTTP with deadlines ---------------------------------------------------------------------


def request(port, method, path, body=None, headers=None, timeout=10.0, source=None):
    """One request on a fresh connection; returns (status, headers as a list of pairs, body).
    Raises on connection errors and timeouts."""
    connection = http.client.HTTPConnection(
        HOST, port, timeout=timeout, source_address=(source, 0) if source else None
    )
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        return response.status, response.getheaders(), data
    finally:
        connection.close()


def search_path(query, **parameters):
    return "/v3/search/book?" + urllib.parse.urlencode({"query": query, **parameters})


def header(headers, name):
    for key, value in headers:
        if key.lower() == name.lower():
            return value
    return None


def library_ids(port, timeout=10.0):
    """The ids in 담은 책 (GET /api/library)."""
    status, _, body = request(port, "GET", "/api/library", timeout=timeout)
    if status != 200:
        raise ServerError(f"GET /api/library answered {status}")
    return {entry["id"] for entry in json.loads(body)["books"]}


def isbn13(number):
    """A valid ISBN-13 in the 979-8 range (not used by the starter catalog) from a counter."""
    digits = f"9798{number:08d}"
    total = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(digits))
    return digits + str((10 - total % 10) % 10)


def book_body(isbn, title=None):
    return json.dumps({"title": title or f"Soak book {isbn}", "isbn": isbn, "authors": ["Soak"]}).encode()


def put_book(port, isbn, timeout=5.0, source=None):
    return request(
        port,
        "PUT",
        f"/api/library/{isbn}",
        body=book_body(isbn),
        headers={"Content-Type": "application/json"},
        timeout=timeout,
        source=source,
    )


def raw_exchange(port, data, timeout=5.0, source=None, read_limit=1 << 20):
    """Sends raw bytes and returns what happened: ("status", code), ("closed", None) when the
    server closed without answering, ("reset", None), ("timeout", None) or ("refused", None)."""
    try:
        sock = socket.socket()
        sock.settimeout(timeout)
        if source:
            sock.bind((source, 0))
        sock.connect((HOST, port))
    except ConnectionRefusedError:
        return ("refused", None)
    except OSError:
        return ("refused", None)
    try:
        try:
            sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may answer (and close) before taking the whole request
        received = b""
        deadline = time.monotonic() + timeout
        while b"\r\n" not in received and len(received) < read_limit:
            sock.settimeout(max(0.05, deadline - time.monotonic()))
            chunk = sock.recv(65536)
            if not chunk:
                break
            received += chunk
        return parse_status(received)
    except socket.timeout:
        return ("timeout", None)
    except ConnectionResetError:
        return ("reset", None)
    except OSError:
        return ("reset", None)
    finally:
        sock.close()


def parse_status(received):
    match = re.match(rb"HTTP/1\.[01] (\d{3})", received)
    if match:
        return ("status", int(match.group(1)))
    return ("closed", None) if not received else ("garbage", received[:40])


# ---- stub providers --------------------------------------------------------------------------


def json_response(status, reason, body, extra=b""):
    return (
        f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json;charset=UTF-8\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n".encode()
        + extra
        + b"\r\n"
        + body
    )


class Stub:
    """A fake Kakao on loopback that answers every request with one fault:

    - `hang`: accepts, reads the request, never answers (until the stub is closed);
    - `500`, `429`: Kakao-shaped error bodies;
    - `invalid-json`: 200 with a body that is not JSON;
    - `closed-mid-body`: 200 announcing 50,000 bytes, sends 100, closes;
    - `50mb-body`: 200 with a valid 50 MB JSON document (one huge padding field);
    - `401-with-key`: 401 whose message quotes the key it was given, as Kakao's does.
    """

    KINDS = ("hang", "500", "429", "invalid-json", "closed-mid-body", "50mb-body", "401-with-key")

    def __init__(self, kind):
        assert kind in self.KINDS, kind
        self.kind = kind
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind((HOST, 0))
        self.listener.listen(1024)
        self.listener.settimeout(0.2)
        self.port = self.listener.getsockname()[1]
        self.url = f"http://{HOST}:{self.port}"
        self.closing = threading.Event()
        self.requests = 0
        self.keys_seen = set()
        self.held = []
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()
        track(self)

    def _accept(self):
        while not self.closing.is_set():
            try:
                connection, _ = self.listener.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            threading.Thread(target=self._serve, args=(connection,), daemon=True).start()

    def _serve(self, connection):
        with self.lock:
            self.held.append(connection)
        try:
            connection.settimeout(5)
            head = b""
            while b"\r\n\r\n" not in head and len(head) < 65536:
                chunk = connection.recv(4096)
                if not chunk:
                    return
                head += chunk
            with self.lock:
                self.requests += 1
                match = re.search(rb"(?im)^authorization:\s*KakaoAK\s+(\S+)", head)
                if match:
                    self.keys_seen.add(match.group(1).decode("latin-1"))
            connection.settimeout(60)
            self._answer(connection, head)
        except OSError:
            pass
        finally:
            if self.kind != "hang":
                try:
                    connection.close()
                except OSError:
                    pass

    def _answer(self, connection, head):
        kind = self.kind
        if kind == "hang":
            self.closing.wait()  # never answers; the socket stays open until the stub closes
        elif kind == "500":
            connection.sendall(json_response(500, "Internal Server Error",
                                             b'{"errorType":"InternalServerError","message":"soak: boom"}'))
        elif kind == "429":
            connection.sendall(json_response(429, "Too Many Requests",
                                             b'{"errorType":"RateLimitExceeded","message":"API limit has been exceeded."}',
                                             b"Retry-After: 60\r\n"))
        elif kind == "invalid-json":
            connection.sendall(json_response(200, "OK", b'{"documents":[{"title": nope <html>'))
        elif kind == "closed-mid-body":
            body = b'{"documents":[{"title":"Soak half","isbn":"979800000000' + b"x" * 50
            connection.sendall(
                b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 50000\r\n\r\n" + body[:100]
            )
            connection.shutdown(socket.SHUT_RDWR)
        elif kind == "50mb-body":
            size = 50 * 1024 * 1024
            prefix = b'{"documents":[],"meta":{"total_count":0,"pageable_count":0,"is_end":true},"padding":"'
            suffix = b'"}'
            filler = size - len(prefix) - len(suffix)
            connection.sendall(
                b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                + str(size).encode() + b"\r\nConnection: close\r\n\r\n" + prefix
            )
            block = b"a" * (1 << 20)
            while filler > 0 and not self.closing.is_set():
                piece = block[: min(filler, len(block))]
                connection.sendall(piece)
                filler -= len(piece)
            connection.sendall(suffix)
        elif kind == "401-with-key":
            key = sorted(self.keys_seen)[0] if self.keys_seen else KAKAO_KEY
            body = json.dumps({"errorType": "AccessDeniedError", "message": f"wrong appKey({key}) format"})
            connection.sendall(json_response(401, "Unauthorized", body.encode()))

    def close(self):
        self.closing.set()
        try:
            self.listener.close()
        except OSError:
            pass
        with self.lock:
            held, self.held = self.held, []
        for connection in held:
            try:
                connection.close()
            except OSError:
                pass
        untrack(self)


class Blackhole:
    """A loopback address whose SYNs are dropped: a listener that never accepts, with its accept
    queue filled, so the kernel drops further SYNs and a connect() waits until its own timeout
    (what a firewalled or vanished host does). Needs no root and no firewall."""

    def __init__(self):
        self.listener = socket.socket()
        self.listener.bind((HOST, 0))
        self.listener.listen(0)
        self.port = self.listener.getsockname()[1]
        self.url = f"http://{HOST}:{self.port}"
        self.fillers = []
        for _ in range(4):
            filler = socket.socket()
            filler.setblocking(False)
            try:
                filler.connect((HOST, self.port))
            except BlockingIOError:
                pass
            self.fillers.append(filler)
        time.sleep(0.2)
        track(self)

    def drops_syns(self, timeout=1.0):
        probe = socket.socket()
        probe.settimeout(timeout)
        try:
            probe.connect((HOST, self.port))
            return False
        except socket.timeout:
            return True
        except OSError:
            return False
        finally:
            probe.close()

    def close(self):
        for sock in self.fillers + [self.listener]:
            try:
                sock.close()
            except OSError:
                pass
        untrack(self)


def probe_external_blackhole(address="10.255.255.1", port=80, timeout=2.0):
    """What connecting to an unroutable address does on this machine (for the report)."""
    sock = socket.socket()
    sock.settimeout(timeout)
    started = time.monotonic()
    try:
        sock.connect((address, port))
        return f"{address}:{port} accepted a connection (something on the path answers for it)"
    except socket.timeout:
        return f"{address}:{port} drops SYNs (connect timed out after {timeout:g} s)"
    except OSError as error:
        return f"{address}:{port} fails fast ({error.strerror}, {time.monotonic() - started:.1f} s)"
    finally:
        sock.close()


# ---- figures ---------------------------------------------------------------------------------


def median(values):
    return statistics.median(values) if values else None


def percentile(values, fraction):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def seconds(value):
    if value is None:
        return "-"
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


def megabytes(value):
    return "-" if value is None else f"{value:.0f} MB"


class Result:
    """One line of the summary: a check, PASS/FAIL (or INFO for figures only), and its figures."""

    def __init__(self, group, name, passed, figures, details=None):
        self.group = group
        self.name = name
        self.passed = passed  # True, False, or None for a figure that is not a check
        self.figures = figures
        self.details = details or []

    @property
    def verdict(self):
        return "INFO" if self.passed is None else ("PASS" if self.passed else "FAIL")


def log(message):
    print(message, flush=True)
