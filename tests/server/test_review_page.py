"""The review of a finished game in a real browser, at a laptop's and a phone's size: opened from the game-over
screen it reviews the player's own decisions in the table's words, largest losses first or in game order, with
the chance of winning hand by hand; opened from the replay viewer it lets the seat be chosen; nothing overflows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route

from tests.server.test_browser import Server, browser, open_dealt_table, open_page, play_until, server  # noqa: F401
from tests.server.test_page_replay import SIZES, shot
from tests.server.test_review import finished_record


def fits(page: Page) -> None:
    """The review lies within the window: nothing scrolls sideways, in the dialog or the page."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    box = page.locator("dialog.review").bounding_box()
    size = page.viewport_size
    assert box and size and box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 1
    assert page.evaluate("(d => d.scrollWidth <= d.clientWidth)(document.querySelector('dialog.review'))")


def costs(page: Page) -> list[float]:
    return [float(item.get_attribute("data-cost") or "nan") for item in page.locator(".review-decision").all()]


def replay_at_phone_size(browser: Browser, server: Server, tmp_path: Path) -> Page:  # noqa: F811
    """The replay viewer at a phone's size with a short finished game loaded, as a player opens one to review."""
    page = open_page(browser, f"{server.url}/replay", 390, 844)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(finished_record(seed=12, target=4)))
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector(".replay .felt .seat")
    return page


@pytest.mark.parametrize(("name", "size"), SIZES)
def test_a_player_reviews_the_game_from_its_game_over_screen(
    browser: Browser,  # noqa: F811
    server: Server,  # noqa: F811
    tmp_path: Path,
    name: str,
    size: dict[str, int],
) -> None:
    page = open_page(browser, server.url, size["width"], size["height"])
    seats = [{"kind": "human"}, {"kind": "random", "name": "Rosa"}, {"kind": "random"}, {"kind": "heuristic"}]
    open_dealt_table(page, {"variant": "standard", "options": {"target": 3}, "seats": seats, "seed": 21})
    play_until(page, ".game-over", seconds=120)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, f"{name}-game-over-review.png", tmp_path)
    page.click(".side >> text=Review this game")
    page.wait_for_selector("dialog.review .review-status:has-text('decision')", timeout=60_000)
    assert page.locator("#review-title").inner_text() == "Review: You"
    assert not page.locator("#review-seat").count()  # a player reviews their own seat only
    status = page.locator(".review-status").inner_text()
    assert " by You;" in status, status
    items = page.locator(".review-decision")
    assert items.count() >= 1
    first = items.first.inner_text()
    assert "You chose " in first and "Holding" in first and first.startswith("Hand "), first
    assert costs(page) == sorted(costs(page), reverse=True)  # the largest losses first
    caption = page.locator(".review-figure figcaption").inner_text()
    assert "as the bots reckon it" in caption and "You & Partner" in caption, caption
    assert page.locator(".review-chart circle").count() >= 2
    fits(page)
    shot(page, f"{name}-review.png", tmp_path)
    page.click("text=In game order")
    hands = [int(text.split()[1]) for text in page.locator(".review-where strong").all_inner_texts()]
    assert hands == sorted(hands)
    fits(page)
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.review", state="detached", timeout=5_000)
    assert not page.errors  # type: ignore[attr-defined]
    page.close()


def test_a_replays_review_chooses_the_seat_on_a_phone(browser: Browser, server: Server, tmp_path: Path) -> None:  # noqa: F811
    page = replay_at_phone_size(browser, server, tmp_path)
    # The first answers, held back: another review of this address under way, then this one's progress.
    answers = [
        (429, {"error": "a review you asked for is still under way; this one can start when it is done", "busy": {}}),
        (202, {"status": "running", "hand": 2, "hands": 9, "message": "reviewing hand 3 of 9"}),
    ]

    def held(route: Route) -> None:
        if answers:
            status, body = answers.pop(0)
            route.fulfill(status=status, content_type="application/json", body=json.dumps(body))
        else:
            route.continue_()

    page.route("**/api/reviews", held)
    page.click("text=Review this game")
    page.wait_for_selector(".review-status:has-text('A review you asked for is still under way')")
    page.wait_for_selector(".review-status:has-text('Reviewing hand 3 of 9…')", timeout=10_000)
    assert page.locator(".review-progress").evaluate("bar => [bar.value, bar.max]") == [2, 9]
    shot(page, "phone-review-progress.png", tmp_path)
    page.wait_for_selector(".review-status:has-text('by South')", timeout=60_000)
    assert page.locator(".review-progress").is_hidden()
    assert page.locator("#review-title").inner_text() == "Review: South"
    page.select_option("#review-seat", "1")
    page.wait_for_selector(".review-status:has-text('by West')", timeout=60_000)
    text = page.locator(".review-list").inner_text()
    assert "West chose " in text and "You" not in text
    fits(page)
    shot(page, "phone-replay-review.png", tmp_path)
    page.click(".review-close")
    page.wait_for_selector("dialog.review", state="detached", timeout=5_000)
    assert not page.errors  # type: ignore[attr-defined]
    page.close()


def test_a_review_whose_hands_all_took_too_long_says_so(browser: Browser, server: Server, tmp_path: Path) -> None:  # noqa: F811
    page = replay_at_phone_size(browser, server, tmp_path)
    # A busy server: each hand ran past its time limit twice, and was left out.
    answer = {
        "status": "done", "seat": 0, "team": 0, "hands_total": 2, "first_hand": 0, "hands_reviewed": 2,
        "hands_skipped": [0, 1], "decisions": [], "level": 2,
        "chances": [{"hand": 0, "scores": [0, 0], "chance": 0.5}, {"hand": 1, "scores": [1, 0], "chance": 0.6},
                    {"hand": 2, "scores": [1, 4], "chance": 0.0}],
    }  # fmt: skip
    page.route(
        "**/api/reviews", lambda route: route.fulfill(status=200, content_type="application/json", body=json.dumps(answer))
    )
    page.click("text=Review this game")
    page.wait_for_selector(".review-status:has-text('0 decisions by South')", timeout=10_000)
    notes = page.locator("dialog.review").inner_text()
    assert "Hands 1, 2 took too long to review and are left out." in notes, notes
    assert "No decisions: no hand could be reviewed in time." in notes and "forced" not in notes, notes
    fits(page)
    page.close()
