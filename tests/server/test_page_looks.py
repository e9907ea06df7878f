"""How the page reads in a real browser at a laptop's and a phone's size: every line of text readable in the dark
colour scheme as in the light one (its contrast with what lies under it measured on the page)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.server.test_browser import Server, browser, open_dealt_table, server  # noqa: F401  (fixtures)
from tests.server.test_page_table import LAPTOP, PHONE, act

SCREENSHOTS = os.environ.get("BOWERS_SCREENSHOTS")  # a directory to keep the screenshots in, when set
SIZES = [("laptop", LAPTOP), ("phone", PHONE)]

# Every visible piece of text whose contrast with the colour under it (its own and its ancestors' backgrounds laid
# over each other; the felt's gradient read as its darker colour) is below WCAG's 4.5:1.  Card faces are drawn in
# SVG, white in both schemes, and are left out; so are disabled controls, which WCAG leaves out too.
LOW_CONTRAST = """() => {
  const parse = (text) => {
    const found = text.match(/rgba?\\(([^)]+)\\)/);
    if (!found) return null;
    const parts = found[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
  };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3]));
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const feltColour = () => {
    const probe = document.createElement("span");
    probe.style.color = "var(--felt-dark)";
    document.body.append(probe);
    const colour = parse(getComputedStyle(probe).color);
    probe.remove();
    return colour;
  };
  const felt = feltColour();
  const under = (node) => {
    const layers = [];
    for (let n = node; n; n = n.parentElement) {
      const style = getComputedStyle(n);
      if (n.classList.contains("felt")) { layers.push(felt); break; }
      const colour = parse(style.backgroundColor);
      if (colour && colour[3] > 0) { layers.push(colour); if (colour[3] >= 1) break; }
    }
    let out = [255, 255, 255];
    for (const layer of layers.reverse()) out = over(layer, out);
    return out;
  };
  const low = [];
  const walker = document.createTreeWalker(document.getElementById("app"), NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const node = text.parentElement;
    if (!text.textContent.trim() || node.closest("svg, .visually-hidden, [disabled], option")) continue;
    const box = node.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(node).visibility === "hidden") continue;
    const background = under(node);
    const colour = over(parse(getComputedStyle(node).color), background);
    const [a, b] = [luminance(colour), luminance(background)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    if (ratio < 4.5) low.push(`${text.textContent.trim().slice(0, 30)}: ${ratio.toFixed(2)}`);
  }
  return low;
}"""


def shot(page: Page, name: str, tmp_path: Path, full_page: bool = False) -> None:
    path = Path(SCREENSHOTS or tmp_path) / name
    page.screenshot(path=str(path), full_page=full_page)
    assert path.stat().st_size > 0


def at(browser: Browser, url: str, size: dict[str, int], **context: Any) -> Page:  # noqa: F811
    page = browser.new_page(viewport=size, **context)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(url)
    return page


@pytest.mark.parametrize("scheme", ["dark", "light"])
@pytest.mark.parametrize(("name", "size"), SIZES)
def test_every_page_reads_in_either_colour_scheme(
    browser: Browser,  # noqa: F811
    server: Server,  # noqa: F811
    tmp_path: Path,
    scheme: str,
    name: str,
    size: dict[str, int],
) -> None:
    page = at(browser, server.url, size, color_scheme=scheme)
    page.click("#choose-game")
    page.wait_for_selector("form.lobby #seat-3")
    assert page.evaluate(LOW_CONTRAST) == []
    if scheme == "dark":
        shot(page, f"{name}-dark-first-page.png", tmp_path, full_page=True)
    body = {"variant": "standard", "seed": 15, "seats": [{"kind": "human"}] + [{"kind": "heuristic"}] * 3}
    open_dealt_table(page, body)
    page.wait_for_selector(".controls .prompt")
    assert page.evaluate(LOW_CONTRAST) == []
    if scheme == "dark":
        shot(page, f"{name}-dark-table.png", tmp_path)
    page.goto(f"{server.url}/replay")
    page.wait_for_selector("#record-file")
    assert page.evaluate(LOW_CONTRAST) == []
    assert not page.errors  # type: ignore[attr-defined]
    page.close()


def on_screen(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]  # type: ignore[index]
    assert found and found["y"] >= 0 and found["y"] + found["height"] <= height + 1, (selector, found)
    return found


@pytest.mark.parametrize(("name", "size"), SIZES)
def test_a_hint_to_play_a_card_stays_in_sight_above_the_hand(
    browser: Browser,  # noqa: F811
    server: Server,  # noqa: F811
    tmp_path: Path,
    name: str,
    size: dict[str, int],
) -> None:
    page = at(browser, server.url, size)
    # Deal 5 of the standard game: you bid first; passing, you lead the first trick once a rule player names trump.
    open_dealt_table(page, {"variant": "standard", "seed": 5, "seats": [{"kind": "human"}] + [{"kind": "heuristic"}] * 3})
    page.wait_for_selector(".controls .prompt")
    while not page.locator(".controls .prompt:has-text('Your lead'), .controls .prompt:has-text('Your play')").count():
        if not act(page, prefer=("pass",)):
            page.wait_for_timeout(30)
    page.keyboard.press("h")
    page.wait_for_selector(".hint .hint-best", timeout=60_000)
    # The suggested card is tagged, the tag and the suggestion in sight and above the hand, never under it.
    tag = on_screen(page, ".hand .card.hinted .card-hint")
    hint = on_screen(page, ".hint")
    hand = on_screen(page, ".hand")
    assert hint["y"] + hint["height"] <= hand["y"] + 1 and tag["y"] >= hint["y"] + hint["height"] - 1, (hint, tag, hand)
    shot(page, f"{name}-hint.png", tmp_path)
    # Opened, why and the other choices scroll in their own box: the hand stays on the screen.
    page.click(".hint summary")
    hint = on_screen(page, ".hint")
    for card in page.locator(".hand .card").all():
        where = card.bounding_box()
        assert where and where["y"] >= hint["y"] + hint["height"] - 1, (where, hint)
        assert where["y"] + where["height"] <= size["height"], where
    assert not page.errors  # type: ignore[attr-defined]
    page.close()
