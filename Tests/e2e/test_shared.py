"""Several servers, one deployment (issue 18): two `chaek serve --database` processes on one
PostgreSQL behind nginx, run with the example config. A reader signed in through one server is
signed in on every one; a book saved through one reaches 담은 책 open on the other, and opens
there; nginx spreads requests over both."""

import http.client
import os
import json
import subprocess
import time
import urllib.request

import pytest

from app_page import AppPage
from conftest import MOBILE, ChaekServer, serving
from deployment import Nginx, PostgresCluster, postgres_installed
from test_accounts import sign_in

pytestmark = pytest.mark.skipif(
    not postgres_installed() and os.environ.get("CHAEK_REQUIRE_POSTGRES") != "1",
    reason="needs PostgreSQL 15's server (apt-get install postgresql)")


@pytest.fixture(scope="module")
def deployment():
    """Two servers over one database, behind nginx; the reader 민지 added with the CLI."""
    cluster = PostgresCluster()
    try:
        cluster.start()
        database = cluster.create_database("chaek")
        servers = []
        generators = []
        for index in range(2):
            class Shared(ChaekServer):
                def __init__(self, binary, home):
                    super().__init__(binary, home)
                    self.env["CHAEK_DATABASE_URL"] = database
            generator = serving(Shared, f"chaek-shared-{index}-")
            servers.append(next(generator))
            generators.append(generator)
        subprocess.run(
            [str(servers[0].binary), "users", "add", "민지"], env=servers[0].env, input="correct horse\n",
            capture_output=True, text=True, timeout=60, check=True)
        nginx = Nginx([server.url.rstrip("/").rsplit(":", 1)[1] for server in servers])
        try:
            yield servers, nginx
        finally:
            nginx.stop()
            for generator in generators:
                generator.close()
    finally:
        cluster.remove()


def upstream_of(url, cookie):
    request = urllib.request.Request(url, headers={"Cookie": cookie})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.headers["X-Chaek-Upstream"], json.load(response)


def test_signed_in_through_one_server_a_save_reaches_and_opens_on_the_other(deployment, browser):
    (one, two), nginx = deployment
    driver = browser(MOBILE)
    app = AppPage(driver, one)
    driver.get(one.url + "signin")
    sign_in(app, "민지", "correct horse")
    app.wait_for(lambda: "/signin" not in driver.current_url, lambda: driver.current_url)
    cookie = f"chaek_session={driver.get_cookie('chaek_session')['value']}"

    # The same browser, on the other server: signed in there too (one cookie for 127.0.0.1), with
    # 담은 책 open and listening for events.
    other = AppPage(driver, two)
    driver.get(two.url + "saved")
    other.wait_for(lambda: driver.current_url == two.url + "saved", lambda: driver.current_url)
    other.wait_loaded()
    assert other.saved_ids() == []

    # Saved through the first server (as another window of 민지's would).
    connection = http.client.HTTPConnection("127.0.0.1", int(one.url.rstrip("/").rsplit(":", 1)[1]), timeout=10)
    book = {"title": "채식주의자", "isbn": "9788936433598", "authors": ["한강"]}
    connection.request("PUT", "/api/library/9788936433598", body=json.dumps(book),
                       headers={"Cookie": cookie, "Content-Type": "application/json"})
    assert connection.getresponse().status == 201
    other.wait_for(lambda: other.saved_ids() == ["9788936433598"], "the save never reached the other server's 담은 책")
    other.shot("shared-saved-on-the-other-server")
    other.open("/books/9788936433598")
    other.wait_for(lambda: other.detail_open() and "채식주의자" in other.text("#detail"), "the book did not open there")
    other.shot("shared-opened-on-the-other-server")

    # Through nginx: both servers answer, for the same signed-in reader.
    upstreams = set()
    for _ in range(6):
        upstream, library = upstream_of(nginx.url + "api/library/ids", cookie)
        assert library == {"ids": ["9788936433598"]}
        upstreams.add(upstream)
    assert len(upstreams) == 2, upstreams


def test_events_pass_through_nginx_at_once(deployment):
    (one, _), nginx = deployment
    # ChaekServer.request keeps no cookie: signed in by hand.
    request = urllib.request.Request(
        one.url + "api/session", data=json.dumps({"name": "민지", "password": "correct horse"}).encode(),
        headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        cookie = response.headers["Set-Cookie"].split(";")[0]
    stream = http.client.HTTPConnection("127.0.0.1", nginx.port, timeout=10)
    stream.request("GET", "/api/events", headers={"Cookie": cookie, "Accept": "text/event-stream"})
    events = stream.getresponse()
    assert events.status == 200
    assert events.readline().startswith(b"event: ready")
    started = time.monotonic()
    book = {"title": "소년이 온다", "isbn": "9788936434120", "authors": ["한강"]}
    put = urllib.request.Request(
        one.url + "api/library/9788936434120", data=json.dumps(book).encode(), method="PUT",
        headers={"Cookie": cookie, "Content-Type": "application/json"})
    urllib.request.urlopen(put, timeout=10).close()
    lines = []
    while not any(b"9788936434120" in line for line in lines):
        lines.append(events.readline())
    assert time.monotonic() - started < 5
    stream.close()
