"""Details of the page a player meets, in a real browser at a laptop's and a phone's size: being left out of a
partner's lone hand is said, a forced choice can be made for you (a setting kept in the browser), chips and rules
read as words, keyboard help stays off touch screens, cards are large enough on a phone, a seat's name never
passes for a place at the table, the tables you opened are listed on the first page, and every script and style
comes from this release's own URLs."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.server.test_browser import Server, browser, open_dealt_table, server  # noqa: F401  (fixtures)
from tests.server.test_page_looks import SIZES, shot
from tests.server.test_page_table import LAPTOP, PHONE, act, open_at

RULE_PLAYERS = [{"kind": "heuristic"}] * 3


def states(page: Page) -> list[dict[str, Any]]:
    return [m for m in page.frames_received if m["type"] == "state"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "size"), SIZES)
def test_you_are_told_you_sit_out_while_your_partner_goes_alone(
    browser: Browser,  # noqa: F811
    server: Server,  # noqa: F811
    tmp_path: Path,
    name: str,
    size: dict[str, int],
) -> None:
    page = open_at(browser, server.url, size)
    # Deal 152 of the standard game: you pass, and your partner (a rule player, deterministic) goes alone.
    open_dealt_table(page, {"variant": "standard", "seed": 152, "seats": [{"kind": "human"}, *RULE_PLAYERS]})
    deadline = time.monotonic() + 60
    while not page.locator(".sitting-out-note").count():
        assert time.monotonic() < deadline, "your partner never went alone"
        if not act(page, prefer=("pass",)):
            page.wait_for_timeout(30)
    assert page.locator(".sitting-out-note").inner_text() == "Partner goes alone: you sit out this hand."
    assert page.locator(".felt .seat[data-seat='0'] .seat-detail").inner_text().endswith("sits out")
    # The partner's chip reads its suit and "alone", a space between (on a phone the word is left out).
    chip = page.locator(".felt .seat[data-seat='2'] .maker-chip")
    gap = chip.evaluate("""(chip) => {
      const word = chip.querySelector(".chip-word");
      const range = document.createRange();
      range.selectNodeContents(chip.firstChild);
      return word.getBoundingClientRect().width ? word.getBoundingClientRect().left - range.getBoundingClientRect().right : null;
    }""")
    assert gap is None if name == "phone" else gap >= 2, gap
    shot(page, f"{name}-sitting-out.png", tmp_path)
    assert not page.errors  # type: ignore[attr-defined]
    page.close()


def test_a_forced_choice_is_made_for_you_when_you_ask(browser: Browser, server: Server) -> None:  # noqa: F811
    page = open_at(browser, server.url, PHONE)
    open_dealt_table(page, {"variant": "standard", "seed": 5, "seats": [{"kind": "human"}, *RULE_PLAYERS]})
    page.wait_for_selector("#only-choice")
    assert not page.locator("#only-choice").is_checked()  # off unless asked
    forced = 0
    deadline = time.monotonic() + 90
    while forced < 2:
        assert time.monotonic() < deadline, "no forced choice came"
        last = states(page)[-1] if states(page) else None
        mine = last and last["observation"]["to_act"] == 0 and page.locator(".hand .card.legal").count()
        if mine and len(last["observation"]["legal_actions"]) == 1:
            forced += 1
            if forced == 1:
                # Off: the page waits for the click.
                page.wait_for_timeout(1500)
                assert states(page)[-1]["actions"] == last["actions"]
                page.check("#only-choice")
            # On (and kept in this browser): the only choice is made without a click.
            end = time.monotonic() + 10
            while states(page)[-1]["actions"] == last["actions"]:
                assert time.monotonic() < end, "the forced choice was not made"
                page.wait_for_timeout(50)
            continue
        if not act(page, prefer=("pass",)):
            page.wait_for_timeout(30)
    page.reload()
    page.wait_for_selector("#only-choice")
    assert page.locator("#only-choice").is_checked()
    assert not page.errors  # type: ignore[attr-defined]


def test_railroads_deck_counts_its_joker(browser: Browser, server: Server) -> None:  # noqa: F811
    page = open_at(browser, server.url, PHONE)
    page.click("#choose-game")
    page.select_option("#variant", "railroad")
    choices = page.locator("#option-deck option").all_inner_texts()
    assert choices == [
        "33 cards (7 to Ace and the Joker; 32 without it)",
        "25 cards (9 to Ace and the Joker; 24 without it)",
    ], choices
    assert "33 cards" in page.locator("#variant-summary").inner_text()
    assert page.locator("#option-joker").is_checked()
    assert "The Joker in the deck" in page.locator("label[for=option-joker]").inner_text()
    page.select_option("#variant", "standard")
    assert "32 cards (7 to Ace)" in page.locator("#option-deck option").all_inner_texts()


@pytest.mark.parametrize("touch", [True, False])
def test_keyboard_help_is_left_off_touch_screens_and_cards_are_large_on_a_phone(
    browser: Browser,  # noqa: F811
    server: Server,  # noqa: F811
    tmp_path: Path,
    touch: bool,
) -> None:
    page = open_at(browser, server.url, PHONE, has_touch=touch, is_mobile=touch)
    open_dealt_table(page, {"variant": "standard", "seed": 5, "seats": [{"kind": "human"}, *RULE_PLAYERS]})
    page.wait_for_selector(".controls .prompt")
    assert page.locator(".keys").is_visible() is not touch
    hint = page.locator(".tools button", has_text="Hint").inner_text()
    assert hint == ("Hint" if touch else "Hint (h)"), hint
    for card in page.locator(".hand .card").all():
        where = card.bounding_box()
        assert where and where["width"] >= 60, where
    if touch:
        shot(page, "phone-touch-table.png", tmp_path)
    assert not page.errors  # type: ignore[attr-defined]


def test_a_place_at_the_table_is_refused_as_a_name(browser: Browser, server: Server) -> None:  # noqa: F811
    page = open_at(browser, server.url, PHONE)
    page.click("#choose-game")
    for place in ("Partner", "you", "Left"):
        page.fill("#seat-2-name", place)
        page.click("button[type=submit]")
        message = page.locator("form.lobby .error")
        message.wait_for()
        assert message.inner_text().startswith(f"“{place}” is what the table calls a seat"), message.inner_text()
        assert page.url.rstrip("/") == server.url
    page.fill("#seat-2-name", "Bob")
    page.click("button[type=submit]")
    page.wait_for_url("**/t/**")


@pytest.mark.parametrize(("name", "size"), SIZES)
def test_the_first_page_lists_the_tables_you_opened(
    browser: Browser,  # noqa: F811
    server: Server,  # noqa: F811
    tmp_path: Path,
    name: str,
    size: dict[str, int],
) -> None:
    page = open_at(browser, server.url, size)
    page.wait_for_selector("#play-now")
    assert page.locator(".my-tables").count() == 0
    page.click("#play-now")
    page.wait_for_selector(".hand .card")
    table = page.url.split("/t/")[1].split("#")[0]
    page.goto(server.url)
    entry = page.locator(f".my-tables li[data-table='{table}']")
    entry.wait_for()
    assert re.match(r"American 4-player Euchre: back to your seat · in play, seen (just now|1 minute ago)", entry.inner_text())
    shot(page, f"{name}-my-tables.png", tmp_path)
    entry.locator("a").click()
    page.wait_for_selector(".hand .card")
    assert table in page.url and "#" in page.url
    assert not page.errors  # type: ignore[attr-defined]


def test_every_script_and_style_comes_from_this_releases_urls(browser: Browser, server: Server) -> None:  # noqa: F811
    page = browser.new_page(viewport=LAPTOP)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(server.url)
    page.wait_for_selector("#play-now")
    page.goto(f"{server.url}/replay")
    page.wait_for_selector("#record-file")
    assets = [url for url in requested if re.search(r"\.(js|css|svg)$", url)]
    assert len(assets) >= 9 and all(re.search(r"/static/v/[0-9a-f]{12}/", url) for url in assets), assets
