"""A browser app written for Kakao's book search API, served from another origin, uses Chaek's
Kakao-compatible API instead: the CORS preflight for `Authorization: KakaoAK ...` is allowed and the
results render. State changes from that origin stay refused."""

import http.server
import json
import threading

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import MOBILE

# The kind of page people write against https://dapi.kakao.com: fetch with the KakaoAK header and
# list the documents' titles. `API` is filled in with the Chaek server's address.
KAKAO_CLIENT = """<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Kakao book client</title>
<style>body{font:16px system-ui,sans-serif;margin:16px} li{margin:6px 0} #status{color:#666}</style>
</head><body>
<h1>책 검색 (Kakao API client)</h1>
<p id="status">searching…</p>
<ol id="results"></ol>
<p id="write"></p>
<script>
const API = "%(api)s";
const status = document.getElementById("status");
fetch(API + "/v3/search/book?query=" + encodeURIComponent("%(query)s") + "&size=10",
      {headers: {"Authorization": "KakaoAK x"}})
  .then((response) => {
    if (!response.ok) throw new Error("HTTP " + response.status);
    return response.json();
  })
  .then((page) => {
    for (const book of page.documents) {
      const item = document.createElement("li");
      item.className = "title";
      item.textContent = book.title + " — " + book.authors.join(", ");
      document.getElementById("results").append(item);
    }
    status.textContent = page.meta.total_count + " books";
    status.dataset.done = "ok";
  })
  .catch((error) => { status.textContent = String(error); status.dataset.done = "error"; });
// A state change from this origin must still be refused.
fetch(API + "/api/library", {method: "DELETE"})
  .then((response) => { document.getElementById("write").dataset.done = "answered " + response.status; })
  .catch((error) => { document.getElementById("write").dataset.done = "refused: " + error; });
</script>
</body></html>
"""


@pytest.fixture
def other_origin(server):
    """An HTTP server on another port of 127.0.0.1 (another origin) serving the Kakao client page."""
    page = KAKAO_CLIENT % {"api": server.url.rstrip("/"), "query": "the"}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = page.encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *arguments):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


def test_a_kakao_api_client_from_another_origin_renders_search_results(server, browser, other_origin):
    # A saved book, which the page's DELETE from the other origin must leave alone.
    book = {"title": "채식주의자", "authors": ["한강"], "isbn": "8936433598 9788936433598"}
    status, body = server.request(
        "PUT", "api/library/9788936433598", json.dumps(book, ensure_ascii=False).encode("utf-8")
    )
    assert status == 201, body
    driver = browser(MOBILE)
    driver.get(other_origin)
    WebDriverWait(driver, 10).until(
        lambda d: d.find_element(By.ID, "status").get_attribute("data-done"),
        "the page never finished its search",
    )
    state = driver.find_element(By.ID, "status")
    assert state.get_attribute("data-done") == "ok", state.text
    titles = [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#results .title")]
    expected = [book["title"] for book in server.search("the", size=10)["documents"]]
    assert len(titles) == len(expected) > 0
    assert [title.split(" — ")[0] for title in titles] == expected

    # DELETE is not a simple method: the browser asks first, the preflight is refused, and the
    # request is never sent.
    WebDriverWait(driver, 10).until(
        lambda d: d.find_element(By.ID, "write").get_attribute("data-done"),
        "the DELETE never finished",
    )
    write = driver.find_element(By.ID, "write").get_attribute("data-done")
    assert write.startswith("refused"), write
    assert server.request("GET", "api/library")[1]["count"] == 1, "the other origin removed a saved book"

    width, height = MOBILE
    driver.save_screenshot(str(driver.chaek_screenshots / f"{width}x{height}-cors-kakao-client.png"))
    errors = [
        entry["message"]
        for entry in driver.get_log("browser")
        if entry["level"] == "SEVERE" and "/api/library" not in entry["message"]
    ]
    assert errors == [], errors
