"""Seats in a real browser, at a laptop's and a phone's size: an invite link is claimed by one browser, opened again
elsewhere it says the seat is taken, a window that lost its seat takes it back, and an absent friend's seat goes to a
bot at the others' word and back to the friend when they come."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.server.test_browser import OPEN_BY_API, Server, browser, free_port, open_page, server  # noqa: F401  (fixtures)

SIZES = [("laptop", 1366, 768), ("phone", 390, 844)]
SEATS = [{"kind": "human"}, {"kind": "human", "name": "Ann"}, {"kind": "random"}, {"kind": "random"}]
# A server whose absent players may be given a bot after one second (``bowers serve`` waits two minutes).
QUICK_ABSENCE = """
import sys, uvicorn
from bowers.server import create_app
from bowers.server.rooms import TableBounds
app = create_app(sys.argv[1], bot_delay=0.1, bounds=TableBounds(absent_seconds=1.0))
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


@pytest.fixture
def quick_absence(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    process = subprocess.Popen([sys.executable, "-c", QUICK_ABSENCE, str(tmp_path / "t.sqlite3"), str(port)])
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/api/variants", timeout=1):
                break
        except OSError:
            time.sleep(0.1)
    yield url
    process.terminate()
    process.wait(timeout=10)


ISOLATES = str.maketrans("", "", "\u2068\u2069")  # a name is set apart from the words around it


def log_text(page: Page, selector: str = ".side .notices") -> str:
    return page.locator(selector).inner_text().translate(ISOLATES)


def window(context: BrowserContext, url: str) -> Page:
    """A window of one browser (its storage shared with the context's other windows), its page errors kept."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(url)
    return page


def fits(page: Page, selector: str) -> None:
    """The element is inside the window's width, and the page does not scroll sideways."""
    found = page.locator(selector).first.bounding_box()
    assert found and found["x"] >= 0 and found["x"] + found["width"] <= page.viewport_size["width"]  # type: ignore[index]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize(("size", "width", "height"), SIZES)
def test_an_invite_link_opened_again_says_the_seat_is_taken_and_a_moved_seat_comes_back(
    browser: Browser,  # noqa: F811
    server: Server,  # noqa: F811
    size: str,
    width: int,
    height: int,
) -> None:
    opener = open_page(browser, server.url, width, height)
    answer = opener.evaluate(OPEN_BY_API, {"variant": "standard", "seats": SEATS})
    opener.evaluate("(a) => { localStorage.setItem(`bowers:owner:${a.table}`, a.owner);"
                    " localStorage.setItem(`bowers:invites:${a.table}`, JSON.stringify(a.seats.map((s) => s.token))); }", answer)
    table, invite = answer["table"], answer["seats"][1]["token"]
    opener.goto(f"{server.url}/t/{table}#{answer['seats'][0]['token']}")
    friends_browser = browser.new_context(viewport={"width": width, "height": height})
    friend = window(friends_browser, f"{server.url}/t/{table}#{invite}")
    friend.wait_for_selector(".hand .card")
    # The opener's own notice is there first: wait for the friend's to arrive before reading the log.
    opener.locator(".side .notices", has_text="seat was taken with its invite link").wait_for()
    assert "Ann’s seat was taken with its invite link." in log_text(opener)
    assert opener.locator(".side .release").count() == 1  # the opener may free Ann's seat, and copies no link to it

    peek = open_page(browser, f"{server.url}/t/{table}#{invite}", width, height)  # another browser: no cards
    peek.wait_for_selector(".problem")
    assert "This seat is taken" in peek.locator(".problem h1").inner_text()
    assert peek.locator(".hand .card").count() == 0
    fits(peek, ".problem")
    peek.get_by_role("link", name="Watch this table").click()
    peek.wait_for_selector(".play-area .felt .seat")
    assert "You are watching this table." in peek.locator(".hand").inner_text()

    second = window(friends_browser, f"{server.url}/t/{table}#{invite}")  # the same browser: the seat moves there
    second.wait_for_selector(".hand .card")
    friend.wait_for_selector("#take-back")
    assert "opened in another window" in friend.locator(".seat-lost").inner_text()
    assert friend.locator(".controls button.action:enabled, .hand .card.legal").count() == 0
    opener.locator(".side .notices li", has_text="another window").wait_for()
    assert "Ann’s seat was taken by another window." in log_text(opener)
    fits(friend, "#take-back")
    friend.click("#take-back")  # its own secret still opens the seat
    friend.wait_for_selector("#take-back", state="detached")
    second.wait_for_selector("#take-back")
    for page in (opener, friend, second, peek):
        assert page.errors == []  # type: ignore[attr-defined]
        page.close()
    friends_browser.close()


@pytest.mark.parametrize(("size", "width", "height"), SIZES)
def test_an_absent_friends_seat_goes_to_a_bot_and_back(
    browser: Browser,  # noqa: F811
    quick_absence: str,
    size: str,
    width: int,
    height: int,
) -> None:
    page = open_page(browser, quick_absence, width, height)
    answer = page.evaluate(OPEN_BY_API, {"variant": "standard", "seats": SEATS})
    table = answer["table"]
    page.goto(f"{quick_absence}/t/{table}#{answer['seats'][0]['token']}")
    page.wait_for_selector(".play-area .felt .seat")
    deadline = time.monotonic() + 60
    while page.locator("#stand-in").count() == 0:  # pass or play until it is Ann's turn, and she has not come
        assert time.monotonic() < deadline
        choice = page.locator(".controls button.action[data-action=pass]:enabled, .hand .card.legal").first
        if choice.count():
            choice.click()
        page.wait_for_timeout(200)
    assert log_text(page, "#stand-in") == "Let a bot play for Ann"
    assert "Ann is not at the table, and it is their turn." in log_text(page, ".absent-note")
    fits(page, "#stand-in")
    page.click("#stand-in")
    page.locator(".side .notices li", has_text="A bot plays for").wait_for()
    assert "A bot plays for Ann until they come back." in log_text(page)
    assert "a bot (random bot) plays for them" in page.locator(".side .seats").inner_text()
    assert page.locator("#stand-in").count() == 0

    ann = open_page(browser, f"{quick_absence}/t/{table}#{answer['seats'][1]['token']}", width, height)
    ann.wait_for_selector(".hand .card")
    page.locator(".side .notices li", has_text="is back and plays again").wait_for()
    assert "Ann is back and plays again." in log_text(page)
    assert "plays for them" not in page.locator(".side .seats").inner_text()
    for opened in (page, ann):
        assert opened.errors == []  # type: ignore[attr-defined]
        opened.close()
