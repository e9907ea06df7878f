"""Players that choose actions from what a seat can see.

A player gets only an observation (``Game.observation(seat)``), never the
game itself, so it cannot look at hidden cards.

>>> RandomPlayer(seed=1).choose({"legal_actions": ["pass"]})
'pass'
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any


class RandomPlayer:
    """Picks uniformly at random among the legal actions of an observation; a baseline and a test opponent."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Mapping[str, Any]) -> str:
        """One of ``observation["legal_actions"]``, each equally likely."""
        legal = observation["legal_actions"]
        if not legal:
            raise ValueError("no legal actions in this observation: it is not this seat's turn")
        return self._rng.choice(list(legal))
