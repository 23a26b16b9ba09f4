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
    the trusted role `chaek`."""

    def __init__(self):
        self.directory = Path(tempfile.mkdtemp(prefix="chaek-postgres-"))
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.directory, user="postgres")
        self.data = self.directory / "data"
        self.port = free_port()
        self._run("initdb", "-D", self.data, "-A", "trust", "-U", "chaek", "-E", "UTF8", "--locale=C.UTF-8",
                  "--no-sync")

    def _run(self, program, *arguments, check=True):
        return subprocess.run(
            [str(POSTGRES_BIN / program), *map(str, arguments)], cwd=self.directory,
            user="postgres" if self.as_root else None, capture_output=True, text=True, timeout=120,
            check=check)

    def start(self):
        self._run("pg_ctl", "start", "-w", "-D", self.data, "-l", self.directory / "log",
                  "-o", f"-p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1 -c fsync=off")

    def stop(self, mode="fast"):
        self._run("pg_ctl", "stop", "-w", "-D", self.data, "-m", mode, check=False)

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
