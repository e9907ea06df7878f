"""The random bot: a uniform choice among the legal actions, the baseline every other bot must beat."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bowers.bots.base import register
from bowers.errors import OptionError


class RandomBot:
    """Picks uniformly at random among the legal actions of an observation."""

    name = "random"

    def __init__(self, seed: int | None = None, **settings: Any) -> None:
        if settings:
            unknown = sorted(settings)[0]
            raise OptionError(f"the random bot has no setting {unknown!r}; it has no settings", unknown, ())
        self._rng = random.Random(seed)

    def act(self, observation: Mapping[str, Any]) -> str:
        """One of ``observation["legal_actions"]``, each equally likely."""
        legal = observation.get("legal_actions") or []
        if not legal:
            raise ValueError("no legal actions in this observation: it is not this seat's turn")
        return str(self._rng.choice(list(legal)))


register("random", RandomBot)
