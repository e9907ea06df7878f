"""What the page is told about the last trick: who took it, also when it ended the hand."""

from __future__ import annotations

import random

import pytest

import bowers
from bowers.observation import SPECTATOR, build_hand_summary
from bowers.server.views import last_trick_winner


@pytest.mark.parametrize("variant", bowers.variants())
def test_the_winner_of_a_hands_last_trick_is_named(variant: str) -> None:
    checked = 0
    for seed in range(6):
        game = bowers.Game(variant, seed=seed)
        rng = random.Random(seed)
        while not game.results:
            before = list(game.hand.tricks_won)
            actions = [action for action in game.legal_actions() if action != "claim-renege"]
            game.apply(rng.choice(actions), seat=game.to_act)
        result = game.results[0]
        if result["misdeal"] or not any(result["tricks"]):
            continue
        # The seat whose count rose with the hand's last card took the last trick.
        taken = [seat for seat, (was, now) in enumerate(zip(before, result["tricks"], strict=True)) if now > was]
        summary = build_hand_summary(game, 0, SPECTATOR)
        assert last_trick_winner(summary) == (taken[0] if len(taken) == 1 else None)
        checked += 1
    assert checked > 0
