"""A player's choices on the table page never freeze: after an undo, and across a lost connection, the turn comes back
with its choices, and while the page is offline the choices wait, disabled, and the page says so."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from tests.server.test_browser import Server, browser, open_dealt_table, server  # noqa: F401  (fixtures)
from tests.server.test_page_table import LAPTOP, PHONE, act, open_at

CHOICE = ".controls button.action:not([disabled]), .hand .card.legal"
# Deal 5 of the standard game: you bid first, and the rule players (deterministic) play the same game each time.
DEALT = {"variant": "standard", "seed": 5, "seats": [{"kind": "human"}] + [{"kind": "heuristic"}] * 3}


def states(page: Page) -> list[dict[str, Any]]:
    return [m for m in page.frames_received if m["type"] == "state"]  # type: ignore[attr-defined]


def my_turn(page: Page, after: int) -> int:
    """Wait for this seat's turn with more than ``after`` actions taken; the number of actions then."""
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "this seat's turn never came"
        seen = states(page)
        last = seen[-1] if seen else {"actions": -1}
        if last["actions"] > after and last["observation"]["to_act"] == last["seat"] and page.locator(CHOICE).count():
            return int(last["actions"])
        page.wait_for_timeout(30)


def test_after_an_undo_the_turn_comes_back_with_its_choices(browser: Browser, server: Server) -> None:  # noqa: F811
    for size in (LAPTOP, PHONE):
        page = open_at(browser, server.url, size)
        open_dealt_table(page, DEALT)
        first = my_turn(page, -1)
        for _ in range(2):  # two undos in a row, each from a later turn
            assert act(page, prefer=("pass",))
            later = my_turn(page, first)
            page.wait_for_selector(".tools button:has-text('Undo')")
            page.keyboard.press("u")
            deadline = time.monotonic() + 20
            while states(page)[-1]["actions"] >= later:
                assert time.monotonic() < deadline, "the undo never came back"
                page.wait_for_timeout(30)
            assert states(page)[-1]["actions"] == first
            # The turn is this seat's again, and it can be taken at once: a button or a card, no reload.
            page.wait_for_selector(CHOICE, timeout=5000)
            assert "Your turn" in page.locator(".status-bar").inner_text()
        assert act(page)
        my_turn(page, first)
        assert not page.errors  # type: ignore[attr-defined]
        page.close()


def test_choices_wait_while_the_page_reconnects_and_come_back_after(browser: Browser, tmp_path: Path) -> None:  # noqa: F811
    running = Server(tmp_path / "tables.sqlite3")
    running.start()
    try:
        page = open_at(browser, running.url, PHONE)
        open_dealt_table(page, DEALT)
        turn = my_turn(page, -1)
        running.kill()
        page.wait_for_selector(".status-bar .error:has-text('reconnecting')")
        # Offline: the page says the choice waits, every button is disabled and no card can be chosen.
        page.wait_for_selector(".controls .prompt.offline:has-text('waits')")
        assert page.locator(".controls button.action").count()
        assert page.locator(CHOICE).count() == 0
        assert page.locator(".tools button:has-text('Hint')").is_disabled()
        # A click on a waiting button, or Enter on a card, does nothing and sends nothing.
        page.evaluate("document.querySelector('.controls button.action').click()")
        page.locator(".hand .card").first.focus()
        page.keyboard.press("Enter")
        running.start()
        page.wait_for_selector(".status-bar .error", state="detached", timeout=20_000)
        # Back: the same turn, its choices open again, and a choice is taken.
        page.wait_for_selector(CHOICE, timeout=5000)
        assert states(page)[-1]["actions"] == turn
        assert act(page)
        deadline = time.monotonic() + 20
        while states(page)[-1]["actions"] <= turn:
            assert time.monotonic() < deadline, "the choice made after reconnecting was lost"
            page.wait_for_timeout(30)
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        running.stop()


def test_a_table_closed_for_quiet_comes_back_at_the_players_next_key(browser: Browser, tmp_path: Path) -> None:  # noqa: F811
    running = Server(tmp_path / "tables.sqlite3", options=["--idle-minutes", "0.03"])  # about 2 s
    running.start()
    try:
        page = open_at(browser, running.url, LAPTOP)
        open_dealt_table(page, DEALT)
        turn = my_turn(page, -1)
        # The server closes the quiet socket; the page says how to bring the table back and does not retry alone.
        page.wait_for_selector(".status-bar .error:has-text('press a key')", timeout=20_000)
        joined = len(states(page))
        page.wait_for_timeout(1500)
        assert len(states(page)) == joined
        page.keyboard.press("Shift")
        page.wait_for_selector(".status-bar .error", state="detached", timeout=20_000)
        page.wait_for_selector(CHOICE, timeout=5000)
        assert states(page)[-1]["actions"] == turn
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        running.stop()


LOG_VIEW = """() => {
  const log = document.querySelector(".log");
  if (!log) return null;
  const lines = log.querySelectorAll("li");
  const last = lines[lines.length - 1].getBoundingClientRect();
  const box = log.getBoundingClientRect();
  return { lines: lines.length, top: log.scrollTop, overflows: log.scrollHeight > log.clientHeight + 1,
           lastInView: last.top >= box.top - 1 && last.bottom <= box.bottom + 1 };
}"""


def play_until_log(page: Page, lines: int) -> dict[str, Any]:
    """Play on until the hand's log has at least ``lines`` lines and more than it shows at once; the log's view then."""
    deadline = time.monotonic() + 90
    while True:
        assert time.monotonic() < deadline, "the log never grew that long"
        view = page.evaluate(LOG_VIEW)
        if view and view["lines"] >= lines and view["overflows"]:
            return view
        if not act(page, prefer=("pass",)):
            page.wait_for_timeout(30)


def test_the_log_follows_the_newest_action_unless_the_player_scrolled_up(browser: Browser, server: Server) -> None:  # noqa: F811
    for size in (LAPTOP, PHONE):
        page = open_at(browser, server.url, size)
        open_dealt_table(page, DEALT)
        view = play_until_log(page, 1)
        assert view["overflows"] and view["lastInView"], view
        # Scrolled up to read: new actions leave the log where the player put it.
        page.evaluate("document.querySelector('.log').scrollTop = 0")
        view = play_until_log(page, view["lines"] + 2)
        assert view["top"] == 0 and not view["lastInView"], view
        # Scrolled back to the end: it follows again.
        page.evaluate("const log = document.querySelector('.log'); log.scrollTop = log.scrollHeight")
        view = play_until_log(page, view["lines"] + 2)
        assert view["lastInView"] and view["top"] > 0, view
        assert not page.errors  # type: ignore[attr-defined]
        page.close()
