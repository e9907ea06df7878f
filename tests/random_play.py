"""Games of random legal play, shared by the tests that need a game in some played-out state."""

from __future__ import annotations

import random
from typing import Any

from bowers import Game


def played(variant: str, seed: int, actions: int | None = None, **options: Any) -> Game:
    """A game of random legal play: to its end, or for ``actions`` actions."""
    game = Game(variant, seed=seed, **options)
    rng = random.Random(seed)
    count = 0
    while not game.is_over and (actions is None or count < actions):
        game.apply_id(rng.choice(game.legal_action_ids()))
        count += 1
    return game
