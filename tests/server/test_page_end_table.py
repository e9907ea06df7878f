"""The opener's "End table" control in a real browser, at a laptop's and a phone's size: asked to confirm, it ends
the table for everyone at it, a friend's and a spectator's page included, and a friend's page never offers it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.server.test_browser import OPEN_BY_API, Server, browser, open_page, server  # noqa: F401  (fixtures)

SCREENSHOTS = os.environ.get("BOWERS_SCREENSHOTS")  # a directory to keep the screenshots in, when set
ENDED = "The person who opened this table has ended it."


def fits(page: Page, selector: str) -> None:
    """The element is on screen, inside the window's width, and the page does not scroll sideways."""
    found = page.locator(selector).first.bounding_box()
    assert found and found["x"] >= 0 and found["x"] + found["width"] <= page.viewport_size["width"]  # type: ignore[index]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def shot(page: Page, name: str, tmp_path: Path) -> None:
    path = Path(SCREENSHOTS or tmp_path) / name
    page.screenshot(path=str(path))
    assert path.stat().st_size > 0


@pytest.mark.parametrize(("size", "width", "height"), [("laptop", 1366, 768), ("phone", 390, 844)])
def test_the_opener_ends_the_table_after_confirming_and_everyone_is_told(
    browser: Browser,  # noqa: F811
    server: Server,  # noqa: F811
    tmp_path: Path,
    size: str,
    width: int,
    height: int,
) -> None:
    opener = open_page(browser, server.url, width, height)
    seats = [{"kind": "human"}, {"kind": "heuristic"}, {"kind": "human"}, {"kind": "heuristic"}]
    answer = opener.evaluate(OPEN_BY_API, {"variant": "standard", "seats": seats})
    opener.evaluate("(a) => localStorage.setItem(`bowers:owner:${a.table}`, a.owner)", answer)  # as the form does
    table = answer["table"]
    opener.goto(f"{server.url}/t/{table}#{answer['seats'][0]['token']}")
    friend = open_page(browser, f"{server.url}/t/{table}#{answer['seats'][2]['token']}", width, height)
    watcher = open_page(browser, f"{server.url}/t/{table}", width, height)
    for page in (opener, friend, watcher):
        page.wait_for_selector(".play-area .felt .seat")
    opener.wait_for_selector("#end-table")
    assert friend.locator("#end-table").count() == 0 and watcher.locator("#end-table").count() == 0
    fits(opener, "#end-table")
    shot(opener, f"{size}-end-table.png", tmp_path)

    opener.click("#end-table")  # asked first; keeping on changes nothing
    opener.wait_for_selector(".confirm-end")
    fits(opener, ".confirm-end")
    shot(opener, f"{size}-end-table-confirm.png", tmp_path)
    opener.get_by_role("button", name="Keep playing").click()
    assert opener.locator(".confirm-end").count() == 0 and opener.locator("#end-table").count() == 1

    opener.click("#end-table")
    opener.click("#end-confirm")
    for page in (opener, friend, watcher):
        page.wait_for_selector(".banner.ended")
        assert ENDED in page.locator(".banner.ended").inner_text()
        assert page.locator(".controls button.action, .hand .card.legal, #end-table").count() == 0
        assert "Table ended" in page.locator(".status-bar").inner_text()
        assert page.errors == []  # type: ignore[attr-defined]
    fits(opener, ".banner.ended")
    shot(opener, f"{size}-table-ended.png", tmp_path)

    opener.reload()  # coming back later: the table says it ended
    opener.wait_for_selector(".banner.ended")
    assert ENDED in opener.locator(".side").inner_text()
    for page in (opener, friend, watcher):
        page.close()


def test_the_opener_of_a_table_of_bots_ends_it_from_the_spectators_view(browser: Browser, server: Server) -> None:  # noqa: F811
    page = open_page(browser, server.url)
    page.click("#choose-game")
    page.wait_for_selector("form.lobby")
    page.select_option("#seat-0", "random")
    page.click("button[type=submit]")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#end-table")
    page.click("#end-table")
    page.click("#end-confirm")
    page.wait_for_selector(".banner.ended")
    assert page.errors == []  # type: ignore[attr-defined]
    page.close()
