"""A hand left with one suit leads its highest card (heuristic version 2): it takes the trick whenever a lower one
would, and no other suit is left to keep a low card's entry or guard for.  Positions of self-play hands where the
baseline led low and lost points by it."""

from __future__ import annotations

import pytest

import bowers
from bowers.bots import create
from tests.rules.deals import run

# (seed of the standard deal, its history up to the lead, the lead now, the baseline's lead)
POSITIONS = [
    # Hearts are trump and the makers hold three tricks: the king of spades leads for the march, not the jack.
    (
        100011,
        "3:order 3:partner 2:discard:TS 3:JH 0:TH 1:QH 2:9H 3:JD 0:9C 1:AH 2:KH 3:AC 0:9S 1:9D 2:TC",
        "play:KS",
        "play:JS",
    ),
    # Spades are trump and the defenders hold two tricks: the king of diamonds leads for the euchre, not the ten.
    (
        200008,
        "2:order 2:partner 1:discard:TC 2:JS 3:TS 0:KS 1:9S 2:AH 3:9H 0:9C 1:AS 1:AD 2:TH 3:QC 0:9D",
        "play:KD",
        "play:TD",
    ),
    # Spades are trump and the makers hold three tricks: the queen of clubs leads for the march, not the nine.
    (
        300023,
        "2:pass 3:order 3:partner 1:discard:TH 2:9H 3:TS 0:QH 1:AH 3:JS 0:9D 1:QS 2:9S 3:JC 0:JD 1:AS 2:TD",
        "play:QC",
        "play:9C",
    ),
]


@pytest.mark.parametrize(("seed", "history", "now", "baseline"), POSITIONS)
def test_a_hand_of_one_suit_leads_its_highest_card(seed: int, history: str, now: str, baseline: str) -> None:
    game = bowers.Game("standard", seed=seed)
    run(game, history)
    seat = game.to_act
    assert seat is not None
    observation = game.observation(seat)
    assert create("heuristic", seed=0).act(observation) == now
    assert create("heuristic", seed=0, version=1).act(observation) == baseline
