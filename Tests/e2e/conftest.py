"""Browser tests for Chaek (책): pytest + Selenium driving Debian's Chromium.

The session starts the real `chaek serve` binary once (from `CHAEK_BIN`, default
`.build/debug/chaek`) over a fresh temporary CHAEK_HOME with the offline starter catalog, and
every test gets an empty 담은 책 library. Run from the repository root:

    swift build --product chaek && python3 -m pytest Tests/e2e

Screenshots go to `CHAEK_SCREENSHOTS` (default `.build/screenshots`).
"""

import json
import os
import queue
import re
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

REPO_ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
MOBILE = (390, 844)
DESKTOP = (1280, 800)


def _path_from_env(name, default):
    path = Path(os.environ.get(name) or default)
    return path if path.is_absolute() else REPO_ROOT / path


class ChaekServer:
    """A running `chaek serve` and the CHAEK_HOME it shares with CLI commands."""

    def __init__(self, binary, home):
        self.binary = binary
        self.home = home
        self.env = {
            key: value
            for key, value in os.environ.items()
            if key not in ("KAKAO_REST_API_KEY", "CHAEK_TOKEN")
        }
        self.env["CHAEK_HOME"] = str(home)
        self.port = 0  # any free port; set it to start again on the same one
        self.process = None
        self.url = None
        self.stderr_lines = []

    def start(self):
        self.process = subprocess.Popen(
            [str(self.binary), "serve", "--port", str(self.port), "--source", "local"],
            env=self.env,
            cwd=str(self.home),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        lines = queue.Queue()

        def drain(stream, sink):
            for line in stream:
                sink(line)

        threading.Thread(target=drain, args=(self.process.stdout, lines.put), daemon=True).start()
        threading.Thread(
            target=drain, args=(self.process.stderr, self.stderr_lines.append), daemon=True
        ).start()
        try:
            first = lines.get(timeout=30)
        except queue.Empty:
            self.stop()
            raise RuntimeError(f"chaek serve printed nothing in 30 s; stderr: {''.join(self.stderr_lines)}")
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", first)
        if not match:
            self.stop()
            raise RuntimeError(f"unexpected first line from chaek serve: {first!r}")
        self.url = f"http://127.0.0.1:{match.group(1)}/"
        deadline = time.monotonic() + 15
        while True:
            try:
                with urllib.request.urlopen(self.url + "healthz", timeout=2) as response:
                    health = json.load(response)
                    if response.status == 200 and health.get("status") == "ok":
                        return
            except (urllib.error.URLError, ConnectionError, json.JSONDecodeError):
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"chaek serve never became healthy; stderr: {''.join(self.stderr_lines)}")
            time.sleep(0.1)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)

    # ---- talking to it ----

    def request(self, method, path, body=None):
        """An API call as the page would make it (same-origin), returning (status, JSON). A body
        (a dict or list, or its bytes) is sent as JSON."""
        headers = {"Sec-Fetch-Site": "same-origin", "Accept": "application/json"}
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        if body is not None:
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(
            self.url + path.lstrip("/"), data=body, method=method, headers=headers
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as error:
            return error.code, json.load(error)

    def search(self, query, **parameters):
        from urllib.parse import urlencode

        status, body = self.request("GET", "v3/search/book?" + urlencode({"query": query, **parameters}))
        assert status == 200, body
        return body

    def cli(self, *arguments):
        """Runs `chaek ARGUMENTS` as its own process on the same CHAEK_HOME."""
        result = subprocess.run(
            [str(self.binary), *arguments],
            env=self.env,
            cwd=str(self.home),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 0, (
            f"chaek {' '.join(arguments)} exited {result.returncode}: {result.stderr.strip()}"
        )
        return result.stdout


def serving(server_class, prefix):
    """A `server_class` server of the binary under test in a fresh home, stopped and its home
    removed afterwards (a generator for fixtures to yield from)."""
    binary = _path_from_env("CHAEK_BIN", ".build/debug/chaek")
    if not binary.is_file():
        pytest.exit(f"no chaek binary at {binary}: run `swift build --product chaek` or set CHAEK_BIN", 2)
    home = Path(tempfile.mkdtemp(prefix=prefix))
    chaek = server_class(binary, home)
    try:
        chaek.start()
        yield chaek
    finally:
        chaek.stop()
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(scope="session")
def server():
    yield from serving(ChaekServer, "chaek-e2e-")


@pytest.fixture(autouse=True)
def empty_library(server):
    """Every test starts with nothing in 담은 책, sorted by title."""
    status, body = server.request("DELETE", "api/library")
    assert status == 200, body
    status, body = server.request("PUT", "api/library/order", {"sort": "title"})
    assert status == 200, body
    yield


@pytest.fixture(scope="session")
def screenshot_dir():
    directory = _path_from_env("CHAEK_SCREENSHOTS", ".build/screenshots")
    directory.mkdir(parents=True, exist_ok=True)
    return directory


@pytest.fixture
def browser(server, screenshot_dir):
    """A factory of Chromium windows: `browser(MOBILE)`, `browser(DESKTOP, dark=True)`."""
    drivers = []

    def make(size=MOBILE, dark=False):
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        width, height = size
        for flag in (
            "--headless=new",
            "--no-sandbox",
            "--disable-dev-shm-usage",
            "--disable-gpu",
            f"--window-size={width},{height}",
            "--lang=ko-KR",
        ):
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
        drivers.append(driver)
        # Headless Chromium keeps a window at least 500 px wide and takes room for its (invisible)
        # toolbar, so the viewport is set exactly, as a phone's would be.
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 720},
        )
        if dark:
            driver.execute_cdp_cmd(
                "Emulation.setEmulatedMedia",
                {"features": [{"name": "prefers-color-scheme", "value": "dark"}]},
            )
        # Any alert() the page runs is recorded instead of blocking the session.
        driver.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument",
            {"source": "window.__alerts = []; window.alert = (m) => { window.__alerts.push(String(m)); };"},
        )
        driver.chaek_size = size
        driver.chaek_dark = dark
        driver.chaek_screenshots = screenshot_dir
        return driver

    yield make
    for driver in drivers:
        try:
            driver.quit()
        except Exception:
            pass
