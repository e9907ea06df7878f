"""The decisions of the bots as first released, kept so that their baseline settings stay runnable.

Each case is one hand of self-play from a fixed seed: every seat is the bot
named, with the settings below plus the baseline settings of that bot, and no
time budget (so the seed fixes every choice).  ``record()`` writes the file;
the test replays each hand and checks every decision is the same.

    python -m tests.bots.baseline_decisions   # rewrite tests/bots/data/baseline_decisions.json
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import bowers
from bowers.bots import create

PATH = Path(__file__).parent / "data" / "baseline_decisions.json"

# (variant, bot, settings, seed): small enough to replay in a few seconds, varied enough to reach each rule path.
CASES: tuple[tuple[str, str, dict[str, Any], int], ...] = tuple(
    (variant, bot, settings, seed)
    for variant in ("standard", "two-hand", "railroad", "ultimate", "bid", "bid-railroad")
    for bot, settings, seeds in (
        ("heuristic", {}, (1, 2, 3, 4)),
        ("pimc", {"samples": 6, "time_budget": 0}, (5, 6)),
    )
    for seed in seeds
)


def play_hand(variant: str, bot: str, settings: dict[str, Any], seed: int, baseline: dict[str, Any]) -> list[str]:
    """Every action of one hand of self-play, from the deal to the hand's end."""
    game = bowers.Game(variant, seed=seed)
    players = [create(bot, seed=seed * 10 + seat, **settings, **baseline) for seat in range(game.rules.players)]
    actions: list[str] = []
    while game.hand_number == 0 and not game.is_over:
        seat = game.to_act
        assert seat is not None
        action = players[seat].act(game.observation(seat))
        game.apply(action)
        actions.append(action)
    return actions


def record() -> None:
    """Write the decisions of today's bots (with no baseline settings: they are today's defaults)."""
    cases = [
        {"variant": v, "bot": b, "settings": s, "seed": seed, "actions": play_hand(v, b, s, seed, {})}
        for v, b, s, seed in CASES
    ]
    PATH.write_text(json.dumps(cases, indent=1) + "\n")


if __name__ == "__main__":
    record()
