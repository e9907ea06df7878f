"""The page in a real browser: Playwright driving Debian's Chromium against a real ``bowers serve``.

Chromium is launched from /usr/bin/chromium (Playwright's own browsers are
not downloaded).  In CI (``CI`` set) a missing Chromium is a failure, never a
skip.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import bowers
from bowers.bots import create
from bowers.egn import dump_egn

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

if not os.path.exists(CHROMIUM):
    if os.environ.get("CI"):
        raise RuntimeError(f"the browser tests need Chromium at {CHROMIUM} (apt-get install chromium)")
    pytest.skip(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """A real ``bowers serve`` in a subprocess on a loopback port, which can be killed and started again."""

    def __init__(self, database: Path, bot_delay: float = 0.0, options: Sequence[str] = ()) -> None:
        self.database = database
        self.bot_delay = bot_delay
        self.options = list(options)  # more ``bowers serve`` options
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-c", "from bowers.cli import main; main()", "serve", "--port", str(self.port)]
        command += ["--db", str(self.database), "--bot-delay", str(self.bot_delay), *self.options]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.url}/api/variants", timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("bowers serve did not start")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "tables.sqlite3")
    running.start()
    yield running
    running.stop()


def open_page(browser: Browser, url: str, width: int = 1366, height: int = 768) -> Page:
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(url)
    return page


OPEN_BY_API = """async (body) => {
  const headers = { "Content-Type": "application/json" };
  const response = await fetch("/api/tables", { method: "POST", headers, body: JSON.stringify(body) });
  return response.json();
}"""


def open_dealt_table(page: Page, body: dict[str, Any]) -> None:
    """Open a table through the API from the page (as the form does), with the seed and seats in ``body`` that a
    test needs for its deals, and go to the first person's seat."""
    answer = page.evaluate(OPEN_BY_API, body)
    token = next(seat["token"] for seat in answer["seats"] if seat["kind"] == "human")
    page.goto(f"{page.evaluate('location.origin')}/t/{answer['table']}#{token}")


def new_table(
    page: Page, seats: list[str], target: int | None = None, variant: str = "standard", seed: int | None = None
) -> None:
    """Open the new-table form from the first page, fill it in and open the table; with ``seed`` (the deals a test
    needs), open it through the API from the same page instead, as the form does, and go to the first person's seat."""
    if seed is not None:
        options = {} if target is None else {"target": target}
        kinds = [{"kind": kind} for kind in seats]
        open_dealt_table(page, {"variant": variant, "options": options, "seed": seed, "seats": kinds})
        return
    page.click("#choose-game")
    page.wait_for_selector("form.lobby")
    page.select_option("#variant", variant)
    if target is not None:
        page.fill("#option-target", str(target))
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat-{seat}", kind)
    page.click("button[type=submit]")
    page.wait_for_url("**/t/**")


def hand_cards(page: Page) -> list[str]:
    return [card.get_attribute("data-card") or "" for card in page.locator(".hand .card").all()]


def take_turn(page: Page, keyboard: bool = True, last_call: bool = False) -> bool:
    """Make one legal choice if it is this page's turn (the last call button with ``last_call``); False when there is none."""
    confirm = page.locator(".controls button.action[disabled]")
    if confirm.count():  # several cards to choose (a discard of the kitty): select until the choice is complete
        for card in page.locator(".hand .card.legal:not(.selected)").all():
            card.click()
            if page.locator(".controls button.action:not([disabled])").count():
                break
    button = page.locator(".controls button.action:not([disabled])")
    if button.count():
        (button.last if last_call else button.first).click()
        return True
    card = page.locator(".hand .card.legal")
    if card.count():
        if keyboard:
            card.first.focus()
            page.keyboard.press("Enter")
        else:
            card.first.click()
        return True
    return False


def play_until(page: Page, done: str, seconds: float = 60, others: list[Page] | None = None) -> None:
    """Take this page's (and the other pages') turns until ``done`` (a selector) shows."""
    deadline = time.monotonic() + seconds
    turn = 0
    while not page.locator(done).count():
        assert time.monotonic() < deadline, f"{done} never showed"
        acted = False
        for each in [page, *(others or [])]:
            turn += 1
            acted = take_turn(each, keyboard=turn % 2 == 0) or acted
        page.wait_for_timeout(40 if acted else 25)


def open_game_with_a_turn(page: Page, server: Server, seats: list[str], target: int, tables: int = 5) -> None:
    """Open a table from the form and wait for the first person's first turn.  In a game to a few points a bot
    partner who goes alone and marches can end the game before the person acts at all (18 of 3,000 games to 3
    points with ``random`` bots): then the game-over panel shows and another table is opened."""
    for _ in range(tables):
        new_table(page, seats, target=target)
        page.wait_for_selector(".hand .card.legal, .controls button.action, .game-over", timeout=60_000)
        if not page.locator(".game-over").count():
            return
        page.goto(server.url)
    raise AssertionError(f"the person had no turn at {tables} tables in a row")


def test_a_whole_game_against_bots_then_its_replay(browser: Browser, server: Server) -> None:
    page = open_page(browser, server.url)
    open_game_with_a_turn(page, server, ["human", "random", "random", "random"], target=3)
    assert page.get_attribute(".felt", "aria-label") == "Card table"
    assert page.locator(".hand .card").first.get_attribute("aria-label")
    page.keyboard.press("h")
    page.wait_for_selector(".hint .hint-best", timeout=60000)
    play_until(page, ".game-over", seconds=120)
    summary = page.locator(".game-over").inner_text()
    assert "Game over" in summary and " win" in summary
    # The last hand's actions and its summary carry the same hand number.
    last_hand = page.locator("[aria-label='This hand'] h2").inner_text()
    assert page.locator("[aria-label='Last hand'] h2").inner_text() == f"{last_hand} summary"
    page.click("text=Replay this game")
    page.wait_for_selector(".replay .felt .seat")
    assert "Deal 1 begins" in page.locator(".where").inner_text()
    page.keyboard.press("ArrowRight")
    assert "action 1" in page.locator(".where").inner_text()
    page.keyboard.press("End")  # the last hand is fetched when it is shown: "loading…", then the position
    page.locator(".where", has_text="Scores:").wait_for(timeout=20000)
    last = re.match(r"Hand (\d+), action \d+", page.locator(".where").inner_text())
    # The replay ends on the game's last hand (a game to 3 points usually has several; a loner's march can end
    # it in one).
    assert last is not None and f"Hand {last.group(1)}" == last_hand
    page.keyboard.press("PageUp")
    page.locator(".where", has_text="action 0").wait_for(timeout=20000)
    assert page.locator(".where").inner_text().startswith(f"Hand {last.group(1)}, action 0")
    assert not page.errors  # type: ignore[attr-defined]


def test_two_friends_at_one_table(browser: Browser, server: Server) -> None:
    host = open_page(browser, server.url)
    new_table(host, ["human", "random", "human", "random"])
    host.wait_for_selector(".invite")
    invite = host.locator(".invite").first.input_value()
    assert "#" in invite and invite.split("#")[1] not in host.url
    friend = open_page(browser, invite, width=390, height=844)
    friend.wait_for_selector(".hand .card")
    host_cards, friend_cards = hand_cards(host), hand_cards(friend)
    assert host_cards and friend_cards and not set(host_cards) & set(friend_cards)
    assert "Partner" in friend.locator(".seats").inner_text()
    # The friend sees the host as connected, and both play through the first hand.
    play_until(host, ".summary h2:has-text('Hand 1 summary')", seconds=60, others=[friend])
    friend.wait_for_selector(".summary h2:has-text('Hand 1 summary')")
    assert not host.errors and not friend.errors  # type: ignore[attr-defined]


def test_a_reload_mid_hand_resumes_the_seat(browser: Browser, server: Server) -> None:
    page = open_page(browser, server.url, width=390, height=844)
    new_table(page, ["human", "random", "random", "random"])
    # The person's turn: the hand no longer changes order (it is sorted again once trump is made).
    page.wait_for_selector(".hand .card.legal, .controls button.action", timeout=60_000)
    dealt = hand_cards(page)
    page.locator(".hand .card").first.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == dealt[1]
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.card") == dealt[-1]
    for _ in range(3):
        play_until(page, ".hand .card.legal", seconds=60)
        take_turn(page)
        page.wait_for_timeout(200)
    # On this seat's turn nothing changes until it acts: the bots cannot play between reading the panel and the reload.
    page.wait_for_selector(".hand .card.legal, .controls button.action", timeout=60_000)
    cards = hand_cards(page)
    # The whole "This hand" panel: its log, or (when the last turn ended a hand) the note that nothing happened yet.
    this_hand = page.locator('[aria-label="This hand"]').inner_text()
    page.reload()
    page.wait_for_selector(".hand .card")
    assert hand_cards(page) == cards
    assert page.locator('[aria-label="This hand"]').inner_text() == this_hand
    play_until(page, ".hand .card.legal", seconds=60)
    assert take_turn(page)


def test_a_killed_server_restarts_and_the_hand_goes_on(browser: Browser, tmp_path: Path) -> None:
    running = Server(tmp_path / "tables.sqlite3", bot_delay=0.3)
    running.start()
    try:
        page = open_page(browser, running.url)
        new_table(page, ["human", "random", "random", "random"])
        page.wait_for_selector(".hand .card")
        play_until(page, ".hand .card.legal", seconds=60)
        take_turn(page)
        page.wait_for_timeout(100)
        running.kill()  # kill -9, maybe while a bot is thinking
        page.wait_for_selector(".error:has-text('reconnecting')")
        cards = hand_cards(page)
        log = page.locator(".log").inner_text()
        running.start()
        page.wait_for_selector(".status-bar .error", state="detached", timeout=20000)
        page.wait_for_timeout(300)
        assert set(hand_cards(page)) <= set(cards)  # the same hand, less what was played since
        assert page.locator(".log").inner_text().startswith(log.rsplit("\n", 1)[0])
        play_until(page, ".hand .card.legal", seconds=60)
        assert take_turn(page)
    finally:
        running.stop()


def test_an_uploaded_egn_game_in_the_replay_viewer(browser: Browser, server: Server, tmp_path: Path) -> None:
    game = bowers.Game("standard", seed=21, target=2)
    bot = create("random", seed=2)
    while not game.is_over:
        game.apply(bot.act(game.observation(game.to_act)), seat=game.to_act)  # type: ignore[arg-type]
    egn = tmp_path / "game.egn"
    egn.write_text(dump_egn(game.record()))
    page = open_page(browser, f"{server.url}/replay", width=390, height=844)
    page.set_input_files("#record-file", str(egn))
    page.wait_for_selector(".replay .felt .seat")
    first_hands = game.record()["deals"][0]["hands"]
    shown = [card.get_attribute("data-card") for card in page.locator(".seat[data-seat='0'] .seat-cards.open .card").all()]
    assert shown == first_hands[0]
    page.click("[aria-label='Next hand']")
    assert "Hand 2" in page.locator(".where").inner_text()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"variant": "standard", "deals": []}))
    page.set_input_files("#record-file", str(bad))
    page.wait_for_selector(".upload .error:has-text('deals')")


def test_choosing_several_cards_for_a_discard(browser: Browser, server: Server) -> None:
    page = open_page(browser, server.url, width=390, height=844)
    # Deal 5 has Right deal, so you bid first: the highest bid then wins the auction whatever the bots bid.
    new_table(page, ["human", "random", "random", "random"], variant="bid", seed=5)
    page.wait_for_selector(".hand .card")
    deadline = time.monotonic() + 60
    while not page.locator(".summary h2:has-text('Hand 1 summary')").count():
        assert time.monotonic() < deadline
        if page.locator(".controls .prompt:has-text('cards to discard')").count():
            cards = page.locator(".hand .card.legal")
            assert cards.count() == 8
            cards.nth(0).click()
            cards.nth(1).click()
            assert page.locator(".controls button.action[disabled]").count() == 1
            page.locator(".hand .card.legal").nth(2).click()
            assert page.locator(".hand .card.selected").count() == 3
            page.locator(".controls button.action:not([disabled])").click()
            page.wait_for_selector(".hand .card.selected", state="detached")
            assert len(hand_cards(page)) == 5
            return
        take_turn(page, last_call=True)  # the highest bid, to win the auction
        page.wait_for_timeout(40)
    raise AssertionError("the auction was never won by this seat")


def test_the_form_offers_points_to_win_up_to_the_rooms_bound(browser: Browser, server: Server) -> None:
    page = open_page(browser, server.url, width=390, height=844)
    page.click("#choose-game")
    page.wait_for_selector("form.lobby")
    assert page.get_attribute("#option-target", "max") == "40"
    page.select_option("#variant", "railroad")
    page.wait_for_selector("#option-target[max='256']")
    assert not page.errors  # type: ignore[attr-defined]
