"""Reinforcement-learning environments for every bowers variant (needs ``pip install 'bowers[rl]'``).

- ``raw_env(variant, whole_game=False, reward="net", render_mode=None, **options)``
  and ``env(...)``: the PettingZoo AEC environment, one agent per seat.
- ``SingleSeatEnv``: a Gymnasium environment where the learner holds one seat
  and bowers bots the others, registered as ``bowers/<variant>-v0`` on import
  (``gymnasium.make("bowers/railroad-v0", opponents="heuristic")``), where an
  illegal action ends the episode with a penalty (``illegal_action="penalty"``),
  as Gymnasium's tools, which sample actions without the mask, need.

Both observe through ``bowers.encoding`` (see docs/rl.md).
"""

from __future__ import annotations

import gymnasium

from bowers.env.gymnasium_env import SingleSeatEnv, flat_hand_result
from bowers.env.pettingzoo_env import BowersAECEnv, agent_name, env, raw_env
from bowers.variants import variants

ENTRY_POINT = "bowers.env.gymnasium_env:SingleSeatEnv"


def gymnasium_id(variant: str) -> str:
    """The Gymnasium id of a variant: ``bowers/<variant>-v0``."""
    return f"bowers/{variant}-v0"


def register_gymnasium() -> None:
    """Register ``bowers/<variant>-v0`` for every variant (idempotent), illegal actions penalised rather than raised."""
    for name in variants():
        if gymnasium_id(name) not in gymnasium.registry:
            kwargs = {"variant": name, "illegal_action": "penalty"}
            gymnasium.register(id=gymnasium_id(name), entry_point=ENTRY_POINT, kwargs=kwargs)


register_gymnasium()

__all__ = [
    "BowersAECEnv",
    "SingleSeatEnv",
    "agent_name",
    "env",
    "flat_hand_result",
    "gymnasium_id",
    "raw_env",
    "register_gymnasium",
]
