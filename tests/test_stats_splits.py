"""A study's figures split by a property of each hand (``bowers stats --by``): who held a card, the maker's seat
and trumps, the bid level or how trump was made, and the score a hand began from."""

from __future__ import annotations

import io
import json
import random
from dataclasses import replace
from typing import Any

import pytest
from click.testing import CliRunner

from bowers.cards import parse_card, parse_suit
from bowers.cli import cli
from bowers.errors import OptionError
from bowers.facts import hand_facts
from bowers.game import Game
from bowers.stats import Study, study, study_records
from bowers.stats.splits import NO_MAKER, split_study, splitter
from bowers.tables import trump_tables
from bowers.variants import make_rules
from tests.shared_data import EGN_DIRECTORY

# Seat 2 holds the right bower of spades, and the turn-up is a spade: whoever orders it up makes spades trump.
DEAL = (
    ["9C", "TC", "QC", "KC", "AC"],
    ["9D", "TD", "QD", "KD", "AD"],
    ["JS", "9H", "TH", "QH", "KH"],
    ["AH", "JC", "JD", "JH", "AS"],
)
KITTY = ["9S", "TS", "QS", "KS"]


def _played_out(orderer: int, seed: int) -> dict[str, Any]:
    """The record of one standard hand from ``DEAL`` (dealer 3) in which ``orderer`` orders up with its partner,
    the rest of the hand played at random."""
    game = Game.from_deal("standard", 3, DEAL, KITTY)
    chooser = random.Random(seed)
    for _ in range(orderer):  # the seats before the orderer pass, from the dealer's left
        game.apply("pass")
    game.apply("order")
    if "partner" in game.legal_actions():
        game.apply("partner")
    while game.hand_number == 0 and not game.is_over:
        game.apply(chooser.choice(game.legal_actions()))
    return game.record()


@pytest.mark.parametrize(
    ("orderer", "expected"), [(0, "the maker's partner"), (1, "a defender"), (2, "the maker"), (3, "a defender")]
)
def test_who_held_a_card_is_read_from_who_played_it(orderer: int, expected: str) -> None:
    # Seats pass from the dealer's left, seat 0, so seat ``orderer`` orders up. Seat 2 holds JS: its own order
    # makes it the maker's card, seat 0's its partner's, seats 1 and 3 (the dealer) a defender's.
    for seed in range(3):
        recorded = study_records([_played_out(orderer, seed)])
        split = split_study(recorded, "holder:js")
        assert split.key == "holder:JS"
        names = [g.name for g in split.groups if g.hands]
        assert names == [expected], (seed, names)


def _trumps_dealt(rules: Any, hand: list[str], trump: str) -> int:
    suit = parse_suit(trump)
    effective = trump_tables(rules.deck, rules.trump_jokers, rules.left_above_right, suit).effective_suit
    return sum(effective[parse_card(card)] == suit for card in hand)


def test_the_makers_trumps_are_those_it_was_dealt_when_no_card_changed_hands() -> None:
    rules = make_rules("standard")
    result = study("standard", players="heuristic", deals=40, seed=3, workers=1, settings={}, options={})
    checked = 0
    for hand in result.hands_list:
        facts = hand.facts
        if facts.maker is None or facts.maker == facts.dealer or facts.renege or facts.trump is None:
            continue  # a dealer's hand changes with the turn-up; a renege claim stops the play
        group = split_study(replace(result, hands_list=(hand,)), "trumps").groups[0].name
        count = _trumps_dealt(rules, list(facts.played[facts.maker]), facts.trump)
        assert group == f"{count} trump" + ("s" if count != 1 else "")
        checked += 1
    assert checked > 20


@pytest.mark.parametrize(("variant", "key"), [("railroad", "holder:JK"), ("standard", "maker"), ("bid", "level"),
                                                ("ultimate", "trumps"), ("standard", "making")])
def test_groups_share_out_every_hand_and_are_measured_as_a_study_is(variant: str, key: str) -> None:
    result = study(variant, players="heuristic", deals=30, seed=1, workers=1)
    split = split_study(result, key)
    assert sum(group.hands for group in split.groups) == result.hands
    assert sum(group.share.count or 0 for group in split.groups) == result.hands
    assert sum(group.share.value or 0.0 for group in split.groups) == pytest.approx(1.0)
    for group in split.groups:
        share = group.share
        assert share.low is not None and share.high is not None and share.value is not None
        assert share.low <= share.value <= share.high
        # Each group's contracts are the study's contracts in it: they add up to the whole.
    contracts = sum(group.figures["makers_made"].out_of or 0 for group in split.groups)
    assert contracts == result.figures["makers_made"].out_of
    made = sum(group.figures["makers_made"].count or 0 for group in split.groups)
    assert made == result.figures["makers_made"].count


def test_the_maker_split_names_the_seats_and_sets_hands_without_a_maker_apart() -> None:
    result = study("standard", players="heuristic", deals=40, seed=2, workers=1)
    split = split_study(result, "maker")
    names = [group.name for group in split.groups]
    order = ["the dealer's left", "2 seats left of the dealer", "3 seats left of the dealer", "the dealer", NO_MAKER]
    assert names == [name for name in order if name in names]
    for group in split.groups:
        if group.name != NO_MAKER:
            assert group.figures["trump_made"].value == 1.0


def test_the_score_split_bands_the_dealers_lead_by_a_quarter_of_the_target() -> None:
    rules = make_rules("standard")
    cut = splitter(rules, "score")
    base = hand_facts(rules, {"dealer": 1, "maker": None, "points": [0, 0], "tricks": [0, 0, 0, 0]})
    # The dealer (seat 1) is on team 1; its lead is team 1's score minus team 0's. A quarter of 10 is 2.
    bands = {(0, 0): "level", (3, 4): "ahead by 1", (4, 3): "behind by 1", (2, 9): "ahead by 2 or more",
             (9, 2): "behind by 2 or more"}
    for scores, band in bands.items():
        assert cut.group_of(replace(base, scores_before=scores)) == band
    assert cut.order == ("behind by 2 or more", "behind by 1", "level", "ahead by 1", "ahead by 2 or more")
    games = study("two-hand", players="heuristic", games=4, seed=1, workers=1)
    split = split_study(games, "score")
    assert len(split.groups) > 1 and sum(group.hands for group in split.groups) == games.hands


def test_a_split_the_rules_or_hands_cannot_give_is_one_clear_error() -> None:
    standard, bid = make_rules("standard"), make_rules("bid")
    with pytest.raises(OptionError, match="not in standard's deck"):
        splitter(standard, "holder:JK")
    with pytest.raises(OptionError, match="try --by making"):
        splitter(standard, "level")
    with pytest.raises(OptionError, match="try --by level"):
        splitter(bid, "making")
    with pytest.raises(OptionError, match=r"splits: holder:CARD, maker, trumps, level, making, score"):
        splitter(standard, "colour")
    with pytest.raises(OptionError, match="needs a card"):
        splitter(standard, "holder:ZZ")
    bare = study("standard", players="random", deals=3, seed=1, workers=1)
    stripped: Study = replace(bare, hands_list=tuple(replace(h, facts=replace(h.facts, played=())) for h in bare.hands_list))
    with pytest.raises(OptionError, match="cards each seat played"):
        split_study(stripped, "trumps")


def _run(*arguments: str) -> Any:
    return CliRunner().invoke(cli, ["stats", *arguments], terminal_width=200)


def test_stats_by_prints_a_table_per_split_and_json_gives_every_group() -> None:
    result = _run("--variant", "railroad", "--players", "heuristic", "--deals", "12", "--workers", "1",
                  "--by", "holder:JK", "--by", "maker")
    assert result.exit_code == 0, result.output
    words = " ".join(result.output.split())  # the table's title folds to the terminal's width
    assert "split by who played JK" in words and "split by the maker's seat" in words
    assert "share of hands" in words and "a defender" in words
    result = _run("--variant", "railroad", "--players", "heuristic", "--deals", "12", "--workers", "1",
                  "--by", "holder:JK", "--json")
    data = json.loads(result.output)
    (split,) = data["splits"]
    assert split["key"] == "holder:JK" and split["label"] == "who played JK"
    assert sum(group["hands"] for group in split["groups"]) == data["hands"]
    assert all({"value", "ci95", "count", "of"} <= set(group["share"]) for group in split["groups"])
    assert all("makers_made" in group["figures"] for group in split["groups"])


def test_stats_by_on_real_games_and_its_refusals_are_one_line() -> None:
    games = [str(path) for path in sorted(EGN_DIRECTORY.glob("*.egn"))]
    result = _run("--by", "maker", *games)
    assert result.exit_code == 0, result.output
    assert "split by the maker's seat" in " ".join(result.output.split())
    for arguments, words in [
        (("--by", "holder:JK", "--deals", "2"), "not in standard's deck"),
        (("--by", "level", "--deals", "2"), "try --by making"),
        (("--by", "maker", "--compare", "stick_the_dealer=true", "--deals", "2"), "--by splits one study's hands"),
        (("--by", "nonsense", *games), "is not a split"),
    ]:
        result = _run(*arguments)
        lines = [line for line in result.output.splitlines() if line.strip()]
        assert result.exit_code != 0 and len(lines) == 1 and words in lines[0], result.output


def test_on_a_narrow_screen_a_split_comes_in_tables_that_fit_it() -> None:
    from rich.console import Console
    from rich.measure import Measurement

    from bowers.cli.stats import split_tables

    result = study("railroad", players="heuristic", deals=30, seed=1, workers=1)
    split = split_study(result, "trumps")
    assert len(split.groups) > 5
    console = Console(width=100, file=io.StringIO())
    tables = split_tables(split, 100)
    assert len(tables) > 1 and len(split_tables(split)) == 1
    assert sum(len(table.columns) - 1 for table in tables) == len(split.groups)
    assert all(Measurement.get(console, console.options, table).minimum <= 100 for table in tables)
    assert len({table.row_count for table in tables}) == 1  # every table has every figure
