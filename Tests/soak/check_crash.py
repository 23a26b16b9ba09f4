"""kill -9 during acknowledged saves: writers PUT new books and record every PUT that got a 2xx;
the server is killed at a random moment, `PRAGMA integrity_check` runs on library.sqlite, the
server restarts on the same CHAEK_HOME, and every acknowledged save must be in GET /api/library."""

import random
import sqlite3
import threading
import time

from harness import Result, Server, ServerError, isbn13, library_ids, log, put_book, seconds, temp_home

WRITERS = 4


def integrity(path):
    connection = sqlite3.connect(str(path), timeout=10)
    try:
        rows = connection.execute("PRAGMA integrity_check").fetchall()
        return ", ".join(str(row[0]) for row in rows)
    finally:
        connection.close()


class Writers:
    """Threads that PUT fresh books until told to stop; `acknowledged` holds every 2xx."""

    def __init__(self, port, counter):
        self.port = port
        self.counter = counter  # shared across rounds, so every book is new
        self.lock = threading.Lock()
        self.acknowledged = []
        self.attempts = 0
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self._run, daemon=True) for _ in range(WRITERS)]
        for thread in self.threads:
            thread.start()

    def _run(self):
        while not self.stop.is_set():
            with self.lock:
                self.counter[0] += 1
                isbn = isbn13(self.counter[0])
                self.attempts += 1
            try:
                status, _, _ = put_book(self.port, isbn, timeout=5)
            except Exception:
                time.sleep(0.05)  # the server is gone or refusing: not acknowledged
                continue
            if 200 <= status < 300:
                with self.lock:
                    self.acknowledged.append(isbn)

    def finish(self):
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=10)


def check_crash(binary, rounds):
    log(f"[crash] {rounds} rounds: {WRITERS} writers PUT new books, kill -9 at a random moment, "
        "PRAGMA integrity_check, restart on the same CHAEK_HOME, every acknowledged save present")
    home = temp_home("crash")
    database = home / "library.sqlite"
    counter = [0]
    acknowledged = []
    lost, integrity_failures, details = [], [], []
    restart_times = []
    server = None
    try:
        server = Server(binary, home, source="local").start()
        for index in range(rounds):
            writers = Writers(server.port, counter)
            time.sleep(random.uniform(0.3, 1.5))
            server.kill()  # SIGKILL
            writers.finish()
            acknowledged.extend(writers.acknowledged)
            verdict = integrity(database) if database.exists() else "no library.sqlite"
            if verdict != "ok":
                integrity_failures.append(index + 1)
            began = time.monotonic()
            server = Server(binary, home, source="local").start()
            restart_times.append(time.monotonic() - began)
            present = library_ids(server.port)
            missing = [isbn for isbn in acknowledged if isbn not in present]
            lost.extend(m for m in missing if m not in lost)
            line = (f"round {index + 1:2}: {len(writers.acknowledged)} acknowledged of {writers.attempts} PUTs, "
                    f"integrity {verdict}, restart {seconds(restart_times[-1])}, "
                    f"{len(present)} saved, missing {len(missing)}")
            log("  " + line)
            details.append(line)
        present = library_ids(server.port)
    except ServerError as error:
        details.append(f"the server did not come back: {error}")
        log(f"  the server did not come back: {error}")
        return [Result("crash", f"0 acknowledged writes lost across {rounds} kill -9", False,
                       f"server did not restart: {error}", details)]
    finally:
        if server:
            server.close()
    missing = [isbn for isbn in acknowledged if isbn not in present]
    lost = sorted(set(lost) | set(missing))
    figures = (f"{len(lost)} of {len(acknowledged)} acknowledged saves lost; integrity_check "
               + ("ok every round" if not integrity_failures else f"FAILED in rounds {integrity_failures}")
               + f"; restart max {seconds(max(restart_times, default=None))}")
    if lost:
        details.append(f"lost: {', '.join(lost[:10])}")
    passed = not lost and not integrity_failures and bool(acknowledged)
    return [Result("crash", f"0 acknowledged writes lost across {rounds} kill -9", passed, figures, details)]
