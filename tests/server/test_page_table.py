"""The table page as players see it, played in a real browser at the sizes people use: a 1366x768 laptop and a 390x844 phone.

Names, log lines, hints, card positions and summaries are read off the page; the messages the server sent are read from
the page's own websocket where a check needs them.  Every wait is for a condition, never a fixed sleep.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from playwright.sync_api import Browser, Page

from tests.server.test_browser import Server, browser, open_dealt_table, server  # noqa: F401  (fixtures)

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
RTL_NAME = "\u202e" + "Carol the card shark from up north"  # a right-to-left override, then 34 letters
LONG_NAME = "Dee" + "e" * 37  # 40 characters and no space to break at
ISOLATES = str.maketrans("", "", "\u2068\u2069")

# Records, in the page, every movement it starts (its name and the card moved) and how long each complete trick
# stays on the felt.
WATCH_TRICKS = """
window.__moves = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
  window.__moves.push([options && options.id, this.dataset.card]);
  return animate.call(this, keyframes, options);
};
window.__tricks = [];
document.addEventListener("DOMContentLoaded", () => {
  let since = null;
  new MutationObserver(() => {
    const felt = document.querySelector(".play-area .felt");
    if (!felt) return;
    const cards = felt.querySelectorAll(".centre .trick-card").length;
    const players = felt.querySelectorAll(".seat:not(.sitting-out)").length;
    if (cards && cards === players && since === null) since = performance.now();
    if (cards < players && since !== null) {
      window.__tricks.push(performance.now() - since);
      since = null;
    }
  }).observe(document.body, { childList: true, subtree: true });
});
"""


# Keeps every line the page speaks to screen readers (its live region), in order.
RECORD_SPOKEN = """
window.__spoken = [];
document.addEventListener("DOMContentLoaded", () => {
  const node = document.getElementById("announcer");
  new MutationObserver(() => { if (node.textContent) window.__spoken.push(node.textContent); })
    .observe(node, { childList: true, characterData: true, subtree: true });
});
"""

def open_at(browser: Browser, url: str, size: dict[str, int], **context: Any) -> Page:  # noqa: F811
    """A page at ``size`` that keeps the page errors and every message its websocket received."""
    page = browser.new_page(viewport=size, **context)
    errors: list[str] = []
    frames: list[dict[str, Any]] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))))
    page.errors = errors  # type: ignore[attr-defined]
    page.frames_received = frames  # type: ignore[attr-defined]
    page.goto(url)
    return page


def act(page: Page, prefer: tuple[str, ...] = ()) -> bool:
    """One choice if it is this page's turn: the first preferred button there is, else the first button, else a card.

    Cards are chosen with the keyboard (focus, Enter), as a person does with a fanned hand whose cards overlap.
    """
    # The buttons are read at once: read one by one, the page could show the next decision between two reads,
    # and its first button would be taken for want of a preferred one seen earlier.
    offered: list[str] = page.eval_on_selector_all(
        ".controls button.action:not([disabled])", "buttons => buttons.map((button) => button.dataset.action)"
    )
    if offered:
        chosen = next((shown for action in prefer for shown in offered if shown.startswith(action)), offered[0])
        page.locator(f".controls button.action:not([disabled])[data-action='{chosen}']").first.click()
        return True
    card = page.locator(".hand .card.legal")
    if card.count():
        card.first.focus()
        page.keyboard.press("Enter")
        return True
    return False


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found, f"{selector} is not on the page"
    return found


SEATS_OUTSIDE = """() => {
  const felt = document.querySelector(".play-area .felt").getBoundingClientRect();
  const left = Math.max(felt.left, 0) - 1;
  const right = Math.min(felt.right, window.innerWidth) + 1;
  const parts = document.querySelectorAll(".play-area .felt :is(.seat, .seat .name, .seat .chip, .seat-cards .card)");
  const outside = [...parts].filter((part) => {
    const r = part.getBoundingClientRect();
    return r.left < left || r.right > right || r.top < felt.top - 1 || r.bottom > felt.bottom + 1;
  });
  return outside.map((part) => `${part.className} ${part.textContent}`);
}"""


def assert_seats_fit(page: Page) -> None:
    """Every seat, its name and its cards lie within the felt and the window (read at one moment); no sideways scrolling."""
    assert page.locator(".play-area .felt .seat").count()
    assert page.evaluate(SEATS_OUTSIDE) == []
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


READ_LOG_AND_PAGE = """() => [
  [...document.querySelectorAll(".log .log-text")].map((line) => line.innerText),
  { trick: document.querySelectorAll(".centre .trick-card").length, body: document.body.innerText },
]"""


def log_lines(page: Page) -> list[str]:
    return [line.translate(ISOLATES) for line in page.locator(".log .log-text").all_inner_texts()]


def test_the_log_speaks_to_you_and_names_stay_in_their_boxes(browser: Browser, server: Server) -> None:  # noqa: F811
    page = open_at(browser, server.url, LAPTOP)
    names = ["Ann", RTL_NAME, "Bob", LONG_NAME]
    # Deal 5 has Right deal, so you bid first and the log has a line of yours even if Bob then goes alone.
    seats = [{"kind": kind, "name": name} for kind, name in zip(["human", "random", "random", "random"], names, strict=True)]
    open_dealt_table(page, {"variant": "standard", "seed": 5, "seats": seats})
    page.wait_for_selector(".hand .card")
    assert_seats_fit(page)
    deadline = time.monotonic() + 90
    while True:
        # One reading of the page for every check below: the bots play on while the test reads.
        lines, text = page.evaluate(READ_LOG_AND_PAGE)
        lines = [line.translate(ISOLATES) for line in lines]
        if len(lines) >= 12 and text["trick"]:
            break
        assert time.monotonic() < deadline, "the hand never reached its twelfth action"
        if not act(page):
            page.wait_for_timeout(30)
    text = text["body"]
    assert "You (Ann)" not in text and "Partner (Bob)" not in text
    # The second person for this seat, everyone else by name, cards as on the buttons.
    mine = [line for line in lines if line.startswith("You ")]
    assert mine and all(re.match(r"You (pass|play|order|pick|call|go alone|discard)\b", line) for line in mine), lines
    assert not any(re.match(r"You (passes|plays|orders|picks|calls|goes|discards)\b", line) for line in lines)
    assert any(line.startswith("Bob ") for line in lines) and not any(line.startswith("Partner") for line in lines)
    plays = [line for line in lines if re.search(r" plays? ", line) and " with " not in line]
    assert plays and all(re.search(r" plays? (10|[2-9JQKA])[♣♦♥♠]$", line) for line in plays), plays
    # Whoever made trump chose to play with a partner (named) or alone: one line says which, in words that fit.
    choices = [line for line in lines if re.search(r" with |go(es)? alone$", line)]
    assert len(choices) == 1 and "with partner" not in choices[0], choices
    assert re.fullmatch(r"You play with Bob|Bob plays with you|.+ plays with .+|.+ go(es)? alone", choices[0]), choices
    # Line numbers from 10 up are whole and inside the log, read in one go: the bots play on and the log is
    # drawn again while the test reads.
    numbers_in_log = """() => {
      const log = document.querySelector(".log").getBoundingClientRect();
      return [...document.querySelectorAll(".log .log-n")].map((number) => {
        const where = number.getBoundingClientRect();
        return [number.textContent, where.left >= log.left && where.right <= log.right];
      });
    }"""
    numbers = page.evaluate(numbers_in_log)
    assert numbers
    for index, (number, inside) in enumerate(numbers):
        assert number.startswith(str(index + 1)) and inside, numbers
    # A right-to-left override in a name stays in the name: the team's score still follows the names.
    scores_after_names = """() => [...document.querySelectorAll(".status-bar .score")].map((score) =>
      score.querySelector("b").getBoundingClientRect().left
        >= score.querySelector(".score-team").getBoundingClientRect().right - 1)"""
    assert page.evaluate(scores_after_names) == [True, True]
    assert_seats_fit(page)
    assert not page.errors  # type: ignore[attr-defined]


def test_a_hint_on_a_laptop_keeps_the_hand_on_screen_and_names_each_choice(browser: Browser, server: Server) -> None:  # noqa: F811
    page = open_at(browser, server.url, LAPTOP)
    # Deal 5 has Right deal: your turn comes first, before any bot can go alone and leave you out of the hand.
    body = {"variant": "standard", "seed": 5, "seats": [{"kind": "human"}] + [{"kind": "random"}] * 3}
    open_dealt_table(page, body)
    page.wait_for_selector(".controls .prompt")
    page.keyboard.press("h")
    page.wait_for_selector(".hint .hint-best", timeout=60_000)
    advice = [m for m in page.frames_received if m["type"] == "hint"][-1]["advice"]  # type: ignore[attr-defined]
    # The suggestion on one line, marked as a hint (dashed and tagged), never like the focus ring (solid).
    best = page.locator(f".controls button.action[data-action='{advice[0]['action']}']")
    assert page.locator(".hint-best").inner_text().startswith(f"Hint {best.inner_text()}: about ")
    assert best.evaluate("(b) => getComputedStyle(b).outlineStyle") == "dashed"
    best.focus()
    assert best.evaluate("(b) => getComputedStyle(b).outlineStyle") == "solid"
    # Why, and the other choices, open on demand, in a player's words.
    page.click(".hint summary")
    text = page.locator(".hint").inner_text()
    assert "self-play" not in text and "solved worlds" not in text, text
    items = page.locator(".hint li").all()
    # Every choice the advisers ranked, in their order, each named as its own button (or card) is.
    assert [item.get_attribute("data-action") for item in items] == [a["action"] for a in advice]
    labels = [item.locator(".hint-choice").inner_text() for item in items]
    assert len(set(labels)) == len(labels)
    for item, label in zip(items, labels, strict=True):
        action = item.get_attribute("data-action") or ""
        button = page.locator(f".controls button.action[data-action='{action}']")
        if button.count():
            assert label == button.inner_text()
        else:  # a card: its verb and the card as the hand shows it
            keyword, card = action.split(":")[:2]
            verb = {"play": "Play", "discard": "Discard", "give": "Give"}[keyword]
            assert label == f"{verb} {card[0].replace('T', '10')}{dict(C='♣', D='♦', H='♥', S='♠')[card[1]]}"
    # The hint costs the felt some room, never the hand: every card, and the hint, are on the screen.
    for part in [*page.locator(".hand .card").all(), page.locator(".hint")]:
        where = part.bounding_box()
        assert where and where["y"] >= 0 and where["y"] + where["height"] <= LAPTOP["height"], where
    assert not page.errors  # type: ignore[attr-defined]


def test_ultimate_on_a_phone_keeps_every_card_on_screen_and_every_rank_in_the_trick_in_sight(
    browser: Browser, server: Server  # noqa: F811
) -> None:
    page = open_at(browser, server.url, PHONE)
    # Deal 6 has Right deal, so Left holds its 11 cards until the play (a dealer holds 12 before discarding).
    names = [None, LONG_NAME, None, RTL_NAME]
    seats = [{"kind": kind, "name": name} for kind, name in zip(["human", "random", "random", "random"], names, strict=True)]
    open_dealt_table(page, {"variant": "ultimate", "seed": 6, "seats": seats})
    page.wait_for_selector(".seat-cards.backs .card")
    assert page.locator(".seat[data-relative='1'] .seat-cards.backs .card").count() == 11
    assert_seats_fit(page)
    hidden_ranks = """() => {
      if (document.getAnimations().some((a) => a.playState === "running")) return null;
      const cards = [...document.querySelectorAll(".play-area .centre .trick-card")];
      const hidden = cards.filter((card) => {
        const r = card.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width * 0.15, r.top + r.height * 0.12);
        return !(top && card.contains(top));
      });
      return { count: cards.length, hidden: hidden.map((card) => card.dataset.card) };
    }"""
    deadline = time.monotonic() + 120
    full = 0
    while full < 2:
        assert time.monotonic() < deadline, "no complete trick was seen"
        seen = page.evaluate(hidden_ranks)
        if seen and seen["count"]:
            assert not seen["hidden"], f"the corner of {seen['hidden']} is covered"
            if seen["count"] == 4:
                full += 1
                assert_seats_fit(page)
                page.wait_for_selector(".felt.trick-done", state="detached")
        if not act(page):
            page.wait_for_timeout(30)
    assert not page.errors  # type: ignore[attr-defined]


def test_ultimates_twos_and_threes_step_says_what_you_can_do_and_is_never_a_bid(
    browser: Browser,  # noqa: F811
    server: Server,  # noqa: F811
) -> None:
    page = open_at(browser, server.url, PHONE)
    # Ultimate's deal 6: Right deals, you are asked first, and you hold fewer than three twos and threes.
    body = {"variant": "ultimate", "seed": 6, "seats": [{"kind": "human"}] + [{"kind": "heuristic"}] * 3}
    open_dealt_table(page, body)
    page.wait_for_selector(".controls .prompt:has-text('You hold fewer than three twos and threes: keep your cards')")
    assert page.locator(".controls button.action").all_inner_texts() == ["Keep my cards"]
    page.click(".controls button.action")
    # Your first bid: the others kept or returned their cards, but nobody has bid, so no seat says "Pass".
    page.wait_for_selector(".controls .prompt:has-text('or pass?')", timeout=60_000)
    bubbles = page.locator(".felt .bubble").all_inner_texts()
    assert not any("Pass" in bubble or "Kept" in bubble for bubble in bubbles), bubbles
    assert not page.errors  # type: ignore[attr-defined]


def test_the_dealer_sees_which_of_six_cards_was_the_turn_up(browser: Browser, server: Server) -> None:  # noqa: F811
    page = open_at(browser, server.url, LAPTOP)
    # Deal 15: you deal, and the rule players (deterministic) pass to you; you order, so you pick up the turn-up.
    body = {"variant": "standard", "seed": 15, "seats": [{"kind": "human"}] + [{"kind": "heuristic"}] * 3}
    open_dealt_table(page, body)
    page.wait_for_selector(".hand .card")
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, f"this seat never picked up the turn-up: {log_lines(page)}"
        if page.locator(".controls .prompt:has-text('Discard a card')").count():
            break
        # Buttons only (order, then play with a partner): a card chosen here would be the discard this test is about.
        button = page.locator(".controls button.action[data-action^='order'], .controls button.action[data-action='partner']")
        if button.count():
            button.first.click()
        else:
            page.wait_for_timeout(30)
    assert len(page.locator(".hand .card").all()) == 6
    states = [m for m in page.frames_received if m["type"] == "state"]  # type: ignore[attr-defined]
    turn_up = states[-1]["observation"]["turn_up"]
    picked = page.locator(".hand .card.picked-up")
    assert picked.count() == 1 and picked.get_attribute("data-card") == turn_up
    assert picked.locator(".card-tag").inner_text() == "picked up" and "picked up" in (picked.get_attribute("aria-label") or "")
    assert "You picked up" in page.locator(".centre .caption").inner_text()
    picked.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".hand .card.picked-up", state="detached")
    assert len(page.locator(".hand .card").all()) == 5
    assert not page.errors  # type: ignore[attr-defined]


def test_a_railroad_summary_says_who_defended_alone(browser: Browser, server: Server) -> None:  # noqa: F811
    page = open_at(browser, server.url, LAPTOP)
    # Deal 1 of the 24-card game: a rule player (deterministic) goes alone in the first hand, and you defend alone.
    body = {"variant": "railroad", "options": {"deck": 24}, "seed": 1, "seats": [{"kind": "human"}] + [{"kind": "heuristic"}] * 3}
    open_dealt_table(page, body)
    page.wait_for_selector(".hand .card")
    names = ["You", "Left", "Partner", "Right"]
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "no hand was defended alone"
        states = [m for m in page.frames_received if m["type"] == "state" and m["previous_hand"]]  # type: ignore[attr-defined]
        defended = [s["previous_hand"] for s in states if s["previous_hand"]["result"]["lone_defender"] is not None]
        if defended:
            hand = defended[0]
            assert hand["hand_number"] == 0 and hand["result"]["lone_defender"] == 0
            heading = f"Hand {hand['hand_number'] + 1} summary"
            summary = page.locator(".summary", has=page.locator(f"h2:text-is('{heading}')"))
            if summary.count():
                text = summary.inner_text()
                assert f"{names[hand['result']['lone_defender']]} defended alone." in text, text
                break
        if not act(page, prefer=("defend-alone", "pass")):
            page.wait_for_timeout(30)
    assert not page.errors  # type: ignore[attr-defined]


def test_a_jambone_hands_cards_are_credited_to_its_player_and_their_chooser_named(
    browser: Browser,  # noqa: F811
    server: Server,  # noqa: F811
) -> None:
    page = open_at(browser, server.url, LAPTOP)
    page.add_init_script(RECORD_SPOKEN)
    page.add_init_script(WATCH_TRICKS)
    # Railroad's deal 32 has Right deal, so you bid first: order up, then declare a Jambone.  The rule players
    # as first released (deterministic) then play it so that your card is the hand's last, spoken when the next hand
    # is dealt.
    first_release = {"kind": "heuristic", "settings": {"version": 1}}
    body = {"variant": "railroad", "seed": 32, "seats": [{"kind": "human"}] + [first_release] * 3}
    open_dealt_table(page, body)
    page.wait_for_selector(".hand .card")
    deadline = time.monotonic() + 120
    checked_log = False
    while not page.locator(".summary h2:text-is('Hand 1 summary')").count():
        assert time.monotonic() < deadline, "the Jambone hand did not end"
        lines = log_lines(page)
        plays = [line for line in lines if re.match(r"\w+ (plays|play|leads|lead) ", line)]
        if not checked_log and "You declare a Jambone" in lines and len(plays) >= 3:
            # Your exposed cards are yours in the log, with the opponent on your left named as their chooser.
            yours = [line for line in plays if line.startswith("You ")]
            assert yours and all(line.endswith(" (chosen by Left)") for line in yours), plays
            assert all("chose" not in line for line in plays if not line.startswith("You ")), plays
            checked_log = True
            # Your seat's chip says you named trump and play alone, its words on one line inside it.
            chip, word = box(page, ".seat[data-seat='0'] .maker-chip"), box(page, ".seat[data-seat='0'] .maker-chip .chip-word")
            assert word["y"] >= chip["y"] - 1 and word["y"] + word["height"] <= chip["y"] + chip["height"] + 1, (chip, word)
        if not act(page, prefer=("order", "jambone")):
            page.wait_for_timeout(30)
    assert checked_log
    # Spoken aloud too, the hand's last card included (said when the next hand is already dealt).
    spoken = [line for line in page.evaluate("window.__spoken") if re.match(r"\w+ (plays|play|leads|lead) ", line)]
    states = [m for m in page.frames_received if m["type"] == "state" and m["previous_hand"]]  # type: ignore[attr-defined]
    tricks = states[0]["previous_hand"]["tricks"]
    assert tricks[-1][-1][0] == 0, tricks[-1]
    yours = sum(seat == 0 for trick in tricks for seat, _ in trick)
    assert yours == len(tricks) >= 5
    assert sum(line.startswith("You ") and line.endswith("(chosen by Left)") for line in spoken) == yours, spoken
    assert not any(line.startswith("Left ") and "chosen" in line for line in spoken), spoken
    # Each card moves to the trick, those Left chose from your exposed hand included, and no card moves twice.
    moved = [card for name, card in page.evaluate("window.__moves") if name == "to-trick"]
    played = [card for trick in tricks for _, card in trick]
    assert moved[: len(played)] == played, (played, moved)
    assert not page.errors  # type: ignore[attr-defined]


def test_words_a_card_player_knows(browser: Browser, server: Server) -> None:  # noqa: F811
    page = open_at(browser, server.url, LAPTOP)
    page.click("#choose-game")
    page.wait_for_selector("form.lobby")
    form = page.locator("form.lobby").inner_text()
    assert "pimc" not in form and "Strong bot" in form
    assert "Stick the dealer" in page.locator("label[for='option-stick_the_dealer']").inner_text()
    # Each rule is a sentence, with no notation of what the control already allows.
    doc = page.locator("#option-stick_the_dealer-doc").inner_text()
    assert doc.endswith(".") and "true or false" not in doc
    # Variants by the names players use; no value written as a command line would take it.
    variants = page.locator("#variant option").all_inner_texts()
    assert "British Euchre" in variants and "Auction Euchre" in variants and "bid-railroad" not in variants
    docs = " ".join(page.locator("form.lobby small").all_inner_texts())
    assert not re.search(r"false:|dealer-left|maker-left|\[0, 0\]", docs), docs
    assert "such as 0, 0" in docs
    page.select_option("#seat-2", "human")
    page.fill("#seat-2-name", "Bob")
    page.select_option("#seat-3", "heuristic")
    page.click("button[type=submit]")
    page.wait_for_selector(".hand .card")
    felt = page.locator(".play-area .felt")
    assert "Bob" in felt.locator(".seat[data-seat='2'] .seat-title").inner_text()
    assert "(away)" in felt.locator(".seat[data-seat='2'] .seat-title").inner_text()
    assert "person" not in (felt.locator(".seat[data-seat='2']").get_attribute("aria-label") or "")
    assert "Strong bot, level 3" in felt.locator(".seat[data-seat='1']").inner_text()
    assert "Simple bot" in felt.locator(".seat[data-seat='3']").inner_text()
    facts = page.locator(".facts").inner_text()
    # The step of the hand in card players' words (the bots may already have ordered up: then it is the discard).
    assert "round 1" not in facts.lower() and re.search(r"Bidding|Discarding|Maker: alone or with partner|Playing", facts)
    assert "pimc" not in page.locator("body").inner_text()
    assert not page.errors  # type: ignore[attr-defined]


def test_a_malformed_invite_link_says_so_and_leads_back(browser: Browser, server: Server) -> None:  # noqa: F811
    page = open_at(browser, f"{server.url}/t/abcdef#%E0%A4%A", PHONE)
    page.wait_for_selector(".problem h1:has-text('This invite link is damaged')")
    page.click(".problem a:has-text('Start a new table')")
    page.wait_for_selector("#play-now")
    page.goto(f"{server.url}/t/nosuchtable#sometoken")
    page.wait_for_selector(".problem h1:has-text('No table at this link')")
    page.goto(server.url)
    page.click("#play-now")
    page.wait_for_selector(".hand .card")
    table = page.url.split("/t/")[1].split("#")[0]
    page.goto(f"{server.url}/t/{table}#not-a-seat")
    page.wait_for_selector(".problem h1:has-text('opens no seat')")
    page.click(".problem a:has-text('Watch this table')")
    page.wait_for_selector(".hand:has-text('You are watching this table')")
    # A spectator sits nowhere: the seats are the points of the compass, never "Seat 3".
    titles = " ".join(page.locator(".play-area .felt .seat-title").all_inner_texts())
    assert all(place in titles for place in ("South", "West", "North", "East")) and "Seat" not in titles, titles
    assert "Seat " not in page.locator("body").inner_text()
    assert not page.errors  # type: ignore[attr-defined]


def test_one_click_plays_the_default_game_against_bots(browser: Browser, server: Server) -> None:  # noqa: F811
    page = open_at(browser, server.url, LAPTOP)
    page.wait_for_selector("#play-now")
    assert page.locator("form.lobby").is_hidden()  # the form is one step away
    page.click("#choose-game")
    assert page.locator("form.lobby #variant").is_visible()
    page.click("#choose-game")
    page.click("#play-now")
    page.wait_for_url("**/t/**")
    page.wait_for_selector(".hand .card")
    # Five cards, or six if you deal and a bot has already ordered up the turn-up (you have not acted yet).
    cards = page.locator(".hand .card").count()
    assert cards == 5 or (cards == 6 and page.locator(".hand .card.picked-up").count() == 1), cards
    seats = page.locator(".seats").inner_text()
    assert seats.count("Strong bot") == 3 and "You: here" in seats
    assert "to 10" in page.locator(".status-bar").inner_text()
    assert not page.errors  # type: ignore[attr-defined]


def play_watching_tricks(page: Page, tricks: int, seconds: float = 120) -> list[float]:
    """Play (waiting, as a person does, for a finished trick to be taken) until ``tricks`` complete tricks were shown."""
    deadline = time.monotonic() + seconds
    while page.evaluate("window.__tricks.length") < tricks:
        assert time.monotonic() < deadline, "too few tricks were played"
        if page.locator(".felt.trick-done").count() or not act(page):
            page.wait_for_timeout(30)
    durations: list[float] = page.evaluate("window.__tricks")
    return durations


def test_cards_move_to_the_trick_which_stays_then_goes_to_its_winner(browser: Browser, server: Server) -> None:  # noqa: F811
    # Deal 5 has Left deal, so you bid first: nothing is played before the page joins, and the rule players
    # (deterministic) play the same game each time.
    body = {"variant": "standard", "seed": 5, "seats": [{"kind": "human"}] + [{"kind": "heuristic"}] * 3}
    page = open_at(browser, server.url, LAPTOP)
    page.add_init_script(WATCH_TRICKS)
    open_dealt_table(page, body)
    page.wait_for_selector(".hand .card")
    durations = play_watching_tricks(page, 5)
    assert min(durations) >= 1000, durations  # each finished trick stays at least a second
    # Once it is your turn again the table waits for you, and every state it sent has been shown.
    page.wait_for_selector(".controls button.action:not([disabled]), .hand .card.legal")
    # Each card played while the page watched moves to the trick, in the order played, and no other card does.
    states = [m for m in page.frames_received if m["type"] == "state"]  # type: ignore[attr-defined]
    plays = {m["actions"]: m["last_action"][1] for m in states if m["actions"] > states[0]["actions"]}
    played = [plays[n].split(":")[1] for n in sorted(plays) if plays[n].startswith("play:")]
    moves = page.evaluate("window.__moves")
    assert [card for name, card in moves if name == "to-trick"] == played, (played, moves)
    assert len(played) >= 15 and sum(name == "to-winner" for name, _ in moves) >= 15, moves
    assert not page.errors  # type: ignore[attr-defined]
    # With reduced motion nothing moves, but a finished trick still stays a moment.
    calm = browser.new_page(viewport=LAPTOP, reduced_motion="reduce")
    calm.add_init_script(WATCH_TRICKS)
    calm.goto(server.url)
    open_dealt_table(calm, body)
    calm.wait_for_selector(".hand .card")
    durations = play_watching_tricks(calm, 2)
    assert min(durations) >= 1000, durations
    assert calm.evaluate("window.__moves") == []
