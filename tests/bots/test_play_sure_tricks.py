"""A trick the heuristic wins for sure from the opponents is taken, with its cheapest winning card (version 2):
positions of self-play hands where the baseline kept its trump for later and lost points by it."""

from __future__ import annotations

import pytest

import bowers
from bowers.bots import create
from tests.rules.deals import run

# (seed of the standard deal, its history up to the decision, the play now, the baseline's play or None where
# it took the trick too)
POSITIONS = [
    # Diamonds are trump and the makers hold one trick: the queen of trump takes the spade trick (the last
    # opponent holds no higher trump), where version 2 weighed the trick against its trumps' later value and
    # threw a club.
    (
        100007,
        "1:pass 2:pass 3:pass 0:pass 1:pass 2:call:D 2:partner 1:QC 2:AC 3:9D 0:JC 3:KH 0:TD 1:9H 2:9C 0:9S 1:KS",
        "play:QD",
        None,
    ),
    # Clubs are trump: last to play to the opponents' queen of spades, the maker ruffs with the ace of trump
    # rather than throwing the nine of diamonds.
    (
        100015,
        "2:pass 3:pass 0:pass 1:order 1:partner 1:discard:QH 2:TH 3:9H 0:KH 1:TC 1:QC 2:JC 3:9C 0:KC 2:QS 3:9S 0:JH",
        "play:AC",
        "play:9D",
    ),
    # Last to play to the first trick, the defender ruffs the ace of spades with its ten of trump.
    (100016, "0:pass 1:pass 2:order 2:partner 3:discard:9S 0:AS 1:JS 2:9H", "play:TD", "play:QH"),
    # Last to play to a spade trick, the maker ruffs with the queen of clubs, keeping the right bower and the ace.
    (100021, "0:pass 1:pass 2:pass 3:pass 0:pass 1:call:C 1:partner 0:QH 1:JH 2:AH 3:9H 2:9S 3:TS 0:QS", "play:QC", "play:KD"),
]


@pytest.mark.parametrize(("seed", "history", "now", "baseline"), POSITIONS)
def test_a_sure_trick_is_taken_with_the_cheapest_winner(seed: int, history: str, now: str, baseline: str | None) -> None:
    game = bowers.Game("standard", seed=seed)
    run(game, history)
    seat = game.to_act
    assert seat is not None
    observation = game.observation(seat)
    assert create("heuristic", seed=0).act(observation) == now
    if baseline is not None:
        assert create("heuristic", seed=0, version=1).act(observation) == baseline
