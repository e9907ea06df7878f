"""``pimc`` and ``heuristic`` play every variant under every option set without failing.

Each option set is a variant's defaults with one option changed to each of its other values
(a choice, or the other truth value); the draw for seats and the scores are left out (they
only change who deals and where the game starts).  By default ``pimc`` solves exactly only the
last three tricks of a hand (the heuristic plays the tricks before), which keeps every case a
few seconds; BOWERS_LONG_TESTS=1 plays more deals with its default exact solves.
"""

from __future__ import annotations

from typing import Any

import pytest

import bowers
from bowers.bots import create
from bowers.bots.analysis import analyze_record
from bowers.match import play_match
from bowers.variants import variant, variants
from tests.sizes import LONG, size

LEFT_OUT = {"target", "initial_scores", "draw"}
# pimc's settings here: no time budget (the same seed, the same play), and short exact solves unless the run is long.
PIMC: dict[str, Any] = {"samples": 2, "time_budget": 0, **({} if LONG else {"exact_tricks": 3})}


def option_sets() -> list[tuple[str, dict[str, Any]]]:
    """(variant, options) for the defaults and each single change from them."""
    sets: list[tuple[str, dict[str, Any]]] = []
    for name in variants():
        sets.append((name, {}))
        for option in variant(name).options:
            if option.name in LEFT_OUT:
                continue
            values = [value for value in option.choices if value != option.default] if option.choices else [not option.default]
            sets.extend((name, {option.name: value}) for value in values)
    return sets


@pytest.mark.parametrize(("variant_name", "options"), option_sets(), ids=lambda value: str(value).replace(" ", ""))
def test_pimc_and_heuristic_play_every_option_set(variant_name: str, options: dict[str, Any]) -> None:
    teams = 3 if variant_name == "railroad-6" else 2
    players = ["pimc", "heuristic", "heuristic"][:teams]
    settings = [PIMC, {}, {}][:teams]
    deals = size(2, 3)
    result = play_match(variant_name, players, deals=deals, seed=11, workers=1, options=options, settings=settings)
    assert result.hands == deals * teams
    assert result.sides[0].decisions > 0 and result.sides[1].decisions > 0


def test_the_learned_bidders_fallback_never_makes_an_illegal_choice() -> None:
    # Railroad for six with the turn-up kept by the dealer: the model of the other seats has no learned model for
    # this discard and falls back to the heuristic, whose favourite (the turn-up) was played as it was, though
    # illegal, and pimc stopped with IllegalAction inside its search.
    result = play_match(
        "railroad-6",
        ["pimc", "heuristic", "heuristic"],
        deals=2,
        seed=817643,
        workers=1,
        options={"stick_the_dealer": False, "discard_turn_up": False},
        settings=[{"level": 1, "time_budget": 0, "bidding": "learned", "score_model": "points", "learned_weight": 0}, {}, {}],
    )
    assert result.hands == 2 * 3


def test_pimc_plays_and_analyses_a_hand_that_breaks_a_tie_past_the_target() -> None:
    # In Railroad for six two defending teams both score when the makers fail, so they can tie at the top past
    # the target; the game then plays another hand. pimc rebuilt that position from its scores, which were refused
    # as a game's starting scores, and stopped with OptionError; bowers analyze stopped the same way.
    options = {"initial_scores": [66, 66, 10]}
    result = play_match(
        "railroad-6",
        ["pimc", "heuristic", "heuristic"],
        deals=1,
        seed=5,
        workers=1,
        options=options,
        settings=[{**PIMC, "samples": 4}, {}, {}],
    )
    assert result.hands == 3 and result.sides[0].decisions > 0
    game = bowers.Game("railroad-6", seed=5, **options)
    bots = [create("heuristic", seed=seat) for seat in range(6)]
    while game.hand_number == 0 and not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat)), seat=seat)
    decisions = analyze_record(game.record(), seats=[0], level=1, time_budget=0, **({} if LONG else {"exact_tricks": 3}))
    assert decisions and all(decision.deal == 0 for decision in decisions)


@pytest.mark.parametrize("variant_name", variants())
def test_pimc_plays_on_through_reneges_and_wrong_claims(variant_name: str) -> None:
    # With reneges allowed, random players renege and claim reneges at random; most claims are wrong, and pimc must
    # read them (a wrong claim proves that the claimer's opponents followed suit) and play on.
    teams = 3 if variant_name == "railroad-6" else 2
    players = ["pimc", "random", "random"][:teams]
    settings = [{**PIMC, "samples": 4}, {}, {}][:teams]
    deals = size(2, 4)
    result = play_match(variant_name, players, deals=deals, seed=3, workers=1, options={"reneges": True}, settings=settings)
    assert result.hands == deals * teams and result.sides[0].decisions > 0
