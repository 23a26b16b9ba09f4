"""Accessibility on every screen, light and dark, phone and desktop: axe-core 4.x (bundled by
PyPI's axe-playwright-python, injected through Selenium) finds no violation, colour contrast
included; and the parts of controls axe does not measure (empty stars, outlined buttons' borders)
have at least 3:1 against what is behind them (WCAG 2.2, 1.4.11)."""

import importlib.util
from pathlib import Path

import pytest

from app_page import AppPage
from conftest import DESKTOP, MOBILE
from journal_setup import book_ids, fill_journal, save


def axe_source():
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None:
        pytest.fail("axe-playwright-python is not installed (scripts/install-deps test installs it)")
    return (Path(spec.submodule_search_locations[0]) / "axe.min.js").read_text()


# Violations accepted, each with why. None so far.
ACCEPTED = {}


def violations(page):
    page.js(axe_source())
    found = page.driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] } })
          .then((result) => done(result.violations.map((v) => ({
            id: v.id, impact: v.impact,
            nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ") + " — " + (n.failureSummary || "").split("\\n").slice(1, 2).join(""))
          }))));
        """
    )
    return [v for v in found if v["id"] not in ACCEPTED]


def screens(server):
    """Each screen's address: first as a new reader sees them (the welcome, an empty 담은 책 and
    기록), then with the books that fill them."""
    yield from [("welcome", "/"), ("saved-empty", "/saved"), ("stats-empty", "/stats")]
    reading, other = book_ids(server, count=2)
    fill_journal(server, reading)
    save(server, other)
    yield from [
        ("search", "/?query=the"),
        ("detail", f"/books/{reading}"),
        ("saved", "/saved"),
        ("stats", "/stats"),
        ("problem", "/books/%20"),
    ]


@pytest.mark.parametrize("size", [MOBILE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_axe_finds_no_violation_on_any_screen(server, browser, size, dark):
    driver = browser(size, dark=dark)
    found = {}
    for name, path in screens(server):
        page = AppPage(driver, server)
        if name == "problem":  # a plain page, without the app's script
            driver.get(server.url + path.lstrip("/"))
        else:
            page.open(path)
        page.settle(0.5)
        problems = violations(page)
        if problems:
            found[name] = problems
    assert found == {}, found


def test_the_axe_check_finds_a_low_contrast_text(server, browser):
    """The check above can fail: grey text on white is a color-contrast violation."""
    page = AppPage(browser(MOBILE), server).open("/")
    page.js("const p = document.createElement('p'); p.textContent = '흐린 글씨'; p.style.cssText = 'color:#ccc;background:#fff'; document.querySelector('main').append(p)")
    assert "color-contrast" in [v["id"] for v in violations(page)]


def contrast(page, selector, part):
    """The contrast of `part` (a colour property) of the first element matching `selector` against
    the first opaque background behind it."""
    return page.js(
        """
        const [selector, part] = arguments;
        const element = document.querySelector(selector);
        if (!element) return null;
        const rgb = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
        const luminance = ([r, g, b]) => {
          const channel = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
          return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
        };
        let behind = element.parentElement;
        let background = [255, 255, 255];
        while (behind) {
          const colour = rgb(getComputedStyle(behind).backgroundColor);
          if (colour.length === 3 || (colour.length === 4 && colour[3] === 1)) { background = colour.slice(0, 3); break; }
          behind = behind.parentElement;
        }
        if (!behind) background = rgb(getComputedStyle(document.body).backgroundColor).slice(0, 3);
        const colour = rgb(getComputedStyle(element)[part]).slice(0, 3);
        const [light, dark] = [luminance(colour), luminance(background)].sort((a, b) => b - a);
        return (light + 0.05) / (dark + 0.05);
        """,
        selector, part)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_empty_stars_and_outlined_buttons_stand_out_three_to_one(server, browser, dark):
    reading, _ = book_ids(server, count=2)
    save(server, reading)
    page = AppPage(browser(MOBILE, dark=dark), server).open_book(reading)
    page.wait_for(lambda: page.find_all(".stars-input label"), "no stars")
    measured = {
        "empty star": contrast(page, ".stars-input label:not(.on)", "color"),
        "outlined button border": contrast(page, "#journal .shelf-picker label, #journal button:not(.danger)", "borderTopColor"),
        "text field border": contrast(page, "#journal textarea, #journal input[type=text]", "borderTopColor"),
    }
    low = {name: ratio for name, ratio in measured.items() if ratio is None or ratio < 3}
    assert low == {}, measured
