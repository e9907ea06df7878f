"""The self-play loop the play-decision benchmarks share (blunders, ties, paired plays): a hand played to its end,
every play decision with a choice handed to the benchmark before its card is played."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import bowers

PLAY = "play:"


@dataclass(frozen=True)
class PlayDecision:
    """A play decision of a self-play hand, before its card is played."""

    seat: int
    observation: Mapping[str, Any]
    """The seat's own observation."""
    index: int
    """The action's index in the hand's history."""
    action: str
    """What the seat chose."""


def play_decisions(game: bowers.Game, choose: Callable[[int, Mapping[str, Any], int], str]) -> Iterator[PlayDecision]:
    """Play ``game``'s hand to its end, each action ``choose(seat, observation, index)``, yielding every play
    decision with more than one legal play (a card, or the suit a led Joker names) before its card is played."""
    index = 0
    while not game.results:
        seat = game.to_act
        assert seat is not None
        observation = game.observation(seat)
        action = choose(seat, observation, index)
        if observation["phase"] == "play" and sum(a.startswith(PLAY) for a in observation["legal_actions"]) > 1:
            yield PlayDecision(seat, observation, index, action)
        game.apply(action, seat=seat)
        index += 1
