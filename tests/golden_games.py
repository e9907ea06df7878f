"""How the golden records were made: one seeded game per variant, seeded random legal choices."""

from __future__ import annotations

import random
from typing import Any

from bowers.game import Game

GOLDEN_SEEDS = {
    "standard": (101, {}),
    "two-hand": (102, {}),
    "british": (103, {"defend_alone": True}),
    "railroad": (104, {"draw": True}),
    "railroad-6": (105, {}),
    "ultimate": (106, {}),
    "bid": (107, {}),
    "bid-railroad": (109, {}),
    "standard-reneges": (108, {"reneges": True}),
}


def golden_game(key: str) -> dict[str, Any]:
    """Play the golden game called ``key`` and return its record."""
    seed, options = GOLDEN_SEEDS[key]
    game = Game(key.removesuffix("-reneges"), seed=seed, **options)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply_id(rng.choice(game.legal_action_ids()))
    return game.record()
