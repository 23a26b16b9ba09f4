"""A shared deployment for the tests: a throwaway PostgreSQL 15 cluster, `chaek serve --database`
processes over it, and nginx in front of them with the example config (docs/deploy/nginx.conf).

PostgreSQL's server refuses to run as root: as root, its programs run as the `postgres` user
(Debian's package makes it) in a directory given to that user.
"""

import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
POSTGRES_BIN = Path(os.environ.get("CHAEK_POSTGRES_BIN") or "/usr/lib/postgresql/15/bin")
NGINX = Path("/usr/sbin/nginx")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def postgres_installed():
    return (POSTGRES_BIN / "initdb").is_file()


class PostgresCluster:
    """A cluster made with initdb in a new temporary directory, listening on 127.0.0.1 only, with
    the trusted role `chaek`; or, with `standby_of`, a hot standby streaming from another one
    (pg_basebackup), which `promote()` makes the primary."""

    def __init__(self, standby_of=None):
        self.directory = Path(tempfile.mkdtemp(prefix="chaek-postgres-"))
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.directory, user="postgres")
        self.data = self.directory / "data"
        self.port = free_port()
        # Tests need no durability against the machine's crash (a killed process loses nothing
        # either way): the soak suite turns fsync back on.
        self.settings = "-c fsync=off"
        if standby_of is None:
            self._run("initdb", "-D", self.data, "-A", "trust", "-U", "chaek", "-E", "UTF8",
                      "--locale=C.UTF-8", "--no-sync")
        else:
            self._run("pg_basebackup", "-h", "127.0.0.1", "-p", standby_of.port, "-U", "chaek", "-D", self.data,
                      "-R", "-X", "stream", "--no-sync")

    def _run(self, program, *arguments, check=True):
        return subprocess.run(
            [str(POSTGRES_BIN / program), *map(str, arguments)], cwd=self.directory,
            user="postgres" if self.as_root else None, capture_output=True, text=True, timeout=120,
            check=check)

    def start(self):
        self._run("pg_ctl", "start", "-w", "-D", self.data, "-l", self.directory / "log",
                  "-o", f"-p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1 {self.settings}")

    def stop(self, mode="fast"):
        self._run("pg_ctl", "stop", "-w", "-D", self.data, "-m", mode, check=False)

    def kill(self):
        """kill -9 of the postmaster, as a machine that fails would stop it."""
        pid = int((self.data / "postmaster.pid").read_text().split()[0])
        os.kill(pid, 9)

    def restart_after_kill(self, timeout=60):
        """Starts the cluster again after `kill()` (crash recovery), once the old server processes,
        which notice their postmaster's death by themselves, have let go of its shared memory."""
        deadline = time.monotonic() + timeout
        while True:
            result = self._run("pg_ctl", "start", "-w", "-D", self.data, "-l", self.directory / "log",
                               "-o", f"-p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1 {self.settings}",
                               check=False)
            if result.returncode == 0:
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"PostgreSQL did not start again: {result.stdout} {result.stderr}")
            time.sleep(0.5)

    def promote(self):
        self._run("pg_ctl", "promote", "-w", "-D", self.data)

    def sql(self, statement, database="postgres"):
        """Runs one statement with psql as `chaek`; returns its output, unaligned."""
        result = subprocess.run(
            [str(POSTGRES_BIN / "psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "chaek", "-d", database,
             "-At", "-c", statement], capture_output=True, text=True, timeout=60, check=True)
        return result.stdout.strip()

    def create_database(self, name):
        self._run("createdb", "-h", "127.0.0.1", "-p", self.port, "-U", "chaek", name)
        return f"postgresql://chaek@127.0.0.1:{self.port}/{name}"

    def remove(self):
        self.stop("immediate")
        shutil.rmtree(self.directory, ignore_errors=True)


class Nginx:
    """nginx running the example config, its upstream servers and its port made the test's."""

    def __init__(self, upstream_ports):
        self.directory = Path(tempfile.mkdtemp(prefix="chaek-nginx-"))
        self.port = free_port()
        example = (REPO_ROOT / "docs/deploy/nginx.conf").read_text()
        servers = "".join(f"    server 127.0.0.1:{port};\n" for port in upstream_ports)
        site, count = re.subn(r"(    server 127\.0\.0\.1:\d+;\n)+", servers, example)
        assert count == 1, "the example's upstream block changed: update Tests/e2e/deployment.py"
        site, count = re.subn(r"listen 80;", f"listen 127.0.0.1:{self.port};", site)
        assert count == 1, "the example's listen line changed: update Tests/e2e/deployment.py"
        (self.directory / "chaek.conf").write_text(site)
        (self.directory / "nginx.conf").write_text(
            f"daemon off;\nworker_processes 1;\npid {self.directory}/nginx.pid;\n"
            f"error_log {self.directory}/error.log;\nevents {{ worker_connections 256; }}\n"
            f"http {{ access_log off; include {self.directory}/chaek.conf; }}\n")
        self.process = subprocess.Popen(
            [str(NGINX), "-p", str(self.directory), "-e", str(self.directory / "error.log"),
             "-c", str(self.directory / "nginx.conf")],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"nginx did not start: {self.process.stderr.read()}")
                time.sleep(0.05)
        self.url = f"http://127.0.0.1:{self.port}/"

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        shutil.rmtree(self.directory, ignore_errors=True)
