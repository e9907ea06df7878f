"""The replay viewer in a real browser, at a laptop's and a phone's size: it fits the window, names the players as
their table did ("You" for this browser's seat), ends each hand with its result and its last trick, and says in a
player's words when a file is not a game record."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

import bowers
from bowers.bots import create
from bowers.egn import dump_egn
from tests.server.test_browser import Server, browser, open_dealt_table, open_page, play_until, server  # noqa: F401
from tests.server.test_page_table import LAPTOP, PHONE

SCREENSHOTS = os.environ.get("BOWERS_SCREENSHOTS")  # a directory to keep the screenshots in, when set
SIZES = [("laptop", LAPTOP), ("phone", PHONE)]


def shot(page: Page, name: str, tmp_path: Path) -> None:
    path = Path(SCREENSHOTS or tmp_path) / name
    page.screenshot(path=str(path))
    assert path.stat().st_size > 0


def fits_the_window(page: Page) -> None:
    """The replay's controls, words and table lie within the window, and nothing scrolls sideways."""
    for selector in (".replay-controls", ".replay .where", ".replay .felt"):
        found = page.locator(selector).bounding_box()
        assert found and found["y"] >= 0 and found["y"] + found["height"] <= page.viewport_size["height"] + 1, selector  # type: ignore[index]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize(("name", "size"), SIZES)
def test_a_game_you_played_replays_with_its_players_and_each_hands_result(
    browser: Browser,  # noqa: F811
    server: Server,  # noqa: F811
    tmp_path: Path,
    name: str,
    size: dict[str, int],
) -> None:
    page = open_page(browser, server.url, size["width"], size["height"])
    seats = [{"kind": "human"}, {"kind": "random", "name": "Rosa"}, {"kind": "random"}, {"kind": "heuristic"}]
    open_dealt_table(page, {"variant": "standard", "options": {"target": 2}, "seats": seats})
    play_until(page, ".game-over", seconds=120)
    page.click(".side >> text=Replay this game")
    page.wait_for_selector(".replay .felt .seat")
    # The players as the table named them: you at the bottom, a named bot by its name, the others by their place.
    titles = page.locator(".replay .felt .seat-title").all_inner_texts()
    assert [title.split("\n")[0].strip() for title in titles] == ["You", "Rosa", "Partner", "Right"], titles
    felt = page.locator(".replay .felt").inner_text()
    assert "Random bot" in felt or name == "phone"  # a phone leaves out what plays at each seat
    assert "South" not in felt and "North" not in felt
    assert page.locator(".seat[data-seat='0']").get_attribute("data-relative") == "0"
    fits_the_window(page)
    # The game's last action: its hand's result, the last trick on the table.
    page.keyboard.press("End")
    page.wait_for_selector(".hand-result:has-text('Points:')", timeout=20_000)
    result = page.locator(".hand-result").inner_text()
    assert result.startswith("Hand ") and "Tricks: You " in result, result
    assert page.locator(".replay .centre .trick-card").count() in (3, 4)  # a loner's trick has three cards
    fits_the_window(page)
    shot(page, f"{name}-replay.png", tmp_path)
    page.keyboard.press("ArrowLeft")
    assert page.locator(".hand-result").is_hidden()
    assert not page.errors  # type: ignore[attr-defined]
    page.close()


def test_an_uploaded_file_fits_a_phone_and_a_bad_one_is_said_in_a_players_words(
    browser: Browser,  # noqa: F811
    server: Server,  # noqa: F811
    tmp_path: Path,
) -> None:
    game = bowers.Game("standard", seed=21, target=2)
    bot = create("random", seed=2)
    while not game.is_over:
        game.apply(bot.act(game.observation(game.to_act)), seat=game.to_act)  # type: ignore[arg-type]
    egn = tmp_path / "game.egn"
    egn.write_text(dump_egn(game.record()))
    page = open_page(browser, f"{server.url}/replay", PHONE["width"], PHONE["height"])
    page.set_input_files("#record-file", str(egn))
    page.wait_for_selector(".replay .felt .seat")
    fits_the_window(page)
    # An EGN file carries no results: the viewer still ends each hand with its own.
    page.keyboard.press("End")
    page.wait_for_selector(".hand-result:has-text('Points:')", timeout=20_000)
    expected = game.results[-1]["points"]
    assert f"+{max(expected)}" in page.locator(".hand-result").inner_text()
    fits_the_window(page)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"variant": "standard", "deals": [{"hands": []}]}))
    page.set_input_files("#record-file", str(bad))
    message = page.locator(".upload .error")
    message.filter(has_text="dealer").wait_for()
    assert message.inner_text().startswith("This file is not a game record bowers can read: ")
    assert not page.errors  # type: ignore[attr-defined]
