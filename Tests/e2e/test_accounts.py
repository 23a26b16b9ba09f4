"""A shared Chaek (issue 18): once a reader is added, the app asks to sign in, in Korean and in
the app's look; a wrong password says so; a signed-in reader sees their name in 기록 and signs out
there; a second reader's 담은 책 is their own."""

import re
import subprocess

import pytest

from app_page import AppPage
from conftest import MOBILE, ChaekServer, serving
from test_accessibility import violations


@pytest.fixture
def shared_server():
    """A server of the test's own with two readers: 민지 (the first, an admin) and 준호."""
    for chaek in serving(ChaekServer, "chaek-accounts-"):
        for name, password in (("민지", "correct horse"), ("준호", "battery staple")):
            subprocess.run(
                [str(chaek.binary), "users", "add", name], env=chaek.env, input=password + "\n",
                capture_output=True, text=True, timeout=60, check=True)
        yield chaek


def sign_in(app, name, password):
    app.find("#signin-name").clear()
    app.type_into("#signin-name", name)
    app.type_into("#signin-password", password)
    app.press(".signin-form button[type=submit]")


def test_a_reader_signs_in_sees_their_name_and_signs_out(shared_server, browser):
    driver = browser(MOBILE)
    driver.get(shared_server.url + "saved")
    app = AppPage(driver, shared_server)
    app.wait_for(lambda: "/signin" in driver.current_url, lambda: driver.current_url)
    assert app.text("h1") == "책"
    app.shot("signin")

    sign_in(app, "민지", "wrong password")
    app.wait_for(lambda: app.find_all(".signin-problem"), "no word of the wrong password")
    assert app.text(".signin-problem") == "이름 또는 비밀번호가 맞지 않아요."
    assert app.attribute("#signin-name", "value") == "민지"
    app.shot("signin-wrong-password")

    sign_in(app, "민지", "correct horse")
    app.wait_for(lambda: driver.current_url.endswith("/saved"), lambda: driver.current_url)
    app.wait_loaded()
    app.open("/stats")
    assert "민지 님으로 로그인했어요." in app.text(".account")
    app.js("arguments[0].scrollIntoView({block: 'center'})", app.find(".account"))
    app.shot("account")
    app.press(".account button[type=submit]")
    app.wait_for(lambda: "/signin" in driver.current_url, lambda: driver.current_url)
    driver.get(shared_server.url + "stats")
    app.wait_for(lambda: "/signin" in driver.current_url, "signed out, 기록 asks to sign in again")


def test_each_reader_has_their_own_saved_books(shared_server, browser):
    driver = browser(MOBILE)
    app = AppPage(driver, shared_server)
    driver.get(shared_server.url + "signin")
    sign_in(app, "민지", "correct horse")
    app.wait_for(lambda: driver.current_url.rstrip("/") == shared_server.url.rstrip("/"), lambda: driver.current_url)
    app.wait_loaded()
    results = app.js("return fetch('/fragments/results?query=채식주의자').then(r => r.text())")
    vegetarian = re.findall(r'data-book-id="([^"]+)"', results)[0]
    saved = app.js(
        "return fetch(arguments[0], {method: 'PUT'}).then(r => r.status)", f"/api/library/{vegetarian}")
    assert saved in (200, 201), saved
    app.open("/saved")
    assert vegetarian in app.saved_ids()

    app.open("/stats")
    app.press(".account button[type=submit]")
    app.wait_for(lambda: "/signin" in driver.current_url, lambda: driver.current_url)
    sign_in(app, "준호", "battery staple")
    app.wait_for(lambda: "/signin" not in driver.current_url, lambda: driver.current_url)
    app.open("/saved")
    assert vegetarian not in app.saved_ids(), "준호 sees 민지's 담은 책"


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_axe_finds_no_violation_on_the_sign_in_page_and_the_account_card(shared_server, browser, dark):
    driver = browser(MOBILE, dark=dark)
    app = AppPage(driver, shared_server)
    driver.get(shared_server.url + "signin")
    assert violations(app) == []
    sign_in(app, "민지", "wrong password")
    app.wait_for(lambda: app.find_all(".signin-problem"), "no word of the wrong password")
    assert violations(app) == [], "with the problem said"
    if dark:
        app.shot("signin-wrong-password")
    sign_in(app, "민지", "correct horse")
    app.wait_for(lambda: "/signin" not in driver.current_url, lambda: driver.current_url)
    app.open("/stats")
    assert violations(app) == []
