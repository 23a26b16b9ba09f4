"""Faults of a shared deployment: two `chaek serve` processes on one PostgreSQL database (their
library in the database's schema `library`), with writers PUTting new books through both and
recording every PUT that got a 2xx.

- outage: PostgreSQL stopped (`pg_ctl stop -m immediate`) under load for a few seconds: every
  request answers at once (a 2xx, or 503 with Retry-After), none hangs; both servers serve again
  by themselves once it is back; no acknowledged save is lost.
- kill -9 of a server during saves, restarted: no acknowledged save is lost.
- kill -9 of PostgreSQL's postmaster during saves, restarted (crash recovery): none lost.
- a hung database: every PostgreSQL process frozen (SIGSTOP) under load for a while: the requests
  caught waiting give up within the client's limit (a statement's 5 s and 5 s more), every later
  one answers 503 at once, both servers serve again once it thaws, and no acknowledged save is lost.
- standby promotion: a hot standby with synchronous replication, the servers given both hosts
  (`target_session_attrs=read-write`); the primary is killed and the standby promoted while the
  writers run: the servers follow it, and no acknowledged save is lost.
"""

import os
import random
import signal
import sys
import threading
import time
from pathlib import Path

from harness import (Result, Server, ServerError, header, isbn13, library_ids, log, put_book, request,
                     seconds, temp_home, track)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
from deployment import PostgresCluster  # noqa: E402

WRITERS_PER_SERVER = 2
# The longest a request may wait for a database that hangs: a statement's 5 s, and 5 s more.
LIMIT = 10.0
# A request slower than this while the database is away counts as a hang.
HANG = 2.0


class Cluster:
    """A PostgresCluster the suite removes at exit whatever happens (fsync on: as deployed)."""

    def __init__(self, standby_of=None):
        self.cluster = PostgresCluster(standby_of=standby_of.cluster if standby_of else None)
        self.cluster.settings = ""
        track(self)

    def close(self):
        self.cluster.remove()


class Writers:
    """Threads that PUT fresh books through the servers, round robin, until told to stop; each PUT
    is timed, and every 2xx is `acknowledged`."""

    def __init__(self, ports, counter):
        self.ports = ports
        self.counter = counter
        self.lock = threading.Lock()
        self.acknowledged = []
        self.statuses = {}
        self.slow = []  # (seconds, status or error) of answers slower than HANG
        self.timeline = []  # (started, seconds, status or error) of every PUT
        self.unexplained = []  # 503s without Retry-After, other statuses
        self.stop = threading.Event()
        self.threads = [
            threading.Thread(target=self._run, args=(index,), daemon=True)
            for index in range(WRITERS_PER_SERVER * len(ports))
        ]
        for thread in self.threads:
            thread.start()

    def _run(self, index):
        while not self.stop.is_set():
            with self.lock:
                self.counter[0] += 1
                isbn = isbn13(self.counter[0])
            port = self.ports[index % len(self.ports)]
            began = time.monotonic()
            try:
                status, headers, _ = put_book(port, isbn, timeout=10)
                outcome = status
            except Exception as error:  # a server being killed: not acknowledged
                status, headers, outcome = None, [], type(error).__name__
            took = time.monotonic() - began
            with self.lock:
                self.statuses[outcome] = self.statuses.get(outcome, 0) + 1
                self.timeline.append((began, took, outcome))
                if took > HANG:
                    self.slow.append((took, outcome))
                if status is not None and 200 <= status < 300:
                    self.acknowledged.append(isbn)
                elif status == 503 and header(headers, "Retry-After"):
                    pass
                elif status is not None:
                    self.unexplained.append(status)
            if status is None or status == 503:
                time.sleep(0.05)

    def finish(self):
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=15)


def start_servers(binary, database, count=2):
    return [Server(binary, temp_home("shared"), source="local", env={"CHAEK_DATABASE_URL": database}).start()
            for _ in range(count)]


def wait_serving(server, timeout=60):
    """Seconds until the server saves again (its health answers 200 and a GET of the library works)."""
    began = time.monotonic()
    while time.monotonic() - began < timeout:
        try:
            status, _, _ = request(server.port, "GET", "/api/library/ids", timeout=2)
            if status == 200:
                return time.monotonic() - began
        except Exception:
            pass
        time.sleep(0.1)
    raise ServerError(f"the server on port {server.port} did not serve again within {timeout} s: {server.tail()}")


def lost_of(server, acknowledged):
    present = library_ids(server.port, timeout=30)
    return [isbn for isbn in acknowledged if isbn not in present]


class Deployment:
    """A cluster, two servers on it, and writers through both, from the start."""

    def __init__(self, binary, counter):
        self.cluster = Cluster()
        self.cluster.cluster.start()
        self.servers = start_servers(binary, self.cluster.cluster.create_database("chaek"))
        self.writers = Writers([server.port for server in self.servers], counter)

    def finish(self):
        """Waits until both servers serve again, lets the writers go on 2 s more, stops them, and
        stops everything; returns the seconds until both served and the acknowledged saves lost."""
        recovery = max(wait_serving(server) for server in self.servers)
        time.sleep(2)
        self.writers.finish()
        lost = lost_of(self.servers[0], self.writers.acknowledged)
        for server in self.servers:
            server.close()
        self.cluster.close()
        return recovery, lost


def check_outage(binary, counter):
    deployment = Deployment(binary, counter)
    writers = deployment.writers
    time.sleep(2)
    health = []
    deployment.cluster.cluster.stop("immediate")
    stopped = time.monotonic()
    while time.monotonic() - stopped < 5:
        began = time.monotonic()
        try:
            status, headers, _ = request(deployment.servers[0].port, "GET", "/healthz", timeout=10)
            health.append((status, header(headers, "Retry-After"), time.monotonic() - began))
        except Exception as error:
            health.append((type(error).__name__, None, time.monotonic() - began))
        time.sleep(0.25)
    deployment.cluster.cluster.start()
    recovery, lost = deployment.finish()
    down = [h for h in health if h[0] == 503 and h[1]]
    slowest = max([h[2] for h in health] + [s[0] for s in writers.slow] + [0])
    figures = (f"{len(writers.acknowledged)} saves acknowledged, {len(lost)} lost; answers "
               f"{writers.statuses}; /healthz 503 with Retry-After {len(down)}/{len(health)}; slowest "
               f"{seconds(slowest)}; serving again {seconds(recovery)} after the restart")
    log("  outage: " + figures)
    passed = (not lost and not writers.slow and not writers.unexplained and len(down) == len(health)
              and bool(writers.acknowledged))
    return Result("shared", "PostgreSQL stopped under load: 0 hangs, 503 at once, 0 lost", passed, figures,
                  [f"slow: {writers.slow[:5]}", f"unexplained: {writers.unexplained[:5]}"])


def cluster_processes(cluster):
    """The postmaster of `cluster` and every process it started."""
    postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
    pids = [postmaster]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat[stat.rindex(")") + 2:].split()[1]) == postmaster:
                pids.append(int(entry.name))
    return pids


def check_freeze(binary, counter, seconds_frozen=14):
    deployment = Deployment(binary, counter)
    writers = deployment.writers
    time.sleep(2)
    frozen = cluster_processes(deployment.cluster.cluster)
    began = time.monotonic()
    for pid in frozen:
        os.kill(pid, signal.SIGSTOP)
    try:
        time.sleep(seconds_frozen)
    finally:
        for pid in frozen:
            os.kill(pid, signal.SIGCONT)
    thawed = time.monotonic()
    recovery, lost = deployment.finish()
    # Every PUT the freeze caught: those under way when it began, and those sent while it lasted.
    during = [(start, took, outcome) for start, took, outcome in writers.timeline
              if start < thawed and start + took > began]
    longest = max((took for _, took, _ in during), default=0)
    # Once the first requests gave up (10 s in at the latest), the rest answer 503 at once.
    late = [took for start, took, _ in during if start >= began + LIMIT]
    at_once = [took for took in late if took < 0.5]
    figures = (f"{len(lost)} of {len(writers.acknowledged)} acknowledged saves lost; frozen {seconds_frozen} s: "
               f"longest wait {seconds(longest)}, after the first {LIMIT:.0f} s {len(at_once)} of {len(late)} "
               f"answered in under 0.5 s; serving again {seconds(recovery)} after it thawed")
    log("  freeze: " + figures)
    passed = not lost and longest <= LIMIT + 2 and bool(late) and len(at_once) == len(late)
    return Result("shared", "PostgreSQL hung under load: bounded waits, then 503 at once, 0 lost", passed, figures)


def check_server_kills(binary, counter, rounds):
    cluster = Cluster()
    cluster.cluster.start()
    database = cluster.cluster.create_database("chaek")
    servers = start_servers(binary, database)
    acknowledged, lost, details = [], [], []
    for index in range(rounds):
        writers = Writers([servers[0].port], counter)
        time.sleep(random.uniform(0.3, 1.5))
        servers[0].kill()
        writers.finish()
        acknowledged.extend(writers.acknowledged)
        servers[0] = start_servers(binary, database, count=1)[0]
        missing = lost_of(servers[1], acknowledged)
        lost.extend(m for m in missing if m not in lost)
        details.append(f"round {index + 1}: {len(writers.acknowledged)} acknowledged, missing {len(missing)}")
        log("  server kill " + details[-1])
    for server in servers:
        server.close()
    cluster.close()
    figures = f"{len(lost)} of {len(acknowledged)} acknowledged saves lost over {rounds} kill -9 of a server"
    return Result("shared", f"kill -9 of a server during saves ({rounds}x): 0 lost", not lost and bool(acknowledged),
                  figures, details)


def check_database_kills(binary, counter, rounds):
    cluster = Cluster()
    cluster.cluster.start()
    database = cluster.cluster.create_database("chaek")
    servers = start_servers(binary, database)
    acknowledged, lost, details, recoveries = [], [], [], []
    for index in range(rounds):
        writers = Writers([server.port for server in servers], counter)
        time.sleep(random.uniform(0.5, 2.0))
        cluster.cluster.kill()
        time.sleep(0.5)
        cluster.cluster.restart_after_kill()
        recoveries.append(max(wait_serving(server) for server in servers))
        writers.finish()
        acknowledged.extend(writers.acknowledged)
        missing = lost_of(servers[0], acknowledged)
        lost.extend(m for m in missing if m not in lost)
        details.append(f"round {index + 1}: {len(writers.acknowledged)} acknowledged, missing {len(missing)}, "
                       f"serving again {seconds(recoveries[-1])} after the restart; slow {len(writers.slow)}")
        log("  database kill " + details[-1])
    for server in servers:
        server.close()
    cluster.close()
    figures = (f"{len(lost)} of {len(acknowledged)} acknowledged saves lost over {rounds} kill -9 of PostgreSQL; "
               f"serving again at most {seconds(max(recoveries))} after its restart")
    return Result("shared", f"kill -9 of PostgreSQL during saves ({rounds}x): 0 lost",
                  not lost and bool(acknowledged), figures, details)


def check_promotion(binary, counter):
    primary = Cluster()
    primary.cluster.start()
    primary.cluster.create_database("chaek")
    standby = Cluster(standby_of=primary)
    standby.cluster.start()
    primary.cluster.sql("ALTER SYSTEM SET synchronous_standby_names = '*'")
    primary.cluster.sql("SELECT pg_reload_conf()")
    deadline = time.monotonic() + 30
    while primary.cluster.sql("SELECT sync_state FROM pg_stat_replication") != "sync":
        if time.monotonic() > deadline:
            raise RuntimeError("the standby never became synchronous")
        time.sleep(0.2)
    hosts = f"127.0.0.1:{primary.cluster.port},127.0.0.1:{standby.cluster.port}"
    database = f"postgresql://chaek@{hosts}/chaek?target_session_attrs=read-write&connect_timeout=2"
    servers = start_servers(binary, database)
    writers = Writers([server.port for server in servers], counter)
    time.sleep(2)
    primary.cluster.kill()
    killed = time.monotonic()
    standby.cluster.promote()
    promoted = time.monotonic() - killed
    recovery = max(wait_serving(server) for server in servers)
    time.sleep(2)
    writers.finish()
    lost = lost_of(servers[0], writers.acknowledged)
    for server in servers:
        server.close()
    standby.close()
    primary.close()
    figures = (f"{len(lost)} of {len(writers.acknowledged)} acknowledged saves lost; standby promoted "
               f"{seconds(promoted)} after the primary's kill -9, servers writing again {seconds(recovery)} "
               f"after that; answers {writers.statuses}")
    log("  promotion: " + figures)
    return Result("shared", "standby promoted under saves (synchronous replication): 0 lost",
                  not lost and bool(writers.acknowledged), figures)


def check_shared(binary, rounds):
    log("[shared] two chaek serve on PostgreSQL: the database stopped under load, kill -9 of a server "
        f"and of PostgreSQL ({rounds} rounds each), a standby promoted; every acknowledged save present")
    counter = [0]
    return [
        check_outage(binary, counter),
        check_freeze(binary, counter),
        check_server_kills(binary, counter, rounds),
        check_database_kills(binary, counter, rounds),
        check_promotion(binary, counter),
    ]
