"""Players that choose actions from what a seat can see: a thin door onto the bots registry.

A player gets only an observation (``Game.observation(seat)``), never the
game itself, so it cannot look at hidden cards.  ``RandomPlayer`` is the
``random`` bot (``bowers.bots.create("random")``) under the name ``simulate``
has always used, with ``choose`` as another name for ``act``.

>>> RandomPlayer(seed=1).choose({"legal_actions": ["pass"]})
'pass'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bowers.bots.random_bot import RandomBot


class RandomPlayer(RandomBot):
    """The random bot: picks uniformly among the legal actions; a baseline and a test opponent."""

    def choose(self, observation: Mapping[str, Any]) -> str:
        """One of ``observation["legal_actions"]``, each equally likely (the same as ``act``)."""
        return self.act(observation)
