"""Event streams at their cap: open `GET /api/events` streams (4 per source address, from
127.0.0.2 on) until the server refuses one with 503 or the most asked for are open; report the
cap; then /healthz, a search and the library must still answer, a save must reach the streams,
and SIGTERM must stop the server with the streams open."""

import select
import socket
import time

from harness import (
    HOST,
    Result,
    isbn13,
    Server,
    log,
    median,
    megabytes,
    put_book,
    request,
    search_path,
    seconds,
    source_address,
    temp_home,
)

PER_ADDRESS = 4


class Stream:
    def __init__(self, sock):
        self.sock = sock
        self.buffer = b""


def open_stream(port, index, timeout=3.0):
    """Returns (Stream, None) when the stream is open and said `ready`, else (None, outcome)."""
    sock = socket.socket()
    sock.settimeout(timeout)
    try:
        sock.bind((source_address(index // PER_ADDRESS), 0))
        sock.connect((HOST, port))
        sock.sendall(
            f"GET /api/events HTTP/1.1\r\nHost: {HOST}:{port}\r\nAccept: text/event-stream\r\n\r\n".encode()
        )
        received = b""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            chunk = sock.recv(4096)
            if not chunk:
                sock.close()
                return None, "closed" if not received else f"closed after {received[:12]!r}"
            received += chunk
            if received.startswith(b"HTTP/") and b"\r\n" in received:
                status = int(received.split(b" ", 2)[1])
                if status != 200:
                    sock.close()
                    return None, status
                if b"event: ready" in received or b"event:ready" in received:
                    stream = Stream(sock)
                    return stream, None
        sock.close()
        return None, "timeout"
    except ConnectionRefusedError:
        sock.close()
        return None, "refused"
    except socket.timeout:
        sock.close()
        return None, "timeout"
    except OSError as error:
        sock.close()
        return None, f"error {error.strerror or error}"


def timed(port, method, path, timeout, body=None, headers=None):
    started = time.monotonic()
    try:
        status, _, _ = request(port, method, path, body=body, headers=headers, timeout=timeout, source=HOST)
        return status, time.monotonic() - started
    except Exception as error:
        return type(error).__name__, time.monotonic() - started


def deliveries(streams, deadline_seconds=5.0):
    """How many of `streams` receive an `event: saved` before the deadline."""
    waiting = {s.sock: s for s in streams}
    delivered = 0
    deadline = time.monotonic() + deadline_seconds
    while waiting and time.monotonic() < deadline:
        ready, _, _ = select.select(list(waiting), [], [], max(0.0, deadline - time.monotonic()))
        for sock in ready:
            stream = waiting[sock]
            try:
                chunk = sock.recv(65536)
            except OSError:
                chunk = b""
            if not chunk:
                del waiting[sock]
                continue
            stream.buffer += chunk
            if b"event: saved" in stream.buffer:
                delivered += 1
                del waiting[sock]
    return delivered


def check_streams(binary, most):
    log(f"[streams] open GET /api/events streams ({PER_ADDRESS} per source address) until a 503 "
        f"or {most} streams; then /healthz, a search, the library, a save's event, SIGTERM")
    server = Server(binary, temp_home("streams"), source="local").start()
    streams, cap, stopped_by, refusals = [], None, None, []
    started = time.monotonic()
    try:
        while len(streams) < most:
            stream, outcome = open_stream(server.port, len(streams))
            if stream:
                streams.append(stream)
                continue
            if outcome == 503:
                cap = len(streams)
                # The cap holds: the next few are refused too.
                for extra in range(5):
                    _, again = open_stream(server.port, len(streams) + 1 + extra)
                    refusals.append(again)
            else:
                stopped_by = outcome
            break
        opening = time.monotonic() - started
        threads = server.status_field("Threads")
        log(f"  {len(streams)} streams open in {opening:.1f} s; "
            + (f"503 at stream {cap + 1} (then {refusals})" if cap is not None
               else f"stopped by {stopped_by!r}" if stopped_by else "no refusal")
            + f"; server threads {threads}, RSS {megabytes(server.peak_rss_mb())}")

        health = [timed(server.port, "GET", "/healthz", 2.0) for _ in range(3)]
        search = [timed(server.port, "GET", search_path("사랑"), 5.0) for _ in range(3)]
        library = [timed(server.port, "GET", "/api/library", 5.0) for _ in range(3)]
        burst = []
        burst_deadline = time.monotonic() + 20  # a server that has stopped answering costs 20 s, not 500
        for i in range(100):
            if time.monotonic() > burst_deadline:
                burst.append(("not sent (20 s budget spent)", 0.0))
                continue
            path = ("/healthz", search_path(["love", "한강", "the"][i % 3]), "/api/library", "/api/recent")[i % 4]
            burst.append(timed(server.port, "GET", path, 2.0))
        burst_failures = [status for status, _ in burst if status != 200]
        health_ok = all(status == 200 and t < 2.0 for status, t in health)
        search_ok = all(status == 200 for status, _ in search)
        log(f"  with the streams open: /healthz {[s for s, _ in health]} max {seconds(max(t for _, t in health))}; "
            f"search {[s for s, _ in search]} max {seconds(max(t for _, t in search))}; "
            f"library {[s for s, _ in library]}; 100 mixed requests: {len(burst_failures)} failed "
            f"{sorted(set(map(str, burst_failures)))}, "
            f"median {seconds(median([t for s, t in burst if not str(s).startswith('not sent')]))}")

        sample = streams[:: max(1, len(streams) // 50)][:50]
        try:
            put = put_book(server.port, isbn13(600001), timeout=5.0, source=HOST)
        except Exception as error:
            put = (type(error).__name__,)
        delivered = deliveries(sample)
        log(f"  a save (PUT answered {put[0]}) reached {delivered}/{len(sample)} sampled streams in 5 s")

        rss = server.peak_rss_mb()
        stop_seconds = server.terminate(timeout=10.0)
        log(f"  SIGTERM with {len(streams)} streams open: "
            + (f"stopped in {seconds(stop_seconds)}" if stop_seconds is not None else "NOT stopped in 10 s (killed)"))
    finally:
        for stream in streams:
            try:
                stream.sock.close()
            except OSError:
                pass
        server.kill()

    capped = cap is not None
    figures = (f"cap {cap} streams (503 beyond)" if capped
               else f"no 503 cap: {len(streams)} streams open" + (f", then {stopped_by!r}" if stopped_by else ""))
    figures += (f"; /healthz {'answered' if health_ok else 'FAILED'} (max {seconds(max(t for _, t in health))}), "
                f"search {'answered' if search_ok else 'FAILED'} (max {seconds(max(t for _, t in search))}), "
                f"{len(burst_failures)}/100 ordinary requests failed, save reached {delivered}/{len(sample)} "
                f"streams, peak RSS {megabytes(rss)}")
    results = [
        Result("streams", "/healthz answers with event streams at their cap",
               capped and health_ok and search_ok and not burst_failures, figures),
        Result("streams", f"SIGTERM stops the server with {len(streams)} streams open",
               stop_seconds is not None,
               f"stopped in {seconds(stop_seconds)}" if stop_seconds is not None else "not stopped in 10 s"),
    ]
    return results
