"""The Chaek page as the tests see it: selectors from the product contract and small waits."""

import time

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 10  # seconds for anything the page does on its own
LIVE = 2.5  # seconds another window may take to follow a change (the contract says ~2 s)


class AppPage:
    def __init__(self, driver, server, name=""):
        self.driver = driver
        self.server = server
        self.name = name

    # ---- basics ----

    def open(self, path=""):
        self.driver.get(self.server.url + path.lstrip("/"))
        return self.wait_loaded()

    def reload(self):
        self.driver.refresh()
        return self.wait_loaded()

    def wait_loaded(self):
        self.wait_for(lambda: self.js("return document.readyState") == "complete", "the page never loaded")
        # app.js is a module script, run before the document completes: it must have been fetched.
        self.wait_for(
            lambda: self.js("return performance.getEntriesByType('resource').some(e => e.name.includes('/static/app.js'))"),
            "app.js never loaded",
        )
        return self

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def find(self, selector, root=None):
        return (root or self.driver).find_element(By.CSS_SELECTOR, selector)

    def find_all(self, selector, root=None):
        return (root or self.driver).find_elements(By.CSS_SELECTOR, selector)

    def wait_for(self, condition, message, timeout=WAIT):
        def check(_):
            try:
                return condition()
            except StaleElementReferenceException:
                return False

        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(check)
        except TimeoutException:
            # The message may be a function, to describe the page as it is when the wait gave up.
            text = message() if callable(message) else message
            raise AssertionError(f"{text} (waited {timeout} s)") from None

    def tap(self, element):
        """Clicks an element after scrolling it to the middle of the screen, clear of the sticky
        search form and the tab bar."""
        self.js("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element)
        element.click()

    def retrying(self, action):
        """Runs `action` again, up to five times, when a live re-render replaced the element it
        found before it was done with it (the journal re-renders after every change, its own too)."""
        for attempt in range(5):
            try:
                return action(attempt)
            except StaleElementReferenceException:
                if attempt == 4:
                    raise
                time.sleep(0.1)

    def press(self, selector):
        """Taps the element found by `selector`, finding it again if it was replaced meanwhile."""
        return self.retrying(lambda _: self.tap(self.find(selector)))

    def type_into(self, selector, *keys):
        """Types into a field; if a re-render replaced it meanwhile, types the whole text again."""

        def type_keys(attempt):
            field = self.find(selector)
            if attempt:
                field.clear()
            field.send_keys(*keys)

        return self.retrying(type_keys)

    def keys(self, *keys):
        """Presses keys on whatever has the focus as each arrives, as a person does: unlike keys
        sent to an element found first, they still land when a re-render replaced that element."""
        ActionChains(self.driver).send_keys(*keys).perform()

    def text(self, selector):
        """The visible text of the element found by `selector`, read from the element as it is now."""
        return self.retrying(lambda _: self.find(selector).text)

    def attribute(self, selector, name):
        """An attribute or property of the element found by `selector`, as it is now."""
        return self.retrying(lambda _: self.find(selector).get_attribute(name))

    def button(self, text, root=None):
        for candidate in self.find_all("button", root):
            if candidate.text.strip() == text and candidate.is_displayed():
                return candidate
        raise AssertionError(f"no visible button labelled {text!r}")

    def active_element_id(self):
        return self.js("return document.activeElement && document.activeElement.id")

    def shot(self, name):
        width, height = self.driver.chaek_size
        theme = "-dark" if self.driver.chaek_dark else ""
        path = self.driver.chaek_screenshots / f"{width}x{height}{theme}-{name}.png"
        self.driver.save_screenshot(str(path))
        return path

    def console_errors(self):
        return [
            entry["message"]
            for entry in self.driver.get_log("browser")
            if entry["level"] == "SEVERE" and "favicon" not in entry["message"]
        ]

    def settle(self, seconds=0.25):
        """A tiny pause for transitions (the toast fades in, the FAB rotates) before a screenshot."""
        time.sleep(seconds)

    def wait_until_live(self):
        """Waits until the page's EventSource is connected: its `ready` event makes the page
        refresh the saved list, so that request has completed."""
        self.wait_for(
            lambda: self.js(
                "return performance.getEntriesByType('resource').some(e => e.name.includes('/fragments/saved'))"
            ),
            "the page never connected to /api/events (no refresh after its ready event)",
        )

    # ---- search ----

    def search(self, query, press_enter=False):
        field = self.find("#search-input")
        field.clear()
        field.send_keys(query)
        if press_enter:
            field.send_keys(Keys.ENTER)
        self.wait_for(
            lambda: len(self.result_ids()) > 0 and query in self.text("#search-status"),
            lambda: f"no results for {query!r} (status: {self.text('#search-status')!r})",
        )
        self.wait_until_idle()
        self.dismiss_suggestions()

    def dismiss_suggestions(self):
        """Closes the suggestion list a live search leaves open over the results, as a reader does
        before tapping a result: Escape in the search box."""
        if self.js("return !document.querySelector('#suggestions')?.hidden"):
            self.find("#search-input").send_keys(Keys.ESCAPE)
            self.wait_for(lambda: self.js("return document.querySelector('#suggestions').hidden"), "the list stayed")

    def wait_until_idle(self):
        self.wait_for(lambda: not self.find_all("#more .spinner"), "a results page never finished loading")

    def result_ids(self):
        return self.js("return [...document.querySelectorAll('#results > li')].map(li => li.dataset.bookId)")

    def saved_ids(self):
        return self.js("return [...document.querySelectorAll('#saved > li')].map(li => li.dataset.bookId)")

    def recent_ids(self):
        return self.js("return [...document.querySelectorAll('#recent > li')].map(li => li.dataset.bookId)")

    def pressed_hearts(self):
        return self.js(
            "return [...document.querySelectorAll('#results .heart[aria-pressed=true]')]"
            ".map(heart => heart.closest('li').dataset.bookId)"
        )

    def saved_count(self):
        return self.attribute("#saved-count", "textContent").strip()

    def row(self, book_id, list_id="results"):
        return self.find(f'#{list_id} > li[data-book-id="{book_id}"]')

    def heart_pressed(self, book_id):
        return self.find(".heart", self.row(book_id)).get_attribute("aria-pressed")

    # ---- detail ----

    def detail_open(self):
        return self.js("return document.getElementById('detail').open")

    def open_detail(self, book_id, list_id="results"):
        link = self.find(f'#{list_id} > li[data-book-id="{book_id}"] a[data-action="open"]')
        self.tap(link)
        self.wait_for(
            lambda: self.detail_open() and self.find_all(f'#detail .detail[data-book-id="{book_id}"]'),
            f"the detail of {book_id} never opened",
        )
        return link

    def wait_detail_closed(self):
        self.wait_for(lambda: not self.detail_open(), "the detail dialog did not close")

    def toast_text(self):
        """The toast's message, without its action's button."""
        return self.js("const span = document.querySelector('#toast > span'); return span ? span.textContent : ''")

    def wait_toast(self, text):
        self.wait_for(
            lambda: self.toast_text() == text and "visible" in self.attribute("#toast", "class"),
            lambda: f"the toast never said {text!r} (it says {self.toast_text()!r})",
        )

    def wait_toast_on_top(self, message):
        """Waits until the toast has faded in and is what a person sees at its centre, not
        something drawn over it (a dialog)."""
        self.wait_for(self.toast_on_top, message, timeout=2)

    def toast_on_top(self):
        return self.js(
            """
            const toast = document.getElementById('toast');
            const box = toast.getBoundingClientRect();
            if (box.width === 0 || getComputedStyle(toast).opacity !== '1') return false;
            // The toast lets clicks through (pointer-events: none), which hit-testing honours.
            const pointerEvents = toast.style.pointerEvents;
            toast.style.pointerEvents = 'auto';
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            toast.style.pointerEvents = pointerEvents;
            return hit === toast || toast.contains(hit);
            """
        )

    # ---- tabs ----

    def show_tab(self, name):
        tab = self.find(f"#tab-{name}")
        tab.click()
        self.wait_for(lambda: self.find(f"#{name}-panel").is_displayed(), f"the {name} tab did not show")
        assert tab.get_attribute("aria-selected") == "true"

    # ---- the journal ----

    def open_book(self, book_id):
        """Opens /books/ID: the page with the book's sheet open, connected to the event stream."""
        self.open(f"/books/{book_id}")
        self.wait_for(
            lambda: self.detail_open() and self.find_all(f'#detail .detail[data-book-id="{book_id}"]'),
            f"the sheet of {book_id} never opened",
        )
        self.wait_until_live()
        return self

    def entry(self, book_id):
        """The book's journal entry as the server has it (None when it is not saved)."""
        status, body = self.server.request("GET", f"api/journal/{book_id}")
        return body if status == 200 else None

    def wait_entry(self, book_id, condition, what):
        """Waits until the server's entry for the book satisfies `condition`; returns it."""
        found = []

        def check():
            entry = self.entry(book_id)
            try:
                met = entry is not None and condition(entry)
            except (IndexError, KeyError, TypeError):
                met = False  # not there yet: a list still empty, a field still null
            if met:
                found.append(entry)
                return True
            return False

        self.wait_for(check, lambda: f"the server never had {what}: {self.entry(book_id)}")
        return found[-1]

    def sheet_alert(self):
        return self.attribute("#journal-alert", "textContent")

    def value(self, selector):
        return self.attribute(selector, "value")
