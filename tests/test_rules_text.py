"""The players' rules texts: one per variant, each naming every option of its variant."""

from __future__ import annotations

import re

import pytest

from bowers.errors import OptionError
from bowers.game import Game
from bowers.rules_text import rules_text, split_introduction
from bowers.variants import variant, variants


def _typed(value: object) -> str:
    """An option value as a player types it: true/false, 0,0, 24."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


@pytest.mark.parametrize("name", variants())
def test_every_variant_has_text_naming_its_options(name: str) -> None:
    own = rules_text(name, common=False)
    assert own.startswith("# ")
    assert f"(`{name}`)" in own.splitlines()[0]
    for option in variant(name).options:
        assert f"`{option.name}`" in own, f"{name} rules do not mention option {option.name}"


@pytest.mark.parametrize("name", variants())
def test_text_lists_each_option_default(name: str) -> None:
    own = rules_text(name, common=False)
    for option in variant(name).options:
        row = re.search(rf"^\| `{option.name}` \| `([^`]*)` \|", own, re.MULTILINE)
        assert row is not None, f"{name}: no options-table row for {option.name}"
        assert row.group(1) == _typed(option.default)


@pytest.mark.parametrize("name", variants())
def test_text_has_scoring_and_actions(name: str) -> None:
    own = rules_text(name, common=False)
    for heading in ("## Scoring", "## Options", "## What you type"):
        assert heading in own
    assert "`play:<card>`" in own


@pytest.mark.parametrize("name", variants())
def test_basics_come_between_the_summary_and_the_variant_rules(name: str) -> None:
    """The title and summary first, then the basics, then the variant's own sections, then the shared rules."""
    full = rules_text(name)
    introduction, own = split_introduction(rules_text(name, common=False))
    assert full.startswith(introduction)
    basics = full.index("## Euchre basics")
    assert basics < full.index(own.split("\n", 1)[0]) < full.index("## Rules every variant shares")
    assert "claim-renege" in full[full.index("## Rules every variant shares") :]


# Terms the variant texts use, each defined (in bold) in the basics.
BASIC_TERMS = ("tricks", "follow\nsuit", "trump", "right bower", "left bower", "kitty", "turn-up", "maker")
BASIC_TERMS += ("defenders", "go\nalone", "sits out", "euchred", "march", "no-trump")


@pytest.mark.parametrize("name", variants())
def test_each_basic_term_is_defined_before_the_variant_rules_use_it(name: str) -> None:
    """A newcomer meets every basic term after its definition: no section of the variant uses it earlier."""
    full = rules_text(name)
    _, own = split_introduction(rules_text(name, common=False))
    own_start = full.index(own.split("\n", 1)[0])
    for term in BASIC_TERMS:
        definition = full.find(f"**{term}**")
        assert 0 <= definition < own_start, f"{term!r} is not defined in the basics, before the variant's rules"


AMBIGUOUS = re.compile(r"`(?:(?:discard|give|play):C|(?:discard|twos-threes):C,C,C|play:JK:S|bid:NS)`")


@pytest.mark.parametrize("name", [*variants(), "basics", "common"])
def test_placeholders_cannot_be_mistaken_for_cards(name: str) -> None:
    """``discard:<card>``, never ``discard:C`` (which reads as "discard clubs"); ``call:S`` only among the four suits."""
    text = rules_text(name, common=False) if name in variants() else _packaged(name)
    assert not AMBIGUOUS.search(text)
    for line in text.splitlines():
        for keyword in ("call", "order"):
            if f"`{keyword}:S`" in line:
                assert f"`{keyword}:C`, `{keyword}:D`, `{keyword}:H`, `{keyword}:S`" in line, line


def _packaged(name: str) -> str:
    from importlib.resources import files

    return files("bowers").joinpath("rules_text").joinpath(f"{name}.md").read_text(encoding="utf-8")


def test_players_words_not_programmers_words() -> None:
    """No "drawn at random from that seed" or "keep their player order" in what players read."""
    for name in variants():
        text = rules_text(name).lower()
        for phrase in ("seed", "player order", "keep their"):
            assert not re.search(rf"\b{phrase}\b", text), f"{name}: {phrase!r}"


def test_no_trump_is_an_ordered_joker_and_jokers_are_then_not_trumps() -> None:
    basics = _packaged("basics")
    assert "when a turned-up Joker is ordered" in basics
    assert "a Joker is not a trump but a card of\nno suit" in basics


@pytest.mark.parametrize("name", ["standard", "british", "railroad"])
def test_alone_lead_says_who_leads_a_lone_maker_against_a_lone_defender(name: str) -> None:
    own = " ".join(rules_text(name, common=False).split())
    assert "When a lone maker meets a lone defender only those two play: with `maker-left` the lone defender leads" in own


def test_variant_name_is_case_insensitive() -> None:
    assert rules_text("Railroad") == rules_text("railroad")


def test_unknown_variant_lists_variants() -> None:
    with pytest.raises(OptionError) as caught:
        rules_text("canasta")
    for name in variants():
        assert name in str(caught.value)


def test_joker_decisions_are_stated_for_players() -> None:
    assert "If the Joker is turned up" in rules_text("british", common=False)
    assert "no-trump" in rules_text("railroad", common=False)
    assert "`order:<suit>`" in rules_text("ultimate", common=False)


# ---------------------------------------------------------------------- the worked examples, played through the engine


def _example(name: str) -> str:
    own = rules_text(name, common=False)
    start = own.index("## A worked example")
    end = own.index("\n## ", start + 1)
    return own[start:end]


def _stated_points(text: str, teams: int) -> list[int]:
    """Points per team from the example's "**Points:**" paragraph ("seats 1 and 3 score 2", "seat 0 scores 2")."""
    paragraph = " ".join(text[text.index("**Points:**") :].split("\n\n")[0].split())
    points = [0] * teams
    stated = re.findall(r"seats? (\d+(?:(?:, | and )\d+)*) scores? (\d+)", paragraph)
    assert stated, f"no points stated in {paragraph!r}"
    for seats, score in stated:
        team = int(re.findall(r"\d+", seats)[0]) % teams
        points[team] = int(score)
    return points


@pytest.mark.parametrize("name", variants())
def test_worked_example_plays_as_written(name: str) -> None:
    """Each rules text has a worked example of one hand; its deal, actions, tricks and points are the engine's."""
    text = _example(name)
    dealer = int(re.search(r"Seat (\d) deals", text).group(1))  # type: ignore[union-attr]
    hands = {int(seat): cards.split() for seat, cards in re.findall(r"^\| seat (\d) \| `([^`]*)` \|", text, re.MULTILINE)}
    kitty = re.search(r"^\| kitty \| `([^`]*)`", text, re.MULTILINE).group(1).split()  # type: ignore[union-attr]
    game = Game.from_deal(name, dealer=dealer, hands=[hands[s] for s in sorted(hands)], kitty=kitty, seed=0)
    for line in text.splitlines():
        if line.startswith("**As typed:**"):
            for seat, action in re.findall(r"`(\d+):([^`]+)`", line):
                game.apply(action, seat=int(seat))
    players = game.rules.players
    rows = re.findall(r"^\| (\d+) \| seat (\d) \| (.*) \| seat (\d) \|$", text, re.MULTILINE)
    assert len(rows) == game.rules.hand_size
    for number, leader, cells, winner in rows:
        assert game.hand.turn == int(leader), f"trick {number}: seat {game.hand.turn} leads, not seat {leader}"
        cards = [cell.strip().strip("`") for cell in cells.split(" | ")]
        assert len(cards) == players
        before = list(game.hand.tricks_won)
        order = [(int(leader) + i) % players for i in range(players)]
        for seat in order:
            if cards[seat] != "–":
                game.apply(f"play:{cards[seat]}")
        after = game.results[0]["tricks"] if game.results else game.hand.tricks_won
        assert [s for s in range(players) if after[s] != before[s]] == [int(winner)], f"trick {number}"
    assert len(game.results) == 1, "the example's hand did not end with its last trick"
    assert game.results[0]["points"] == _stated_points(text, game.rules.teams)


def test_docs_variants_lists_every_option_of_every_variant() -> None:
    """docs/variants.md's options table names each variant that has each option (or says "all")."""
    from pathlib import Path

    page = (Path(__file__).parent.parent / "docs" / "variants.md").read_text(encoding="utf-8")
    table = page[page.index("## Options") : page.index("## The engine's view")]
    rows: dict[str, str] = {}
    for option, variants_cell in re.findall(r"^\| `(\w+)` \| ([^|]*) \|", table, re.MULTILINE):
        rows[option] = rows.get(option, "") + variants_cell
    for name in variants():
        for option in variant(name).options:
            cell = rows.get(option.name, "")
            assert cell.strip() == "all" or f"`{name}`" in cell, f"docs/variants.md: {option.name} does not name {name}"
    assert "### Bid Railroad (`bid-railroad`)" in page and "## Decisions" in page
