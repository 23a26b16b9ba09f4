"""Speed as a reader feels it, measured in the browser with the Performance API: live results after
the last keystroke, a cold book link, a cold 기록, a quote added, a scan that finds its book. The
figures are written to `timings.json` beside the screenshots (and printed with `pytest -s`); they are
measured, never asserted, as the machines are noisy."""

import json
import statistics

from selenium.webdriver.common.keys import Keys

from app_page import AppPage
from conftest import MOBILE
from journal_setup import book_ids, save
from test_scan import barcode_png

SAMPLES = 5

# Installed in the page: the time of the last key pressed in the search box, and of the first
# result row shown after it.
WATCH_RESULTS = """
window.__lastKey = 0; window.__shown = 0;
document.getElementById('search-input').addEventListener('keydown', () => { window.__lastKey = performance.now(); window.__shown = 0; });
new MutationObserver(() => {
  if (!window.__shown && document.querySelector('#results > li')) window.__shown = performance.now();
}).observe(document.getElementById('results'), { childList: true });
"""


def record(screenshot_dir, name, samples):
    path = screenshot_dir / "timings.json"
    figures = json.loads(path.read_text()) if path.exists() else {}
    figures[name] = {"median_ms": round(statistics.median(samples)), "samples_ms": [round(s) for s in samples]}
    path.write_text(json.dumps(figures, ensure_ascii=False, indent=1))
    print(f"{name}: median {statistics.median(samples):.0f} ms of {[round(s) for s in samples]}")


def test_live_results_after_the_last_keystroke(server, browser, screenshot_dir):
    app = AppPage(browser(MOBILE), server).open("/")
    app.wait_until_live()
    app.js(WATCH_RESULTS)
    samples = []
    for query in ("사랑", "the", "한강", "ㅎㄱ", "harry", "바다", "love")[:SAMPLES]:
        app.find("#search-input").send_keys(Keys.CONTROL, "a", Keys.BACKSPACE)
        app.wait_for(lambda: app.result_ids() == [], "the results did not clear")
        app.find("#search-input").send_keys(query)
        app.wait_for(lambda: app.js("return window.__shown > window.__lastKey"), f"no results for {query}")
        samples.append(app.js("return window.__shown - window.__lastKey"))
    record(screenshot_dir, "live results after the last keystroke", samples)


def test_a_cold_book_link_and_a_cold_stats_screen(server, browser, screenshot_dir):
    ids = book_ids(server, "the", SAMPLES)
    books, stats = [], []
    for book_id in ids:
        app = AppPage(browser(MOBILE), server)  # a new window: nothing of the page cached
        app.driver.get(server.url + f"books/{book_id}")
        app.wait_for(lambda: app.detail_open() and app.js("return document.readyState") == "complete", "no sheet")
        books.append(app.js("return performance.getEntriesByType('navigation')[0].loadEventEnd"))
        app.driver.get(server.url + "stats")
        app.wait_for(lambda: app.js("return document.readyState") == "complete", "no 기록")
        stats.append(app.js("return performance.getEntriesByType('navigation')[0].loadEventEnd"))
        app.driver.quit()
    record(screenshot_dir, "a cold /books/ID link, loaded", books)
    record(screenshot_dir, "a cold /stats, loaded", stats)


def test_a_quote_added(server, browser, screenshot_dir):
    book_id = book_ids(server, "the", 1)[0]
    save(server, book_id)
    app = AppPage(browser(MOBILE), server).open_book(book_id)
    samples = []
    for n in range(SAMPLES):
        form = "#detail form[data-edit='add-note'][data-kind='quote']"
        app.js(f"document.querySelector(\"{form}\").scrollIntoView({{block: 'center'}})")
        app.type_into(f"{form} textarea", f"잰 문장 {n}")
        app.js(
            """
            window.__added = 0;
            const before = document.querySelectorAll('#detail .quote-text').length;
            window.__sent = performance.now();
            new MutationObserver((_, observer) => {
              if (document.querySelectorAll('#detail .quote-text').length > before) {
                window.__added = performance.now(); observer.disconnect();
              }
            }).observe(document.getElementById('detail'), { childList: true, subtree: true });
            document.querySelector(arguments[0]).requestSubmit();
            """,
            form,
        )
        app.wait_for(lambda: app.js("return window.__added > 0"), f"quote {n} never showed")
        samples.append(app.js("return window.__added - window.__sent"))
    record(screenshot_dir, "a quote added, shown", samples)


def test_a_found_scan(server, browser, screenshot_dir, tmp_path):
    status, reply = server.request("POST", "api/import", {"documents": [{
        "title": "채식주의자", "isbn": "8936433598 9788936433598", "authors": ["한강"], "publisher": "창비",
    }]})
    assert status == 200, reply
    photo = barcode_png("9788936433598", tmp_path / "back-cover.png")
    app = AppPage(browser(MOBILE), server).open("/")
    app.wait_until_live()
    samples = []
    for _ in range(SAMPLES):
        app.js(
            """
            window.__picked = 0; window.__opened = 0;
            document.getElementById('scan-file').addEventListener('change', () => { window.__picked = performance.now(); }, { once: true });
            new MutationObserver((_, observer) => {
              if (document.getElementById('detail').open) { window.__opened = performance.now(); observer.disconnect(); }
            }).observe(document.getElementById('detail'), { attributes: true });
            """
        )
        app.find("#scan-file").send_keys(str(photo))
        app.wait_for(lambda: app.js("return window.__opened > 0"), "the scan did not open the book")
        samples.append(app.js("return window.__opened - window.__picked"))
        app.find("#detail .close").click()
        app.wait_detail_closed()
    record(screenshot_dir, "a found scan, sheet open", samples)
