"""Reinforcement-learning environments for every bowers variant (needs ``pip install 'bowers[rl]'``).

- ``raw_env(variant, whole_game=False, reward="net", render_mode=None, **options)``
  and ``env(...)``: the PettingZoo AEC environment, one agent per seat.
- ``SingleSeatEnv``: a Gymnasium environment where the learner holds one seat
  and bowers bots the others, registered as ``bowers/<variant>-v1`` on import
  (``gymnasium.make("bowers/railroad-v1", opponents="heuristic")``), where an
  illegal action ends the episode with a penalty (``illegal_action="penalty"``),
  as Gymnasium's tools, which sample actions without the mask, need.
  A hand in which the learner has no decision is a one-step episode whose
  only legal action is ``CONTINUE`` (id 0).

Both observe through ``bowers.encoding`` (see docs/rl.md).
"""

from __future__ import annotations

import gymnasium

from bowers.env.gymnasium_env import CONTINUE, SingleSeatEnv, flat_hand_result
from bowers.env.pettingzoo_env import BowersAECEnv, agent_name, env, raw_env
from bowers.variants import variants

ENTRY_POINT = "bowers.env.gymnasium_env:SingleSeatEnv"


def gymnasium_id(variant: str) -> str:
    """The Gymnasium id of a variant: ``bowers/<variant>-v1``."""
    return f"bowers/{variant}-v1"


def register_gymnasium() -> None:
    """Register ``bowers/<variant>-v1`` for every variant (idempotent), illegal actions penalised rather than raised."""
    for name in variants():
        if gymnasium_id(name) not in gymnasium.registry:
            kwargs = {"variant": name, "illegal_action": "penalty"}
            gymnasium.register(id=gymnasium_id(name), entry_point=ENTRY_POINT, kwargs=kwargs)


register_gymnasium()

__all__ = [
    "CONTINUE",
    "BowersAECEnv",
    "SingleSeatEnv",
    "agent_name",
    "env",
    "flat_hand_result",
    "gymnasium_id",
    "raw_env",
    "register_gymnasium",
]
