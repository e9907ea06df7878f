"""``benchmarks/ties.py``: which pairs are ties, each rule's card and what counts as its clear error."""

from __future__ import annotations

from types import ModuleType

import pytest

import bowers
from bowers.bots.pimc import count_among
from bowers.bots.view import View
from tests.bots.test_pimc_ties import TIES
from tests.repository_scripts import load_script


@pytest.fixture(scope="module")
def ties() -> ModuleType:
    """The script as a module."""
    return load_script("benchmarks/ties.py", "ties_benchmark")


def _view() -> View:
    """Clubs trump; seat 3 to play, holding 9D QD QS, with JD unseen (so 9D and QD are not equivalent)."""
    seed, history, seat, _ = TIES[1]
    game = bowers.Game("standard", seed=seed)
    for actor, action in history:
        game.apply(action, seat=actor)
    return View(game.observation(seat))


def test_a_tie_is_a_card_worth_the_favourites_points_in_every_world(ties: ModuleType) -> None:
    worth = ties.Worth
    sample = {
        "play:9D": worth((1.0, 0.0, 2.0), (2, 1, 3)),
        "play:QD": worth((1.0, 0.0, 2.0), (2, 2, 3)),
        "play:QS": worth((1.0, 0.0, 2.0), (2, 1, 3)),  # the same points, another suit
    }
    view = _view()
    assert ties.tied_pairs(view, "play:9D", sample) == ["play:QD", "play:QS"]
    assert ties.tied_pairs(view, "play:9D", {**sample, "play:QD": worth((1.0, 0.0, 1.0), (2, 2, 2))}) == ["play:QS"]
    assert ties.same_suit(view, "play:9D", "play:QD") and not ties.same_suit(view, "play:9D", "play:QS")


def test_each_rule_chooses_its_card(ties: ModuleType) -> None:
    worth = ties.Worth
    view = _view()
    more = {"play:9D": worth((1.0, 0.0), (2, 1)), "play:QD": worth((1.0, 0.0), (2, 2))}
    assert ties.choices(view, "play:9D", "play:QD", more) == {
        "heuristic": "play:9D",
        "tricks": "play:QD",
        "count": "play:QD",  # more tricks: the count is not asked
        "lower": "play:9D",
        "higher": "play:QD",
    }
    same = {"play:9D": worth((1.0, 0.0), (2, 2)), "play:QD": worth((1.0, 0.0), (2, 2))}
    assert ties.choices(view, "play:QD", "play:9D", same)["tricks"] == "play:QD"  # no more tricks: the heuristic's
    # The same tricks: the count's card, as the count itself plays between the two.
    assert ties.choices(view, "play:QD", "play:9D", same)["count"] == count_among(view, ("play:QD", "play:9D"), "play:QD")
    suits = {"play:9D": worth((1.0, 0.0), (2, 1)), "play:QS": worth((1.0, 0.0), (2, 2))}
    assert ties.choices(view, "play:9D", "play:QS", suits) == {"heuristic": "play:9D", "tricks": "play:QS", "count": "play:QS"}


def test_a_clear_error_is_a_card_never_better_and_sometimes_worse(ties: ModuleType) -> None:
    worth = ties.Worth
    judged = {"a": worth((1.0, 0.0, 2.0), (2, 1, 3)), "b": worth((1.0, 1.0, 2.0), (2, 2, 3))}
    assert ties.clear_error("a", "b", judged)
    assert not ties.clear_error("b", "a", judged)
    assert not ties.clear_error("a", "a", judged)  # never worse, but never better either
    judged["c"] = worth((2.0, 0.0, 1.0), (3, 1, 2))  # better in one world, worse in another: a judgement
    assert not ties.clear_error("a", "c", judged)
