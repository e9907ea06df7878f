"""A trump that may take an opponent's trick is played rather than kept (heuristic version 2): it meets the same
higher trumps now as later, in fewer hands, so it wins now at least as often as it would later."""

from __future__ import annotations

import bowers
from bowers.bots import create
from tests.rules.deals import run


def test_a_defender_trumps_in_to_spoil_the_march() -> None:
    # Diamonds are trump and the makers hold three tricks.  Second to play to the maker's king of hearts, the
    # defender trumps with its king of diamonds, which spoils the march unless an opponent overtrumps, where
    # version 1 threw the jack of spades and kept the king for the last trick.
    game = bowers.Game("standard", seed=300028)
    history = "3:pass 0:order 0:partner 2:discard:9S 3:AH 0:QH 1:9H 2:9D 2:AD 3:9C 0:JD 1:TD 0:AS 1:TS 2:QC 3:QS 0:KH"
    run(game, history)
    assert game.to_act == 1
    observation = game.observation(1)
    assert create("heuristic", seed=0).act(observation) == "play:KD"
    assert create("heuristic", seed=0, version=1).act(observation) == "play:JS"
