"""Random full-information positions of every variant, and plain exhaustive minimax over the engine itself."""

from __future__ import annotations

import random
from typing import Any

import bowers
from bowers.hand import Hand

# Variant and options of each family the solver must handle.
CASES: list[tuple[str, dict[str, Any]]] = [
    ("standard", {}),
    ("standard", {"deck": 25, "defend_alone": True}),
    ("standard", {"deck": 32}),
    ("two-hand", {}),
    ("british", {}),
    ("railroad", {}),
    ("railroad-6", {}),
    ("ultimate", {}),
    ("bid", {}),
]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    """A readable test id of a case."""
    name, options = case
    return name + "".join(f"-{key}={value}" for key, value in sorted(options.items()))


def play_phase_game(
    variant: str, seed: int, plays: int, prefer: tuple[str, ...] = (), **options: Any
) -> bowers.Game | None:
    """A game in its play phase after random legal bidding and ``plays`` random card plays (None if the hand ended first).

    During the bidding an action starting with one of ``prefer`` is chosen whenever one is legal.
    """
    rng = random.Random(f"{variant}:{seed}:{plays}")
    game = bowers.Game(variant, seed=seed, **options)
    for _ in range(200):
        if game.phase == "play":
            break
        legal = game.legal_actions()
        preferred = [action for action in legal if action.startswith(prefer)] if prefer else []
        game.apply(rng.choice(preferred or legal))
    else:
        return None
    if game.phase != "play":
        return None
    hand_number = game.hand_number
    for _ in range(plays):
        ids = [i for i in game.legal_action_ids() if game.space.names[i] != "claim-renege"]
        game.apply_id(rng.choice(ids))
        if game.hand_number != hand_number or game.phase != "play":
            return None
    return game


def exhaustive(hand: Hand, team: int) -> dict[str, int]:
    """Plain minimax over engine ``Hand`` copies: each legal play and the further tricks ``team`` then takes."""
    names = hand.space.names
    start = sum(count for seat, count in enumerate(hand.tricks_won) if seat % hand.rules.teams == team)
    out = {}
    for action in hand.legal_ids():
        if names[action] == "claim-renege":
            continue
        child = hand.copy()
        child.apply_id(action)
        out[names[action]] = _minimax(child, team) - start
    return out


def _minimax(hand: Hand, team: int) -> int:
    teams = hand.rules.teams
    if hand.phase_name != "play":
        return sum(count for seat, count in enumerate(hand.tricks_won) if seat % teams == team)
    names = hand.space.names
    results = []
    for action in hand.legal_ids():
        if names[action] == "claim-renege":
            continue
        child = hand.copy()
        child.apply_id(action)
        results.append(_minimax(child, team))
    assert hand.to_act is not None
    return max(results) if hand.to_act % teams == team else min(results)
